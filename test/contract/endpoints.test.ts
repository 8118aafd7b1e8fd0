// endpoints.md: all 39 endpoints answer 200 in their documented shapes. The lib/api client
// validates every response with the catalogue's zod schema, so a wrong shape fails here.
import { beforeAll, describe, expect, it } from 'vitest';
import { endpointNames, endpoints, type EndpointName } from '../../lib/api/endpoints';
import type { Client } from '../../lib/api/client';
import { advanceClock, clientFor, emulatorNow, freshRateWindow, leadBySlug, proWorkspace, resetEmulator } from './harness';

let client: Client;

beforeAll(async () => {
  await resetEmulator('demo');
  client = clientFor(proWorkspace());
});

describe('the 39 endpoints', () => {
  it('the catalogue has one entry per endpoint (35-37 being three)', () => {
    expect(endpointNames).toHaveLength(39);
    expect(new Set(Object.values(endpoints).map((e) => e.n)).size).toBe(39);
  });

  it('every endpoint answers 200 in its documented shape', async () => {
    const called = new Set<EndpointName>();
    const call = async <T>(name: EndpointName, p: Promise<T>): Promise<T> => {
      const r = await p;
      called.add(name);
      return r;
    };
    const members = await call('listMembers', client.members.list());
    const { identities } = await call('listIdentities', client.identities.list());
    const { audiences } = await call('listAudiences', client.audiences.list());
    await call('createAudience', client.audiences.create({ name: 'All endpoints' }));
    await call('importAudience', client.audiences.importFromUrl({ audience: 'Imported', pronetUrl: 'https://www.pronet.example/search/results/people/?k=a', identityId: identities[0]?.id ?? '' }));
    await call('getAudience', client.audiences.detail({ audienceId: audiences[0]?.id ?? '' }));
    await call('listAudienceLeads', client.audiences.leads({ audienceId: audiences[0]?.id ?? '' }));
    const created = await call('createLead', client.leads.create({ audience: 'All endpoints', proEmail: 'all@endpoints.example', firstname: 'All', lastname: 'Endpoints' }));
    await call('searchLeads', client.leads.search({ leadId: created.leadId }));
    const ada = await leadBySlug(client, 'ada-lovelace');
    await call('updateLeadStatus', client.leads.status({ leadId: ada.lead.id, status: 'INTERESTED', campaign: 'all' }));
    await call('removeLeadFromAudience', client.leads.removeFromAudience({ audience: 'All endpoints', email: 'all@endpoints.example' }));
    await call('listLeadLogs', client.leads.logs({ leadId: ada.lead.id }));
    await call('listLeadConversations', client.leads.conversations({ leadId: ada.lead.id }));
    const enrich = await call('enrichLead', client.leads.enrich({ enrichType: 'PRONET_ENRICH', leadId: created.leadId }));
    await call('getEnrichStatus', client.leads.enrichStatus({ enrichRequestId: enrich.enrichRequestId }));
    await call('getCredits', client.credits.get());
    await freshRateWindow();
    const { campaigns } = await call('listCampaigns', client.campaigns.list());
    const campaignId = campaigns[0]?.id ?? '';
    await call('getCampaign', client.campaigns.get({ campaignId }));
    await call('getCampaignStats', client.campaigns.stats({ campaignId }));
    await call('listCampaignStatsLeads', client.campaigns.statsLeads({ campaignId }));
    await call('listCampaignMessages', client.campaigns.messages({ campaignId }));
    await call('updateCampaignSettings', client.campaigns.updateSettings({ campaignId, enrich: true }));
    await call('searchConversations', client.conversations.search({ limit: 5 }));
    const conversationId = ada.conversations[0]?.id ?? '';
    await call('listConversationMessages', client.conversations.messages({ conversationId }));
    await call('updateNote', client.inbox.note({ conversationId, note: 'All endpoints', mode: 'append' }));
    await call('archiveConversation', client.inbox.archive({ conversationId }));
    await call('unarchiveConversation', client.inbox.unarchive({ conversationId }));
    await call('snoozeConversation', client.inbox.snooze({ conversationId, snoozeUntil: (await emulatorNow()) + 3_600_000 }));
    await call('unsnoozeConversation', client.inbox.unsnooze({ conversationId }));
    const identityId = ada.conversations[0]?.identityId ?? '';
    const memberId = members[0]?.id ?? '';
    await call('sendPronetMessage', client.inbox.sendPronet({ identityId, memberId, leadId: ada.lead.id, message: 'Hi' }));
    await call('sendEmail', client.inbox.sendEmail({ identityId, memberId, leadId: ada.lead.id, subject: 'Hi', message: { text: 'Hi' } }));
    const hook = await call('createInboxWebhook', client.inboxWebhooks.create({ url: 'http://127.0.0.1:9/hook' }));
    await call('listInboxWebhooks', client.inboxWebhooks.list());
    await call('deleteInboxWebhook', client.inboxWebhooks.delete({ id: hook.id }));
    await freshRateWindow();
    await call('pushVisitorsTrackerA', client.visitors.trackerA({ audienceName: 'Visitors', visitors: [{ email: 'a@visit.example' }] }));
    await call('pushVisitorsTrackerB', client.visitors.trackerB({ audienceName: 'Visitors', event: 'visitor.identified', occurred_at: 1, person: { email: 'b@visit.example' } }));
    await call('pushVisitorsTrackerC', client.visitors.trackerC({ audienceName: 'Visitors', site: 's', records: [{ full_name: 'C D', work_email: 'c@visit.example' }] }));
    await call('searchCrm', client.crm.search({ email: ada.lead.proEmail ?? '' }));
    await call('listCrmIntegrations', client.crm.integrations());
    await advanceClock(60_000);
    expect([...called].sort()).toEqual([...endpointNames].sort());
  });
});
