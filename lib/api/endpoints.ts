import { z } from 'zod/mini';
import {
  AudienceDetailResponse,
  AudienceLeadsResponse,
  AudienceParams,
  AudienceResponse,
  AudiencesResponse,
  CampaignListQuery,
  CampaignListResponse,
  CampaignMessagesResponse,
  CampaignParams,
  CampaignResponse,
  CampaignSettingsResponse,
  CampaignSettingsUpdate,
  CampaignStatsResponse,
  ConversationActionResponse,
  ConversationMessagesQuery,
  ConversationMessagesResponse,
  ConversationParams,
  ConversationSearchQuery,
  ConversationSearchResponse,
  ConversationTarget,
  CreateAudienceRequest,
  CreateInboxWebhookRequest,
  CreateInboxWebhookResponse,
  CreateLeadRequest,
  CreateLeadResponse,
  CreditsResponse,
  CrmIntegrationsResponse,
  CrmSearchRequest,
  CrmSearchResponse,
  DeleteInboxWebhookResponse,
  EnrichRequest,
  EnrichResponse,
  EnrichStatusParams,
  EnrichStatusResponse,
  IdentitiesResponse,
  ImportAudienceRequest,
  InboxWebhooksResponse,
  LeadConversationsQuery,
  LeadConversationsResponse,
  LeadLogsQuery,
  LeadLogsResponse,
  LeadParams,
  LeadSearchQuery,
  LeadSearchResponse,
  LeadStatusRequest,
  LeadStatusResponse,
  MembersResponse,
  MessageResponse,
  NoteRequest,
  NoteResponse,
  RemoveFromAudienceRequest,
  SendEmailRequest,
  SendPronetRequest,
  SentMessageResponse,
  SkipLimitQuery,
  SnoozeRequest,
  StatsLeadsQuery,
  StatsLeadsResponse,
  StatusOnlyResponse,
  TrackerAPayload,
  TrackerBPayload,
  TrackerCPayload,
  VisitorParams,
  VisitorsResponse,
  WebhookParams,
} from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * One endpoint of the wire contract. `path` is relative to the base path `/flow`, Hono-style
 * (`:param`). `query` schemas take the wire form (strings) and coerce; GET and DELETE carry a
 * query, POST a body, never both.
 */
export interface EndpointDef {
  /** Its number in the catalogue table of spec/endpoints.md. */
  readonly n: number;
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodMiniType;
  readonly query?: z.ZodMiniType;
  readonly body?: z.ZodMiniType;
  readonly response: z.ZodMiniType;
}

export const endpoints = {
  listMembers: { n: 1, method: 'GET', path: '/members', response: MembersResponse },
  listIdentities: { n: 2, method: 'GET', path: '/identities', response: IdentitiesResponse },
  listAudiences: { n: 3, method: 'GET', path: '/audiences', response: AudiencesResponse },
  createAudience: {
    n: 4,
    method: 'POST',
    path: '/audiences/create',
    body: CreateAudienceRequest,
    response: AudienceResponse,
  },
  importAudience: { n: 5, method: 'POST', path: '/audiences', body: ImportAudienceRequest, response: MessageResponse },
  getAudience: {
    n: 6,
    method: 'GET',
    path: '/audiences/:audienceId/detail',
    params: AudienceParams,
    response: AudienceDetailResponse,
  },
  listAudienceLeads: {
    n: 7,
    method: 'GET',
    path: '/audiences/:audienceId/leads',
    params: AudienceParams,
    query: SkipLimitQuery,
    response: AudienceLeadsResponse,
  },
  createLead: { n: 8, method: 'POST', path: '/leads', body: CreateLeadRequest, response: CreateLeadResponse },
  searchLeads: { n: 9, method: 'GET', path: '/leads/search', query: LeadSearchQuery, response: LeadSearchResponse },
  updateLeadStatus: {
    n: 10,
    method: 'POST',
    path: '/leads/status',
    body: LeadStatusRequest,
    response: LeadStatusResponse,
  },
  removeLeadFromAudience: {
    n: 11,
    method: 'POST',
    path: '/leads/removefromaudience',
    body: RemoveFromAudienceRequest,
    response: StatusOnlyResponse,
  },
  listLeadLogs: {
    n: 12,
    method: 'GET',
    path: '/leads/:leadId/logs',
    params: LeadParams,
    query: LeadLogsQuery,
    response: LeadLogsResponse,
  },
  listLeadConversations: {
    n: 13,
    method: 'GET',
    path: '/leads/:leadId/conversations',
    params: LeadParams,
    query: LeadConversationsQuery,
    response: LeadConversationsResponse,
  },
  enrichLead: { n: 14, method: 'POST', path: '/leads/enrich', body: EnrichRequest, response: EnrichResponse },
  getEnrichStatus: {
    n: 15,
    method: 'GET',
    path: '/leads/enrich/:enrichRequestId',
    params: EnrichStatusParams,
    response: EnrichStatusResponse,
  },
  getCredits: { n: 16, method: 'GET', path: '/credits', response: CreditsResponse },
  listCampaigns: {
    n: 17,
    method: 'GET',
    path: '/campaigns',
    query: CampaignListQuery,
    response: CampaignListResponse,
  },
  getCampaign: {
    n: 18,
    method: 'GET',
    path: '/campaigns/:campaignId',
    params: CampaignParams,
    response: CampaignResponse,
  },
  getCampaignStats: {
    n: 19,
    method: 'GET',
    path: '/campaigns/:campaignId/stats',
    params: CampaignParams,
    response: CampaignStatsResponse,
  },
  listCampaignStatsLeads: {
    n: 20,
    method: 'GET',
    path: '/campaigns/:campaignId/statsleads',
    params: CampaignParams,
    query: StatsLeadsQuery,
    response: StatsLeadsResponse,
  },
  listCampaignMessages: {
    n: 21,
    method: 'GET',
    path: '/campaigns/:campaignId/messages',
    params: CampaignParams,
    response: CampaignMessagesResponse,
  },
  updateCampaignSettings: {
    n: 22,
    method: 'POST',
    path: '/campaigns/:campaignId/settings',
    params: CampaignParams,
    body: CampaignSettingsUpdate,
    response: CampaignSettingsResponse,
  },
  searchConversations: {
    n: 23,
    method: 'GET',
    path: '/conversations/search',
    query: ConversationSearchQuery,
    response: ConversationSearchResponse,
  },
  listConversationMessages: {
    n: 24,
    method: 'GET',
    path: '/conversations/:conversationId/messages',
    params: ConversationParams,
    query: ConversationMessagesQuery,
    response: ConversationMessagesResponse,
  },
  updateNote: {
    n: 25,
    method: 'POST',
    path: '/inbox/conversations/note',
    body: NoteRequest,
    response: NoteResponse,
  },
  archiveConversation: {
    n: 26,
    method: 'POST',
    path: '/inbox/conversations/archive',
    body: ConversationTarget,
    response: ConversationActionResponse,
  },
  unarchiveConversation: {
    n: 27,
    method: 'POST',
    path: '/inbox/conversations/unarchive',
    body: ConversationTarget,
    response: ConversationActionResponse,
  },
  snoozeConversation: {
    n: 28,
    method: 'POST',
    path: '/inbox/conversations/snooze',
    body: SnoozeRequest,
    response: ConversationActionResponse,
  },
  unsnoozeConversation: {
    n: 29,
    method: 'POST',
    path: '/inbox/conversations/unsnooze',
    body: ConversationTarget,
    response: ConversationActionResponse,
  },
  sendPronetMessage: {
    n: 30,
    method: 'POST',
    path: '/inbox/pronet',
    body: SendPronetRequest,
    response: SentMessageResponse,
  },
  sendEmail: { n: 31, method: 'POST', path: '/inbox/email', body: SendEmailRequest, response: SentMessageResponse },
  listInboxWebhooks: { n: 32, method: 'GET', path: '/inboxWebhooks', response: InboxWebhooksResponse },
  createInboxWebhook: {
    n: 33,
    method: 'POST',
    path: '/inboxWebhooks',
    body: CreateInboxWebhookRequest,
    response: CreateInboxWebhookResponse,
  },
  // `DELETE /inboxWebhooks/:id` is accepted too (an alias the emulator serves); the client uses this one.
  deleteInboxWebhook: {
    n: 34,
    method: 'DELETE',
    path: '/inbox/:id',
    params: WebhookParams,
    response: DeleteInboxWebhookResponse,
  },
  pushVisitorsTrackerA: {
    n: 35,
    method: 'POST',
    path: '/leads/visitors/trackerA/:audienceName',
    params: VisitorParams,
    body: TrackerAPayload,
    response: VisitorsResponse,
  },
  pushVisitorsTrackerB: {
    n: 36,
    method: 'POST',
    path: '/leads/visitors/trackerB/:audienceName',
    params: VisitorParams,
    body: TrackerBPayload,
    response: VisitorsResponse,
  },
  pushVisitorsTrackerC: {
    n: 37,
    method: 'POST',
    path: '/leads/visitors/trackerC/:audienceName',
    params: VisitorParams,
    body: TrackerCPayload,
    response: VisitorsResponse,
  },
  searchCrm: { n: 38, method: 'POST', path: '/crm/search', body: CrmSearchRequest, response: CrmSearchResponse },
  listCrmIntegrations: { n: 39, method: 'GET', path: '/crm/integrations', response: CrmIntegrationsResponse },
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

export const endpointNames = Object.keys(endpoints) as EndpointName[];

type SchemaInput<E, K extends string> = E extends { readonly [P in K]: infer S extends z.ZodMiniType } ? z.input<S> : unknown;

/**
 * What a caller gives for endpoint N: its path params, query fields and body fields in one object
 * (no endpoint has both a query and a body, and no body field shares a name with a path param).
 */
export type EndpointInput<N extends EndpointName> = SchemaInput<Endpoints[N], 'params'> &
  SchemaInput<Endpoints[N], 'query'> &
  SchemaInput<Endpoints[N], 'body'>;

/** The parsed 200 response of endpoint N. */
export type EndpointResponse<N extends EndpointName> = z.output<Endpoints[N]['response']>;

/** Path parameter names of a Hono-style path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
}
