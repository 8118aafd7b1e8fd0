/**
 * Leads: create or merge (#8), search (#9), status (#10), remove from audience (#11), logs (#12),
 * conversations (#13).
 */
import { CUSTOM_ATTRIBUTE_KEYS, type CreateLeadRequest, type LeadStatusLog } from '../../lib/api/schemas';
import { notFound } from '../domain-error';
import type { RegisterEndpoint } from '../http/endpoint';
import { leadByIdentifier, searchLeadsBy } from '../rules/lead-lookup';
import { addLeadToAudience, createOrMergeLead, findOrCreateAudience, type LeadFields } from '../rules/lead-merge';
import { applyStatusChange, statusChange } from '../rules/lead-status';
import { newId } from '../store';
import { toConversationSummary, toLead, toLeadLog } from '../wire';

/** Recent logs returned with a lead search. */
export const RECENT_LOGS = 5;

const NO_IDENTIFIER = 'Give leadId, email, proEmail, persoEmail, pronetUrl, microblog, or firstname, lastname and companyName.';

function names(value: string | string[]): string[] | 'all' {
  if (typeof value === 'string') return value.trim().toLowerCase() === 'all' ? 'all' : [value];
  return value;
}

/** The lead's fields in a POST /leads body, under the names the store keeps them by. */
function leadFields(body: CreateLeadRequest): LeadFields {
  const {
    audience: _audience,
    profilePicture,
    picture,
    bio,
    crm_id: crmId,
    relationsCount,
    ...rest
  } = body;
  const fields: LeadFields = {};
  const customAttributes: Record<string, string> = {};
  for (const [k, v] of Object.entries(rest)) {
    if (v === undefined) continue;
    if ((CUSTOM_ATTRIBUTE_KEYS as readonly string[]).includes(k)) customAttributes[k] = v as string;
    else Object.assign(fields, { [k]: v });
  }
  const pic = picture ?? profilePicture;
  return {
    ...fields,
    ...(pic !== undefined ? { picture: pic } : {}),
    ...(bio !== undefined && bio.trim() !== '' ? { shortBio: bio } : {}),
    ...(crmId !== undefined ? { crmId } : {}),
    ...(relationsCount !== undefined ? { relationsCount } : {}),
    ...(Object.keys(customAttributes).length > 0 ? { customAttributes } : {}),
  };
}

export function registerLeadRoutes(endpoint: RegisterEndpoint): void {
  endpoint('createLead', ({ ws, body, now }) => {
    const { lead, created, filled } = createOrMergeLead(ws, leadFields(body), now);
    // Without an audience (the workflow node leaves it out when empty) the lead is kept in none.
    const audience = body.audience !== undefined ? findOrCreateAudience(ws, body.audience, 'API', now) : undefined;
    const added = audience ? addLeadToAudience(ws, lead, audience, `Added to audience ${audience.name}`, now) : false;
    const where = audience ? ` in audience ${audience.name}` : '';
    const message = created
      ? `Lead created${where}.`
      : `Lead merged (${filled.length > 0 ? `filled ${filled.join(', ')}` : 'nothing to fill'})${added ? `, added to audience ${audience?.name}` : ''}.`;
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
    let unsubscribed: boolean | undefined;
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
      const change = statusChange(lead, c.id, body.status);
      if (!change.updated) return { campaign: c.name, leadStatus: change.status, leadUpdated: false, reason: change.reason };
      applyStatusChange(lead, c.id, change);
      if (change.unsubscribed !== undefined) unsubscribed = change.unsubscribed;
      ws.addLog({
        id: newId('log'),
        leadId: lead.id,
        identityId: c.identityId,
        campaignId: c.id,
        type: 'STATUS_CHANGED',
        description: `Status set to ${change.status}`,
        createdAt: now,
      });
      return { campaign: c.name, leadStatus: change.status, leadUpdated: true, reason: null };
    });
    if (unsubscribed !== undefined && unsubscribed !== lead.unsubscribed) ws.updateLead(lead, { unsubscribed, modifiedAt: now });
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
