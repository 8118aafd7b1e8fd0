/**
 * The two answers of the lead search (endpoints.md row 9): one lead with its recent logs, or several
 * leads (duplicates of one pronetUrl or email, a name search). Pure helpers over the wire shapes.
 */
import type { Lead, LeadLog, LeadSearchOne, LeadSearchResponse } from './schemas';

export function isSingleLead(res: LeadSearchResponse): res is LeadSearchOne {
  return 'lead' in res;
}

/** Every lead of an answer, whichever its shape. */
export function searchedLeads(res: LeadSearchResponse): Lead[] {
  return isSingleLead(res) ? [res.lead] : res.leads;
}

/** The answer when it names one lead; an error naming how many it found otherwise. */
export function oneLead(res: LeadSearchResponse): LeadSearchOne {
  if (isSingleLead(res)) return res;
  throw new Error(`The lead search found ${res.leads.length} leads${res.tooManyResults ? ' and more' : ''}, not one.`);
}

/** What a lead search found, whichever its shape: the leads, and the recent logs when it was one. */
export interface LeadMatches {
  leads: Lead[];
  /** The one lead's recent logs, most recent first; empty when several leads matched. */
  recentLogs: LeadLog[];
  tooManyResults: boolean;
}

export function leadMatches(res: LeadSearchResponse): LeadMatches {
  return isSingleLead(res)
    ? { leads: [res.lead], recentLogs: res.recentLogs, tooManyResults: false }
    : { leads: res.leads, recentLogs: [], tooManyResults: res.tooManyResults };
}
