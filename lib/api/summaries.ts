import type { EndpointName, EndpointResponse } from './endpoints';
import type { SummaryKind } from './summary-kinds';

// One short summary per successful call for the call log, kept as data (a kind and its counts) so
// that each page words it in the user's language. Counts and outcomes only: never a note's text, a
// message body, an email address or the key.

/** What a call did, by kind: `n` and `of` are counts, `flag` a yes/no the kind names. */
export interface CallSummary {
  kind: SummaryKind;
  n?: number;
  of?: number;
  flag?: boolean;
}

export { SUMMARY_KINDS, type SummaryKind } from './summary-kinds';

const ENRICH_KIND = { pending: 'enrichPending', enriched: 'enrichDone', completed: 'enrichDone', failed: 'enrichFailed', not_found: 'enrichNotFound' } as const;

type Summaries = { [N in EndpointName]: (res: EndpointResponse<N>) => CallSummary };

const summaries: Summaries = {
  listMembers: (r) => ({ kind: 'members', n: r.length }),
  listIdentities: (r) => ({ kind: 'identities', n: r.identities.length }),
  listAudiences: (r) => ({ kind: 'audiences', n: r.audiences.length }),
  createAudience: () => ({ kind: 'audienceCreated' }),
  importAudience: () => ({ kind: 'audienceImportStarted' }),
  getAudience: (r) => ({ kind: 'audienceSize', n: r.data.size }),
  listAudienceLeads: (r) => ({ kind: 'leadsOf', n: r.data.length, of: r.total }),
  createLead: () => ({ kind: 'leadSaved' }),
  searchLeads: (r) => ('lead' in r ? { kind: 'leadFound' } : { kind: 'leadsFound', n: r.leads.length, flag: r.tooManyResults === true }),
  updateLeadStatus: (r) => ({ kind: 'leadCampaignsUpdated', n: r.logs.filter((l) => l.leadUpdated).length, of: r.logs.length }),
  removeLeadFromAudience: () => ({ kind: 'leadRemoved' }),
  listLeadLogs: (r) => ({ kind: 'leadLogs', n: r.data.length, of: r.total }),
  listLeadConversations: (r) => ({ kind: 'conversations', n: r.data.length }),
  enrichLead: (r) => ({ kind: 'enrichRequested', n: r.creditsSpent }),
  getEnrichStatus: (r) => ({ kind: ENRICH_KIND[r.status] }),
  getCredits: (r) => ({ kind: 'credits', n: r.credits.total }),
  listCampaigns: (r) => ({ kind: 'campaigns', n: r.campaigns.length, of: r.total }),
  getCampaign: () => ({ kind: 'campaignFound' }),
  getCampaignStats: () => ({ kind: 'campaignStats' }),
  listCampaignStatsLeads: (r) => ({ kind: 'leadsOf', n: r.leads.length, of: r.count }),
  listCampaignMessages: (r) => ({ kind: 'messageTemplates', n: r.data.length }),
  updateCampaignSettings: () => ({ kind: 'settingsUpdated' }),
  searchConversations: (r) => ({ kind: 'conversations', n: r.data.length }),
  listConversationMessages: (r) => ({ kind: 'messages', n: r.data.length, of: r.total }),
  updateNote: (r) => ({ kind: 'noteSaved', n: r.data.noteLength, flag: r.data.truncated }),
  archiveConversation: () => ({ kind: 'conversationArchived' }),
  unarchiveConversation: () => ({ kind: 'conversationUnarchived' }),
  snoozeConversation: () => ({ kind: 'conversationSnoozed' }),
  unsnoozeConversation: () => ({ kind: 'conversationUnsnoozed' }),
  sendPronetMessage: () => ({ kind: 'pronetMessageSent' }),
  sendEmail: () => ({ kind: 'emailSent' }),
  listInboxWebhooks: (r) => ({ kind: 'webhooks', n: r.length }),
  createInboxWebhook: () => ({ kind: 'webhookCreated' }),
  deleteInboxWebhook: () => ({ kind: 'webhookDeleted' }),
  pushVisitorsTrackerA: (r) => ({ kind: 'visitorsPushed', n: r.created, of: r.merged }),
  pushVisitorsTrackerB: (r) => ({ kind: 'visitorsPushed', n: r.created, of: r.merged }),
  pushVisitorsTrackerC: (r) => ({ kind: 'visitorsPushed', n: r.created, of: r.merged }),
  searchCrm: (r) => ({ kind: 'crmRecords', n: r.results.length }),
  // n: how many of the two CRMs are connected.
  listCrmIntegrations: (r) => ({ kind: 'crmIntegrations', n: Number(r.crmA.connected) + Number(r.crmB.connected), of: 2 }),
};

/** What a successful call did, as data. */
export function callSummary<N extends EndpointName>(name: N, response: EndpointResponse<N>): CallSummary {
  return (summaries[name] as (r: EndpointResponse<N>) => CallSummary)(response);
}

/**
 * Why a call failed, as data for the call log: worded by each page in the user's language, except a
 * refusal's `message`, which is the service's own text (the key redacted, bounded). `path` is the
 * field of an unexpected answer (`''`: the body was no JSON); it names a field, never a value.
 */
export type CallFailure =
  | { kind: 'timeout' }
  | { kind: 'network' }
  | { kind: 'cancelled' }
  | { kind: 'unexpectedResponse'; path: string }
  | { kind: 'refused'; message: string };

export const FAILURE_KINDS = ['timeout', 'network', 'cancelled', 'unexpectedResponse', 'refused'] as const satisfies readonly CallFailure['kind'][];

/** The catalogue message that words a failure and what goes in it; null for a refusal (the service's words). */
export function failureMessage(f: CallFailure): { key: string; args: string[] } | null {
  switch (f.kind) {
    case 'refused':
      return null;
    case 'unexpectedResponse':
      return f.path === '' ? { key: 'callFailure_unexpectedBody', args: [] } : { key: 'callFailure_unexpectedResponse', args: [f.path] };
    default:
      return { key: `callFailure_${f.kind}`, args: [] };
  }
}

const FLAG_KEYS: Partial<Record<SummaryKind, string>> = { leadsFound: 'callSummaryMoreMatched', noteSaved: 'callSummaryTruncated' };

/**
 * The catalogue messages that word a summary: `callSummary_<kind>` (its `_one` form when `locale`'s
 * plural rules make the count singular and the catalogue `has` it), the counts to put in, and the
 * message of its flag when set.
 */
export function summaryMessage(s: CallSummary, locale: string, has: (key: string) => boolean): { key: string; counts: number[]; flagKey: string | null } {
  const base = `callSummary_${s.kind}`;
  const one = `${base}_one`;
  const singular = s.n !== undefined && new Intl.PluralRules(locale).select(s.n) === 'one' && has(one);
  return {
    key: singular ? one : base,
    counts: [s.n, s.of].filter((x) => x !== undefined),
    flagKey: s.flag ? (FLAG_KEYS[s.kind] ?? null) : null,
  };
}
