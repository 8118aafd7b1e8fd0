/**
 * A person's CRM records (#38), asked the most exact way first: the profile's address, then the
 * email, then name and company. The first way that finds anything is the answer, and it says
 * which way matched (a name match may be a namesake). Ways the person gives no data for cost no
 * call. Pure: the search call is a parameter.
 */

import type { CrmName } from './schemas/crm';

/** The ways a person is asked for, most exact first. */
export const CRM_MATCH_WAYS = ['address', 'email', 'name'] as const;
export type MatchedBy = (typeof CRM_MATCH_WAYS)[number];

export interface CrmHit {
  crm: CrmName;
  id: string;
  url: string;
  name: string;
}

export interface Person {
  pronetUrl?: string | null;
  email?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  companyName?: string | null;
}

export type CrmQuery = { pronetUrl: string } | { email: string } | { firstname: string; lastname: string; companyName: string };

export interface CrmLookup {
  records: CrmHit[];
  /** Null when nothing matched. */
  matchedBy: MatchedBy | null;
  /** The ways asked, in order. */
  tried: MatchedBy[];
  calls: number;
}

const given = (s: string | null | undefined): s is string => s !== null && s !== undefined && s.trim() !== '';

/** The searches to try, in order. */
export function crmQueries(person: Person): { by: MatchedBy; query: CrmQuery }[] {
  const out: { by: MatchedBy; query: CrmQuery }[] = [];
  if (given(person.pronetUrl)) out.push({ by: 'address', query: { pronetUrl: person.pronetUrl } });
  if (given(person.email)) out.push({ by: 'email', query: { email: person.email } });
  if (given(person.firstname) && given(person.lastname) && given(person.companyName))
    out.push({ by: 'name', query: { firstname: person.firstname, lastname: person.lastname, companyName: person.companyName } });
  return out;
}

export async function lookUpCrm(person: Person, search: (q: CrmQuery) => Promise<readonly CrmHit[]>): Promise<CrmLookup> {
  const tried: MatchedBy[] = [];
  for (const { by, query } of crmQueries(person)) {
    const records = await search(query);
    tried.push(by);
    if (records.length > 0) return { records: [...records], matchedBy: by, tried, calls: tried.length };
  }
  return { records: [], matchedBy: null, tried, calls: tried.length };
}
