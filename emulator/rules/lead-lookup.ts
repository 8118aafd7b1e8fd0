/**
 * Finding the lead a call names by one identifier (endpoints.md: lead status, removal from an
 * audience, the note and the conversation actions): leadId, then email (pro or personal, any
 * case), then pronetUrl (canonicalised as lib/pronet does); only the first one given is used.
 *
 * The lead search (#9) has its own priority, leadId > crmId > pronetUrl > email > name, and may
 * find several leads (`searchLeadsBy`).
 */
import { LEAD_SEARCH_MAX } from '../../lib/api/schemas';
import { canonicalProfileUrl } from '../../lib/pronet/canonical-url';
import { invalid, notFound } from '../domain-error';
import type { LeadRecord } from '../model';
import type { WorkspaceStore } from '../store';

export interface LeadIdentifier {
  leadId?: string;
  email?: string;
  pronetUrl?: string;
}

/** The canonical form of a pronet profile URL; invalid when it is no profile URL. */
export function canonicalPronetUrl(url: string): string {
  const canonical = canonicalProfileUrl(url);
  if (canonical === null) throw invalid('pronetUrl is not a pronet profile URL.');
  return canonical;
}

/**
 * The lead named by the first identifier given; not-found when it matches none, invalid with the
 * sentence `whenNone` when no identifier is given.
 */
export function leadByIdentifier(ws: WorkspaceStore, id: LeadIdentifier, whenNone: string): LeadRecord {
  if (id.leadId !== undefined) {
    const lead = ws.leads.get(id.leadId);
    if (!lead) throw notFound(`No lead matches leadId ${id.leadId}.`);
    return lead;
  }
  if (id.email !== undefined) {
    const lead = ws.leadByEmail(id.email);
    if (!lead) throw notFound('No lead matches this email.');
    return lead;
  }
  if (id.pronetUrl !== undefined) {
    const lead = ws.leadByPronetUrl(canonicalPronetUrl(id.pronetUrl));
    if (!lead) throw notFound('No lead matches this pronetUrl.');
    return lead;
  }
  throw invalid(whenNone);
}

/** What the lead search (#9) is given. */
export interface LeadSearchKeys {
  leadId?: string;
  crmId?: string;
  pronetUrl?: string;
  email?: string;
  firstname?: string;
  lastname?: string;
  companyName?: string;
}

export { LEAD_SEARCH_MAX };

export type LeadSearchHit = { kind: 'one'; lead: LeadRecord } | { kind: 'many'; leads: LeadRecord[]; tooManyResults: boolean };

function hit(found: readonly LeadRecord[]): LeadSearchHit {
  if (found.length === 0) throw notFound('No lead matches this search.');
  if (found.length === 1) return { kind: 'one', lead: found[0]! };
  return { kind: 'many', leads: found.slice(0, LEAD_SEARCH_MAX), tooManyResults: found.length > LEAD_SEARCH_MAX };
}

/**
 * The lead search: only the highest-priority identifier given is used (leadId > crmId > pronetUrl
 * > email > name). One lead, or several when duplicates share the pronetUrl or the email, or when
 * a name search matches more than one; not-found when none.
 */
export function searchLeadsBy(ws: WorkspaceStore, q: LeadSearchKeys): LeadSearchHit {
  if (q.leadId) return hit([ws.leads.get(q.leadId)].filter((l) => l !== undefined));
  if (q.crmId) return hit([ws.leadByCrmId(q.crmId)].filter((l) => l !== undefined));
  if (q.pronetUrl) return hit(ws.leadsByPronet(canonicalPronetUrl(q.pronetUrl)));
  if (q.email) return hit(ws.leadsWithEmail(q.email));
  if (q.firstname && q.lastname && q.companyName) {
    // One more than shown tells whether more matched.
    return hit(ws.leadsByName(q.firstname, q.lastname, q.companyName, LEAD_SEARCH_MAX + 1));
  }
  throw invalid('a lead search needs one of leadId, email, pronetUrl, crmId, or firstname+lastname+companyName');
}
