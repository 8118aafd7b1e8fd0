/**
 * Leads: create or merge (#8), search (#9), status (#10), remove from audience (#11), logs (#12),
 * conversations (#13).
 */
import type { LeadStatusLog } from '../../lib/api/schemas';
import { notFound } from '../domain-error';
import type { RegisterEndpoint } from '../http/endpoint';
import { leadByIdentifier, searchLeadsBy } from '../rules/lead-lookup';
import { addLeadToAudience, createOrMergeLead, findOrCreateAudience } from '../rules/lead-merge';
import { newId } from '../store';
import { toConversationSummary, toLead, toLeadLog } from '../wire';

/** Recent logs returned with a lead search. */
export const RECENT_LOGS = 5;

const NO_IDENTIFIER = 'Give leadId, email or pronetUrl.';

function names(value: string | string[]): string[] | 'all' {
  if (typeof value === 'string') return value.trim().toLowerCase() === 'all' ? 'all' : [value];
  return value;
}

export function registerLeadRoutes(endpoint: RegisterEndpoint): void {
  endpoint('createLead', ({ ws, body, now }) => {
    const { audience: audienceName, ...fields } = body;
    const audience = findOrCreateAudience(ws, audienceName, 'API', now);
    const { lead, created, filled } = createOrMergeLead(ws, fields, now);
    const added = addLeadToAudience(ws, lead, audience, `Added to audience ${audience.name}`, now);
    const message = created
      ? `Lead created in audience ${audience.name}.`
      : `Lead merged (${filled.length > 0 ? `filled ${filled.join(', ')}` : 'nothing to fill'})${added ? `, added to audience ${audience.name}` : ''}.`;
    return { leadId: lead.id, message };
  });

  endpoint('searchLeads', ({ ws, query }) => {
    const found = searchLeadsBy(ws, query);
    if (found.kind === 'many') return { leads: found.leads.map(toLead), tooManyResults: found.tooManyResults };
    const { lead } = found;
    return { lead: toLead(lead), recentLogs: ws.logsOf(lead.id).slice(0, RECENT_LOGS).map((l) => toLeadLog(ws, l)) };
  });

  endpoint('updateLeadStatus', ({ ws, body, now }) => {
    const lead = leadByIdentifier(ws, body, NO_IDENTIFIER);
    const wanted = names(body.campaign);
    const campaigns =
      wanted === 'all'
        ? ws.data.campaigns.filter((c) => lead.audienceIds.includes(c.audienceId))
        : wanted.map((name) => ws.campaignByName(name) ?? name);
    const logs: LeadStatusLog[] = campaigns.map((c) => {
      if (typeof c === 'string') {
        return { campaign: c, leadStatus: '', leadUpdated: false, reason: 'No campaign has this name.' };
      }
      if (!lead.audienceIds.includes(c.audienceId)) {
        return {
          campaign: c.name,
          leadStatus: lead.statusByCampaign[c.id] ?? '',
          leadUpdated: false,
          reason: 'The lead is not in this campaign.',
        };
      }
      lead.statusByCampaign[c.id] = body.status;
      ws.addLog({
        id: newId('log'),
        leadId: lead.id,
        identityId: c.identityId,
        campaignId: c.id,
        type: 'STATUS_CHANGED',
        description: `Status set to ${body.status}`,
        createdAt: now,
      });
      return { campaign: c.name, leadStatus: body.status, leadUpdated: true, reason: null };
    });
    if (body.status === 'UNSUBSCRIBED' && logs.some((l) => l.leadUpdated)) ws.updateLead(lead, { unsubscribed: true, modifiedAt: now });
    return { logs };
  });

  endpoint('removeLeadFromAudience', ({ ws, body, now }) => {
    const lead = leadByIdentifier(ws, body, NO_IDENTIFIER);
    const wanted = names(body.audience);
    const audiences =
      wanted === 'all'
        ? lead.audienceIds.map((id) => ws.audiences.get(id)).filter((a) => a !== undefined)
        : wanted.map((name) => {
            const a = ws.audienceByName(name);
            if (!a) throw notFound(`No audience named ${name}.`);
            return a;
          });
    for (const a of audiences) {
      if (ws.removeLeadFromAudience(lead, a.id)) {
        ws.addLog({
          id: newId('log'),
          leadId: lead.id,
          identityId: null,
          campaignId: null,
          type: 'REMOVED_FROM_AUDIENCE',
          description: `Removed from audience ${a.name}`,
          createdAt: now,
        });
      }
    }
    return {};
  });

  endpoint('listLeadLogs', ({ ws, params, query }) => {
    if (!ws.leads.has(params.leadId)) throw notFound(`No lead ${params.leadId}.`);
    const logs = ws.logsOf(params.leadId).filter((l) => query.identityId === undefined || l.identityId === query.identityId);
    return { data: logs.slice(query.skip, query.skip + query.limit).map((l) => toLeadLog(ws, l)), total: logs.length };
  });

  endpoint('listLeadConversations', ({ ws, params, query }) => {
    if (!ws.leads.has(params.leadId)) throw notFound(`No lead ${params.leadId}.`);
    const list = ws
      .conversationsOfLead(params.leadId)
      .filter((c) => query.identityId === undefined || c.identityId === query.identityId)
      .sort((a, b) => (b.lastMessageAt ?? -1) - (a.lastMessageAt ?? -1));
    return { data: list.map((c) => toConversationSummary(ws, c)) };
  });
}
