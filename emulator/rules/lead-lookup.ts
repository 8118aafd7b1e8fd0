/**
 * Finding the lead a call names by one identifier (endpoints.md: lead status, removal from an
 * audience, the note and the conversation actions): leadId, then email (pro or personal, any
 * case), then pronetUrl (canonicalised as lib/pronet does); only the first one given is used.
 *
 * The lead search (#9) has its own priority, leadId > crmId > pronetUrl > email > name, and may
 * find several leads (`searchLeadsBy`).
 */
import { LEAD_SEARCH_MAX } from '../../lib/api/schemas';
import { PRONET_CANONICAL_ORIGIN, canonicalProfileUrl } from '../../lib/pronet/canonical-url';
import { invalid, notFound } from '../domain-error';
import type { LeadRecord } from '../model';
import type { WorkspaceStore } from '../store';

export interface LeadIdentifier {
  leadId?: string;
  email?: string;
  /** The lead status update also names its lead as POST /leads does (spec/real-clients.md #15). */
  proEmail?: string;
  persoEmail?: string;
  pronetUrl?: string;
  microblog?: string;
  firstname?: string;
  lastname?: string;
  companyName?: string;
  companyUrl?: string;
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
  for (const email of [id.proEmail, id.persoEmail]) {
    if (email === undefined) continue;
    const lead = ws.leadByEmail(email);
    if (!lead) throw notFound('No lead matches this email.');
    return lead;
  }
  if (id.pronetUrl !== undefined) {
    const lead = ws.leadByPronetUrl(canonicalPronetUrl(id.pronetUrl));
    if (!lead) throw notFound('No lead matches this pronetUrl.');
    return lead;
  }
  if (id.microblog !== undefined) {
    const handle = id.microblog.trim().replace(/^@/, '').toLowerCase();
    const lead = ws.data.leads.find((l) => l.microblog?.toLowerCase() === handle);
    if (!lead) throw notFound('No lead matches this microblog handle.');
    return lead;
  }
  if (id.firstname && id.lastname && (id.companyName || id.companyUrl)) {
    const lead = leadByNameAndCompany(ws, id.firstname, id.lastname, id.companyName, id.companyUrl);
    if (!lead) throw notFound('No lead matches this name and company.');
    return lead;
  }
  throw invalid(whenNone);
}

const same = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/** The first lead with this first and last name at this company (by name, else by company URL). */
function leadByNameAndCompany(ws: WorkspaceStore, firstname: string, lastname: string, companyName?: string, companyUrl?: string): LeadRecord | undefined {
  return ws.data.leads.find(
    (l) =>
      same(l.firstname, firstname) &&
      same(l.lastname, lastname) &&
      (companyName !== undefined ? same(l.companyName, companyName) : same(l.companyUrl, companyUrl ?? '')),
  );
}

/** What the lead search (#9) is given. */
export interface LeadSearchKeys {
  leadId?: string;
  crmId?: string;
  pronetUrl?: string;
  /** The profile's public identifier: the slug of its URL. */
  pronetPublicId?: string;
  /** The network's member id, which addresses a profile too (`/in/ACoAA.../`). */
  pronetId?: string;
  email?: string;
  firstname?: string;
  lastname?: string;
  companyName?: string;
  companyUrl?: string;
  industry?: string;
  location?: string;
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
 * > pronetPublicId > pronetId > email); without one, the leads holding every descriptive key given
 * (first name, last name, company name or URL, industry, location; any case). One lead, or several
 * when duplicates share the identifier or the description fits more than one; not-found when none.
 */
export function searchLeadsBy(ws: WorkspaceStore, q: LeadSearchKeys): LeadSearchHit {
  if (q.leadId) return hit([ws.leads.get(q.leadId)].filter((l) => l !== undefined));
  if (q.crmId) return hit([ws.leadByCrmId(q.crmId)].filter((l) => l !== undefined));
  if (q.pronetUrl) return hit(ws.leadsByPronet(canonicalPronetUrl(q.pronetUrl)));
  // A profile is addressed by its public id (the slug) or by the member id (`/in/ACoAA.../`).
  const profileId = q.pronetPublicId || q.pronetId;
  if (profileId) return hit(ws.leadsByPronet(canonicalPronetUrl(`${PRONET_CANONICAL_ORIGIN}/in/${encodeURIComponent(profileId.trim())}/`)));
  if (q.email) return hit(ws.leadsWithEmail(q.email));
  const filters = (['firstname', 'lastname', 'companyName', 'companyUrl', 'industry', 'location'] as const).filter((k) => q[k]);
  if (filters.length === 0) throw invalid('a lead search needs at least one key');
  if (q.firstname && q.lastname && filters.length <= 3 && (q.companyName || filters.length === 2)) {
    // The indexed name search, one more than shown telling whether more matched.
    return hit(ws.leadsByName(q.firstname, q.lastname, q.companyName, LEAD_SEARCH_MAX + 1));
  }
  const found: LeadRecord[] = [];
  for (const lead of ws.data.leads) {
    if (found.length > LEAD_SEARCH_MAX) break;
    if (filters.every((k) => same(lead[k], q[k] ?? ''))) found.push(lead);
  }
  return hit(found);
}
