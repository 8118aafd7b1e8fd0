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
 * One endpoint as the client calls it: its name, number, method, path (relative to the base path
 * `/flow`, Hono-style `:param`) and the schema of its 200 answer. Exported one by one so that a bundle
 * holds only the endpoints (and the schemas) it calls.
 */
export interface WireEndpoint {
  /** Its name in the catalogue (the call log's and the errors' `endpoint`). */
  readonly name: string;
  /** Its number in the catalogue table of spec/endpoints.md. */
  readonly n: number;
  readonly method: HttpMethod;
  readonly path: string;
  readonly response: z.ZodMiniType;
}

/**
 * An endpoint with the schemas of what it is sent, as the catalogue (`endpoints`) holds it: they
 * validate requests in the emulator (a 400 naming the field) and type the client's input; the
 * extension sends what its types allow and ships none of them. `query` schemas take the wire form
 * (strings) and coerce; GET and DELETE carry a query, POST a body, never both.
 */
export interface EndpointDef extends WireEndpoint {
  readonly params?: z.ZodMiniType;
  readonly query?: z.ZodMiniType;
  readonly body?: z.ZodMiniType;
}

export const listMembers = { name: 'listMembers', n: 1, method: 'GET', path: '/members', response: MembersResponse } as const satisfies WireEndpoint;
export const listIdentities = { name: 'listIdentities', n: 2, method: 'GET', path: '/identities', response: IdentitiesResponse } as const satisfies WireEndpoint;
export const listAudiences = { name: 'listAudiences', n: 3, method: 'GET', path: '/audiences', response: AudiencesResponse } as const satisfies WireEndpoint;
export const createAudience = {
  name: 'createAudience',
  n: 4,
  method: 'POST',
  path: '/audiences/create',
  response: AudienceResponse,
} as const satisfies WireEndpoint;
export const importAudience = { name: 'importAudience', n: 5, method: 'POST', path: '/audiences', response: MessageResponse } as const satisfies WireEndpoint;
export const getAudience = {
  name: 'getAudience',
  n: 6,
  method: 'GET',
  path: '/audiences/:audienceId/detail',
  response: AudienceDetailResponse,
} as const satisfies WireEndpoint;
export const listAudienceLeads = {
  name: 'listAudienceLeads',
  n: 7,
  method: 'GET',
  path: '/audiences/:audienceId/leads',
  response: AudienceLeadsResponse,
} as const satisfies WireEndpoint;
export const createLead = { name: 'createLead', n: 8, method: 'POST', path: '/leads', response: CreateLeadResponse } as const satisfies WireEndpoint;
export const searchLeads = { name: 'searchLeads', n: 9, method: 'GET', path: '/leads/search', response: LeadSearchResponse } as const satisfies WireEndpoint;
export const updateLeadStatus = {
  name: 'updateLeadStatus',
  n: 10,
  method: 'POST',
  path: '/leads/status',
  response: LeadStatusResponse,
} as const satisfies WireEndpoint;
export const removeLeadFromAudience = {
  name: 'removeLeadFromAudience',
  n: 11,
  method: 'POST',
  path: '/leads/removefromaudience',
  response: StatusOnlyResponse,
} as const satisfies WireEndpoint;
export const listLeadLogs = {
  name: 'listLeadLogs',
  n: 12,
  method: 'GET',
  path: '/leads/:leadId/logs',
  response: LeadLogsResponse,
} as const satisfies WireEndpoint;
export const listLeadConversations = {
  name: 'listLeadConversations',
  n: 13,
  method: 'GET',
  path: '/leads/:leadId/conversations',
  response: LeadConversationsResponse,
} as const satisfies WireEndpoint;
export const enrichLead = { name: 'enrichLead', n: 14, method: 'POST', path: '/leads/enrich', response: EnrichResponse } as const satisfies WireEndpoint;
export const getEnrichStatus = {
  name: 'getEnrichStatus',
  n: 15,
  method: 'GET',
  path: '/leads/enrich/:enrichRequestId',
  response: EnrichStatusResponse,
} as const satisfies WireEndpoint;
export const getCredits = { name: 'getCredits', n: 16, method: 'GET', path: '/credits', response: CreditsResponse } as const satisfies WireEndpoint;
export const listCampaigns = {
  name: 'listCampaigns',
  n: 17,
  method: 'GET',
  path: '/campaigns',
  response: CampaignListResponse,
} as const satisfies WireEndpoint;
export const getCampaign = {
  name: 'getCampaign',
  n: 18,
  method: 'GET',
  path: '/campaigns/:campaignId',
  response: CampaignResponse,
} as const satisfies WireEndpoint;
export const getCampaignStats = {
  name: 'getCampaignStats',
  n: 19,
  method: 'GET',
  path: '/campaigns/:campaignId/stats',
  response: CampaignStatsResponse,
} as const satisfies WireEndpoint;
export const listCampaignStatsLeads = {
  name: 'listCampaignStatsLeads',
  n: 20,
  method: 'GET',
  path: '/campaigns/:campaignId/statsleads',
  response: StatsLeadsResponse,
} as const satisfies WireEndpoint;
export const listCampaignMessages = {
  name: 'listCampaignMessages',
  n: 21,
  method: 'GET',
  path: '/campaigns/:campaignId/messages',
  response: CampaignMessagesResponse,
} as const satisfies WireEndpoint;
export const updateCampaignSettings = {
  name: 'updateCampaignSettings',
  n: 22,
  method: 'POST',
  path: '/campaigns/:campaignId/settings',
  response: CampaignSettingsResponse,
} as const satisfies WireEndpoint;
export const searchConversations = {
  name: 'searchConversations',
  n: 23,
  method: 'GET',
  path: '/conversations/search',
  response: ConversationSearchResponse,
} as const satisfies WireEndpoint;
export const listConversationMessages = {
  name: 'listConversationMessages',
  n: 24,
  method: 'GET',
  path: '/conversations/:conversationId/messages',
  response: ConversationMessagesResponse,
} as const satisfies WireEndpoint;
export const updateNote = {
  name: 'updateNote',
  n: 25,
  method: 'POST',
  path: '/inbox/conversations/note',
  response: NoteResponse,
} as const satisfies WireEndpoint;
export const archiveConversation = {
  name: 'archiveConversation',
  n: 26,
  method: 'POST',
  path: '/inbox/conversations/archive',
  response: ConversationActionResponse,
} as const satisfies WireEndpoint;
export const unarchiveConversation = {
  name: 'unarchiveConversation',
  n: 27,
  method: 'POST',
  path: '/inbox/conversations/unarchive',
  response: ConversationActionResponse,
} as const satisfies WireEndpoint;
export const snoozeConversation = {
  name: 'snoozeConversation',
  n: 28,
  method: 'POST',
  path: '/inbox/conversations/snooze',
  response: ConversationActionResponse,
} as const satisfies WireEndpoint;
export const unsnoozeConversation = {
  name: 'unsnoozeConversation',
  n: 29,
  method: 'POST',
  path: '/inbox/conversations/unsnooze',
  response: ConversationActionResponse,
} as const satisfies WireEndpoint;
export const sendPronetMessage = {
  name: 'sendPronetMessage',
  n: 30,
  method: 'POST',
  path: '/inbox/pronet',
  response: SentMessageResponse,
} as const satisfies WireEndpoint;
export const sendEmail = { name: 'sendEmail', n: 31, method: 'POST', path: '/inbox/email', response: SentMessageResponse } as const satisfies WireEndpoint;
export const listInboxWebhooks = { name: 'listInboxWebhooks', n: 32, method: 'GET', path: '/inboxWebhooks', response: InboxWebhooksResponse } as const satisfies WireEndpoint;
export const createInboxWebhook = {
  name: 'createInboxWebhook',
  n: 33,
  method: 'POST',
  path: '/inboxWebhooks',
  response: CreateInboxWebhookResponse,
} as const satisfies WireEndpoint;
// `DELETE /inboxWebhooks/:id` is accepted too (an alias the emulator serves); the client uses this one.
export const deleteInboxWebhook = {
  name: 'deleteInboxWebhook',
  n: 34,
  method: 'DELETE',
  path: '/inbox/:id',
  response: DeleteInboxWebhookResponse,
} as const satisfies WireEndpoint;
export const pushVisitorsTrackerA = {
  name: 'pushVisitorsTrackerA',
  n: 35,
  method: 'POST',
  path: '/leads/visitors/trackerA/:audienceName',
  response: VisitorsResponse,
} as const satisfies WireEndpoint;
export const pushVisitorsTrackerB = {
  name: 'pushVisitorsTrackerB',
  n: 36,
  method: 'POST',
  path: '/leads/visitors/trackerB/:audienceName',
  response: VisitorsResponse,
} as const satisfies WireEndpoint;
export const pushVisitorsTrackerC = {
  name: 'pushVisitorsTrackerC',
  n: 37,
  method: 'POST',
  path: '/leads/visitors/trackerC/:audienceName',
  response: VisitorsResponse,
} as const satisfies WireEndpoint;
export const searchCrm = { name: 'searchCrm', n: 38, method: 'POST', path: '/crm/search', response: CrmSearchResponse } as const satisfies WireEndpoint;
export const listCrmIntegrations = { name: 'listCrmIntegrations', n: 39, method: 'GET', path: '/crm/integrations', response: CrmIntegrationsResponse } as const satisfies WireEndpoint;

/** An endpoint with the schemas of its request. (A spread at top level would keep every endpoint in every bundle.) */
/* #__NO_SIDE_EFFECTS__ */
function withRequest<E extends WireEndpoint, R extends Pick<EndpointDef, 'params' | 'query' | 'body'>>(endpoint: E, request: R): E & R {
  return { ...endpoint, ...request };
}

/** The whole catalogue with the request schemas, for the emulator and the tests; shipped code imports the endpoints it calls. */
export const endpoints = {
  listMembers,
  listIdentities,
  listAudiences,
  createAudience: withRequest(createAudience, { body: CreateAudienceRequest }),
  importAudience: withRequest(importAudience, { body: ImportAudienceRequest }),
  getAudience: withRequest(getAudience, { params: AudienceParams }),
  listAudienceLeads: withRequest(listAudienceLeads, { params: AudienceParams, query: SkipLimitQuery }),
  createLead: withRequest(createLead, { body: CreateLeadRequest }),
  searchLeads: withRequest(searchLeads, { query: LeadSearchQuery }),
  updateLeadStatus: withRequest(updateLeadStatus, { body: LeadStatusRequest }),
  removeLeadFromAudience: withRequest(removeLeadFromAudience, { body: RemoveFromAudienceRequest }),
  listLeadLogs: withRequest(listLeadLogs, { params: LeadParams, query: LeadLogsQuery }),
  listLeadConversations: withRequest(listLeadConversations, { params: LeadParams, query: LeadConversationsQuery }),
  enrichLead: withRequest(enrichLead, { body: EnrichRequest }),
  getEnrichStatus: withRequest(getEnrichStatus, { params: EnrichStatusParams }),
  getCredits,
  listCampaigns: withRequest(listCampaigns, { query: CampaignListQuery }),
  getCampaign: withRequest(getCampaign, { params: CampaignParams }),
  getCampaignStats: withRequest(getCampaignStats, { params: CampaignParams }),
  listCampaignStatsLeads: withRequest(listCampaignStatsLeads, { params: CampaignParams, query: StatsLeadsQuery }),
  listCampaignMessages: withRequest(listCampaignMessages, { params: CampaignParams }),
  updateCampaignSettings: withRequest(updateCampaignSettings, { params: CampaignParams, body: CampaignSettingsUpdate }),
  searchConversations: withRequest(searchConversations, { query: ConversationSearchQuery }),
  listConversationMessages: withRequest(listConversationMessages, { params: ConversationParams, query: ConversationMessagesQuery }),
  updateNote: withRequest(updateNote, { body: NoteRequest }),
  archiveConversation: withRequest(archiveConversation, { body: ConversationTarget }),
  unarchiveConversation: withRequest(unarchiveConversation, { body: ConversationTarget }),
  snoozeConversation: withRequest(snoozeConversation, { body: SnoozeRequest }),
  unsnoozeConversation: withRequest(unsnoozeConversation, { body: ConversationTarget }),
  sendPronetMessage: withRequest(sendPronetMessage, { body: SendPronetRequest }),
  sendEmail: withRequest(sendEmail, { body: SendEmailRequest }),
  listInboxWebhooks,
  createInboxWebhook: withRequest(createInboxWebhook, { body: CreateInboxWebhookRequest }),
  deleteInboxWebhook: withRequest(deleteInboxWebhook, { params: WebhookParams }),
  pushVisitorsTrackerA: withRequest(pushVisitorsTrackerA, { params: VisitorParams, body: TrackerAPayload }),
  pushVisitorsTrackerB: withRequest(pushVisitorsTrackerB, { params: VisitorParams, body: TrackerBPayload }),
  pushVisitorsTrackerC: withRequest(pushVisitorsTrackerC, { params: VisitorParams, body: TrackerCPayload }),
  searchCrm: withRequest(searchCrm, { body: CrmSearchRequest }),
  listCrmIntegrations,
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

// Pure: a bundle that never lists the catalogue leaves it out.
export const endpointNames = /* @__PURE__ */ Object.keys(endpoints) as EndpointName[];

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

/** One of the catalogue's endpoints, as the client calls it. */
export type Endpoint<N extends EndpointName = EndpointName> = WireEndpoint & { readonly name: N };

/** Path parameter names of a Hono-style path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
}
