/**
 * Find by name (issue 13): what a lead found by a name search is, next to the profile on screen.
 * The search looks for the words the user sent (first name, last name, company: the page's text
 * only suggests them); each match says what differs from them and from the profile, so the user
 * sees why it is only a possible match before linking it. Pure.
 */
import type { Lead } from '../api/schemas';
import { canonicalProfileUrl } from '../pronet/canonical-url';
import type { PossibleMatchView } from '../views';

export interface NameQuery {
  firstname: string;
  lastname: string;
  companyName: string;
}

/** Case, accents and spacing aside: "José  Núñez" and "jose nunez" are one name. */
export function sameWords(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (s: string | null | undefined) =>
    (s ?? '').normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) === norm(b);
}

/**
 * What differs between a lead and the search and profile: `name`, `company` (from the words sent),
 * `url` (the lead has another profile's URL) or `no-url` (it has none: linking it is safe, and the
 * URL can be set on the service).
 */
export function matchDifferences(lead: Lead, query: NameQuery, profileUrl: string | null): PossibleMatchView['differs'] {
  const differs: PossibleMatchView['differs'] = [];
  if (!sameWords(`${lead.firstname ?? ''} ${lead.lastname ?? ''}`, `${query.firstname} ${query.lastname}`)) differs.push('name');
  if (!sameWords(lead.companyName, query.companyName)) differs.push('company');
  if (!lead.pronetUrl) differs.push('no-url');
  else if (profileUrl === null || canonicalProfileUrl(lead.pronetUrl) !== profileUrl) differs.push('url');
  return differs;
}

export function possibleMatch(lead: Lead, query: NameQuery, profileUrl: string | null): PossibleMatchView {
  const name = [lead.firstname, lead.lastname].filter((s) => s && s.trim() !== '').join(' ');
  return {
    id: lead.id,
    name: name || lead.id,
    company: lead.companyName,
    jobTitle: lead.jobTitle,
    pronetUrl: lead.pronetUrl ?? null,
    createdAt: lead.createdAt,
    differs: matchDifferences(lead, query, profileUrl),
  };
}
