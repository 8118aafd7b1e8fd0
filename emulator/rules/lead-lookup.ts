/**
 * Finding the lead a call names by one identifier (endpoints.md: lead status, removal from an
 * audience, the note and the conversation actions): leadId, then email (pro or personal, any
 * case), then pronetUrl (canonicalised as lib/pronet does); only the first one given is used.
 */
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
