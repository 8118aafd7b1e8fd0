/**
 * One real 200 body per endpoint of the catalogue, taken from the emulator's demo seed run in
 * process (no socket): the shapes the fuzzer mutates are the ones the service sends, with their
 * optional and nullable fields filled where the demo fills them.
 */
import { createClient } from '../../../lib/api/client';
import { endpointNames, type EndpointName } from '../../../lib/api/endpoints';
import { createApp } from '../../../emulator/app';
import { EmulatorCore } from '../../../emulator/core';
import { buildSeed } from '../../../emulator/seed/index';
import { oneLead } from '../../../lib/api/lead-search';

/** A fixed instant: the demo seed is deterministic for a given clock, so the samples are too. */
export const SAMPLE_NOW = Date.UTC(2025, 2, 12, 10, 0, 0);

/** Longer arrays are cut to this many items: the first item carries the shape, the rest cost time. */
const MAX_ITEMS = 2;

function trimArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(trimArrays);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimArrays(v)]));
  }
  return value;
}

export async function captureSamples(): Promise<Map<EndpointName, unknown>> {
  const core = new EmulatorCore({
    seed: 'demo',
    buildSeed,
    realNow: () => SAMPLE_NOW,
    // Nothing scheduled ever runs and nothing leaves the process.
    timers: { setTimeout: () => 0, clearTimeout: () => undefined },
    fetch: () => Promise.reject(new Error('no network in samples')),
    random: () => 0.5,
  });
  core.faults = { rateLimit: { calls: 10_000, windowMs: 1 } };
  const app = createApp(core);
  const bodies = new Map<EndpointName, unknown>();
  /** The wire body of the last answer (not the client's parsed output: the fuzzer mutates the wire). */
  let lastBody: unknown;
  const pro = core.workspaceList().find((w) => w.name === 'demo-pro');
  if (!pro) throw new Error('the demo seed has no demo-pro workspace');
  const client = createClient({
    baseUrl: 'http://127.0.0.1/flow',
    apiKey: pro.apiKey,
    fetch: async (input, init) => {
      const res = await app.fetch(new Request(String(input), init));
      lastBody = JSON.parse(await res.clone().text()) as unknown;
      return res;
    },
    retry: { maxAttempts: 1 },
    now: () => SAMPLE_NOW,
  });
  // Every call goes through the typed client, so a sample is also a body the client accepts.
  const take = async <T>(name: EndpointName, call: Promise<T>): Promise<T> => {
    const value = await call;
    bodies.set(name, lastBody);
    return value;
  };
  try {
    const members = await take('listMembers', client.members.list());
    const { identities } = await take('listIdentities', client.identities.list());
    const { audiences } = await take('listAudiences', client.audiences.list());
    await take('createAudience', client.audiences.create({ name: 'Fuzz samples' }));
    await take(
      'importAudience',
      client.audiences.importFromUrl({
        audience: 'Imported',
        pronetUrl: 'https://www.pronet.example/search/results/people/?k=a',
        identityId: identities[0]?.id ?? '',
      }),
    );
    await take('getAudience', client.audiences.detail({ audienceId: audiences[0]?.id ?? '' }));
    await take('listAudienceLeads', client.audiences.leads({ audienceId: audiences[0]?.id ?? '' }));
    const created = await take(
      'createLead',
      client.leads.create({ audience: 'Fuzz samples', proEmail: 'fuzz@samples.example', firstname: 'Fuzz', lastname: 'Samples' }),
    );
    const { lead: ada } = oneLead(await take('searchLeads', client.leads.search({ pronetUrl: 'https://www.pronet.example/in/ada-lovelace/' })));
    await take('updateLeadStatus', client.leads.status({ leadId: ada.id, status: 'INTERESTED', campaign: 'all' }));
    await take('removeLeadFromAudience', client.leads.removeFromAudience({ audience: 'Fuzz samples', email: 'fuzz@samples.example' }));
    await take('listLeadLogs', client.leads.logs({ leadId: ada.id }));
    const { data: conversations } = await take('listLeadConversations', client.leads.conversations({ leadId: ada.id }));
    const enrich = await take('enrichLead', client.leads.enrich({ enrichType: 'PRONET_ENRICH', leadId: created.leadId }));
    await take('getEnrichStatus', client.leads.enrichStatus({ enrichRequestId: enrich.enrichRequestId }));
    await take('getCredits', client.credits.get());
    const { campaigns } = await take('listCampaigns', client.campaigns.list());
    const campaignId = campaigns[0]?.id ?? '';
    await take('getCampaign', client.campaigns.get({ campaignId }));
    await take('getCampaignStats', client.campaigns.stats({ campaignId }));
    await take('listCampaignStatsLeads', client.campaigns.statsLeads({ campaignId }));
    await take('listCampaignMessages', client.campaigns.messages({ campaignId }));
    await take('updateCampaignSettings', client.campaigns.updateSettings({ campaignId, enrich: true }));
    await take('searchConversations', client.conversations.search({ limit: 5 }));
    const conversationId = conversations[0]?.id ?? '';
    await take('listConversationMessages', client.conversations.messages({ conversationId }));
    await take('updateNote', client.inbox.note({ conversationId, note: 'Fuzz samples', mode: 'append' }));
    await take('archiveConversation', client.inbox.archive({ conversationId }));
    await take('unarchiveConversation', client.inbox.unarchive({ conversationId }));
    await take('snoozeConversation', client.inbox.snooze({ conversationId, snoozeUntil: SAMPLE_NOW + 3_600_000 }));
    await take('unsnoozeConversation', client.inbox.unsnooze({ conversationId }));
    const identityId = conversations[0]?.identityId ?? '';
    const memberId = members[0]?.id ?? '';
    await take('sendPronetMessage', client.inbox.sendPronet({ identityId, memberId, leadId: ada.id, message: 'Hi' }));
    await take('sendEmail', client.inbox.sendEmail({ identityId, memberId, leadId: ada.id, subject: 'Hi', message: { text: 'Hi' } }));
    const hook = await take('createInboxWebhook', client.inboxWebhooks.create({ url: 'http://127.0.0.1:9/hook' }));
    await take('listInboxWebhooks', client.inboxWebhooks.list());
    await take('deleteInboxWebhook', client.inboxWebhooks.delete({ id: hook.id }));
    await take('pushVisitorsTrackerA', client.visitors.trackerA({ audienceName: 'Visitors', visitors: [{ email: 'a@visit.example' }] }));
    await take(
      'pushVisitorsTrackerB',
      client.visitors.trackerB({ audienceName: 'Visitors', event: 'visitor.identified', occurred_at: 1, person: { email: 'b@visit.example' } }),
    );
    await take(
      'pushVisitorsTrackerC',
      client.visitors.trackerC({ audienceName: 'Visitors', site: 's', records: [{ full_name: 'C D', work_email: 'c@visit.example' }] }),
    );
    await take('searchCrm', client.crm.search({ email: ada.proEmail ?? '' }));
    await take('listCrmIntegrations', client.crm.integrations());
  } finally {
    core.close();
  }
  const missing = endpointNames.filter((n) => !bodies.has(n));
  if (missing.length > 0) throw new Error(`no sample for ${missing.join(', ')}`);
  return new Map([...bodies].map(([name, body]) => [name, trimArrays(body)]));
}
