import type { RetryPolicy } from './backoff';
import { DEFAULT_RETRY_POLICY } from './backoff';
import { endpoints, listAudienceLeads, listCampaigns, listCampaignStatsLeads, searchConversations } from './endpoints';
import type { Endpoint, EndpointInput, EndpointName, EndpointResponse } from './endpoints';
import { callEndpoint, defaultHttpConfig, type CallOptions, type CallRecord, type HttpConfig } from './http';
import type { ConnectionGate } from './connections';
import type { RateLimiter } from './rate-limiter';
import type { Campaign, ConversationSearchFilters, ConversationSummary, Lead, LeadStatsItem } from './schemas';
import { AUDIENCE_LEADS_MAX_LIMIT, CAMPAIGNS_PAGE_MAX } from './schemas';

export type { CallOptions, CallRecord } from './http';

export interface ClientOptions {
  /** e.g. 'http://127.0.0.1:8787/flow'; a trailing slash is tolerated. Read before every call, as the key is. */
  baseUrl: string | (() => string);
  /** Read before every attempt, so a changed key applies at once. Sent only as `Authorization: Bearer`. */
  apiKey: string | (() => string | Promise<string>);
  fetch?: typeof fetch;
  /** Each attempt awaits `limiter.acquire`; a 429 calls `limiter.pauseUntil`. */
  limiter?: RateLimiter;
  /** Shared by every client of one background: low-priority calls leave a connection free. */
  connections?: ConnectionGate;
  retry?: Partial<RetryPolicy>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** One record per HTTP attempt, for the call log. */
  onCall?: (record: CallRecord) => void;
  /** Per attempt, body included. */
  timeoutMs?: number;
  /** Clock of the call records and of Retry-After dates. */
  now?: () => number;
}

/** Client method names, grouped by resource, and the endpoint each one calls. */
export const clientMethods = {
  members: { list: 'listMembers' },
  identities: { list: 'listIdentities' },
  audiences: {
    list: 'listAudiences',
    create: 'createAudience',
    importFromUrl: 'importAudience',
    detail: 'getAudience',
    leads: 'listAudienceLeads',
  },
  leads: {
    create: 'createLead',
    search: 'searchLeads',
    status: 'updateLeadStatus',
    removeFromAudience: 'removeLeadFromAudience',
    logs: 'listLeadLogs',
    conversations: 'listLeadConversations',
    enrich: 'enrichLead',
    enrichStatus: 'getEnrichStatus',
  },
  credits: { get: 'getCredits' },
  campaigns: {
    list: 'listCampaigns',
    get: 'getCampaign',
    stats: 'getCampaignStats',
    statsLeads: 'listCampaignStatsLeads',
    messages: 'listCampaignMessages',
    updateSettings: 'updateCampaignSettings',
  },
  conversations: { search: 'searchConversations', messages: 'listConversationMessages' },
  inbox: {
    note: 'updateNote',
    archive: 'archiveConversation',
    unarchive: 'unarchiveConversation',
    snooze: 'snoozeConversation',
    unsnooze: 'unsnoozeConversation',
    sendPronet: 'sendPronetMessage',
    sendEmail: 'sendEmail',
  },
  inboxWebhooks: { list: 'listInboxWebhooks', create: 'createInboxWebhook', delete: 'deleteInboxWebhook' },
  visitors: { trackerA: 'pushVisitorsTrackerA', trackerB: 'pushVisitorsTrackerB', trackerC: 'pushVisitorsTrackerC' },
  crm: { search: 'searchCrm', integrations: 'listCrmIntegrations' },
} as const satisfies Record<string, Record<string, EndpointName>>;

type ClientMethods = typeof clientMethods;

/** Input is optional when every field is. */
export type MethodArgs<N extends EndpointName> =
  Record<never, never> extends EndpointInput<N>
    ? [input?: EndpointInput<N>, options?: CallOptions]
    : [input: EndpointInput<N>, options?: CallOptions];

export type EndpointMethod<N extends EndpointName> = (...args: MethodArgs<N>) => Promise<EndpointResponse<N>>;

/** Calls the endpoint it is given: what a bundle uses to hold only the endpoints it calls. */
export type Caller = <N extends EndpointName>(def: Endpoint<N>, ...args: MethodArgs<N>) => Promise<EndpointResponse<N>>;

type Groups = { [G in keyof ClientMethods]: { [M in keyof ClientMethods[G]]: EndpointMethod<ClientMethods[G][M] & EndpointName> } };

/** Paging helpers: async iterators over every item, page after page. */
interface Paging {
  campaigns: { all(options?: CallOptions): AsyncGenerator<Campaign, void, undefined>;
    allStatsLeads(campaignId: string, options?: CallOptions): AsyncGenerator<LeadStatsItem, void, undefined> };
  conversations: {
    searchAll(filters?: Omit<ConversationSearchFilters, 'searchAfter'>, options?: CallOptions): AsyncGenerator<ConversationSummary, void, undefined>;
  };
  audiences: { allLeads(audienceId: string, options?: CallOptions): AsyncGenerator<Lead, void, undefined> };
}

export type Client = { [G in keyof Groups]: Groups[G] & (G extends keyof Paging ? Paging[G] : unknown) } & {
  /** The same client as a Caller. */
  call: Caller;
};

/** Every conversation `GET /conversations/search` finds, following the cursor page after page. */
/**
 * Every campaign of the workspace, page after page (`GET /campaigns` answers 25 at most, with the
 * `total`): a workspace of 31 showed only the first 25 (issue 34). Each page at the caller's options.
 */
export async function* allCampaigns(call: Caller, options?: CallOptions): AsyncGenerator<Campaign, void, undefined> {
  for (let skip = 0; ; ) {
    const page = await call(listCampaigns, { skip, limit: CAMPAIGNS_PAGE_MAX }, options);
    yield* page.campaigns;
    skip += page.campaigns.length;
    if (page.campaigns.length === 0 || skip >= page.total) return;
  }
}

export async function* searchAllConversations(
  call: Caller,
  filters: Omit<ConversationSearchFilters, 'searchAfter'> = {},
  options?: CallOptions,
): AsyncGenerator<ConversationSummary, void, undefined> {
  for (let cursor: string | undefined; ; ) {
    const page = await call(searchConversations, cursor === undefined ? filters : { ...filters, searchAfter: cursor }, options);
    yield* page.data;
    if (!page.hasMore || page.nextToken === null) return;
    cursor = page.nextToken;
  }
}

/** The rate-limited, retrying, logged call of any endpoint (`http.ts`) with these options. */
export function createCaller(opts: ClientOptions): Caller {
  const { apiKey, baseUrl } = opts;
  const cfg: HttpConfig = defaultHttpConfig({
    baseUrl: typeof baseUrl === 'function' ? baseUrl : () => baseUrl,
    apiKey: typeof apiKey === 'function' ? apiKey : () => apiKey,
    retry: { ...DEFAULT_RETRY_POLICY, ...opts.retry },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(opts.limiter ? { limiter: opts.limiter } : {}),
    ...(opts.connections ? { connections: opts.connections } : {}),
    ...(opts.sleep ? { sleep: opts.sleep } : {}),
    ...(opts.onCall ? { onCall: opts.onCall } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  return (def, ...args) => callEndpoint(cfg, def, args[0], args[1]);
}

export function createClient(opts: ClientOptions): Client {
  const call = createCaller(opts);

  const groups = Object.fromEntries(
    Object.entries(clientMethods).map(([group, methods]) => [
      group,
      Object.fromEntries(
        Object.entries(methods).map(([method, name]) => [
          method,
          (input?: EndpointInput<typeof name>, options?: CallOptions) => call(endpoints[name], ...([input, options] as MethodArgs<typeof name>)),
        ]),
      ),
    ]),
  ) as unknown as Groups;

  const paging: Paging = {
    campaigns: {
      all: (options) => allCampaigns(call, options),
      async *allStatsLeads(campaignId, options) {
        for (let after: string | undefined; ; ) {
          const page = await call(
            listCampaignStatsLeads,
            after === undefined ? { campaignId } : { campaignId, getLeadsAfter: after },
            options,
          );
          yield* page.leads;
          const last = page.leads.at(-1);
          if (!page.hasMore || last === undefined) return;
          after = last.id;
        }
      },
    },
    conversations: {
      searchAll: (filters, options) => searchAllConversations(call, filters, options),
    },
    audiences: {
      async *allLeads(audienceId, options) {
        for (let skip = 0; ; ) {
          const page = await call(listAudienceLeads, { audienceId, skip, limit: AUDIENCE_LEADS_MAX_LIMIT }, options);
          yield* page.data;
          skip += page.data.length;
          if (page.data.length === 0 || skip >= page.total) return;
        }
      },
    },
  };

  return {
    ...groups,
    campaigns: { ...groups.campaigns, ...paging.campaigns },
    conversations: { ...groups.conversations, ...paging.conversations },
    audiences: { ...groups.audiences, ...paging.audiences },
    call,
  };
}
