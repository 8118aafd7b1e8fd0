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
 * One endpoint of the wire contract, exported one by one so that a bundle holds only the endpoints
 * (and the schemas) it calls; `endpoints` gathers them all. `path` is relative to the base path `/flow`, Hono-style
 * (`:param`). `query` schemas take the wire form (strings) and coerce; GET and DELETE carry a
 * query, POST a body, never both.
 */
export interface EndpointDef {
  /** Its name in the catalogue (the call log's and the errors' `endpoint`). */
  readonly name: string;
  /** Its number in the catalogue table of spec/endpoints.md. */
  readonly n: number;
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodMiniType;
  readonly query?: z.ZodMiniType;
  readonly body?: z.ZodMiniType;
  readonly response: z.ZodMiniType;
}

export const listMembers = { name: 'listMembers', n: 1, method: 'GET', path: '/members', response: MembersResponse } as const satisfies EndpointDef;
export const listIdentities = { name: 'listIdentities', n: 2, method: 'GET', path: '/identities', response: IdentitiesResponse } as const satisfies EndpointDef;
export const listAudiences = { name: 'listAudiences', n: 3, method: 'GET', path: '/audiences', response: AudiencesResponse } as const satisfies EndpointDef;
export const createAudience = {
  name: 'createAudience',
  n: 4,
  method: 'POST',
  path: '/audiences/create',
  body: CreateAudienceRequest,
  response: AudienceResponse,
} as const satisfies EndpointDef;
export const importAudience = { name: 'importAudience', n: 5, method: 'POST', path: '/audiences', body: ImportAudienceRequest, response: MessageResponse } as const satisfies EndpointDef;
export const getAudience = {
  name: 'getAudience',
  n: 6,
  method: 'GET',
  path: '/audiences/:audienceId/detail',
  params: AudienceParams,
  response: AudienceDetailResponse,
} as const satisfies EndpointDef;
export const listAudienceLeads = {
  name: 'listAudienceLeads',
  n: 7,
  method: 'GET',
  path: '/audiences/:audienceId/leads',
  params: AudienceParams,
  query: SkipLimitQuery,
  response: AudienceLeadsResponse,
} as const satisfies EndpointDef;
export const createLead = { name: 'createLead', n: 8, method: 'POST', path: '/leads', body: CreateLeadRequest, response: CreateLeadResponse } as const satisfies EndpointDef;
export const searchLeads = { name: 'searchLeads', n: 9, method: 'GET', path: '/leads/search', query: LeadSearchQuery, response: LeadSearchResponse } as const satisfies EndpointDef;
export const updateLeadStatus = {
  name: 'updateLeadStatus',
  n: 10,
  method: 'POST',
  path: '/leads/status',
  body: LeadStatusRequest,
  response: LeadStatusResponse,
} as const satisfies EndpointDef;
export const removeLeadFromAudience = {
  name: 'removeLeadFromAudience',
  n: 11,
  method: 'POST',
  path: '/leads/removefromaudience',
  body: RemoveFromAudienceRequest,
  response: StatusOnlyResponse,
} as const satisfies EndpointDef;
export const listLeadLogs = {
  name: 'listLeadLogs',
  n: 12,
  method: 'GET',
  path: '/leads/:leadId/logs',
  params: LeadParams,
  query: LeadLogsQuery,
  response: LeadLogsResponse,
} as const satisfies EndpointDef;
export const listLeadConversations = {
  name: 'listLeadConversations',
  n: 13,
  method: 'GET',
  path: '/leads/:leadId/conversations',
  params: LeadParams,
  query: LeadConversationsQuery,
  response: LeadConversationsResponse,
} as const satisfies EndpointDef;
export const enrichLead = { name: 'enrichLead', n: 14, method: 'POST', path: '/leads/enrich', body: EnrichRequest, response: EnrichResponse } as const satisfies EndpointDef;
export const getEnrichStatus = {
  name: 'getEnrichStatus',
  n: 15,
  method: 'GET',
  path: '/leads/enrich/:enrichRequestId',
  params: EnrichStatusParams,
  response: EnrichStatusResponse,
} as const satisfies EndpointDef;
export const getCredits = { name: 'getCredits', n: 16, method: 'GET', path: '/credits', response: CreditsResponse } as const satisfies EndpointDef;
export const listCampaigns = {
  name: 'listCampaigns',
  n: 17,
  method: 'GET',
  path: '/campaigns',
  query: CampaignListQuery,
  response: CampaignListResponse,
} as const satisfies EndpointDef;
export const getCampaign = {
  name: 'getCampaign',
  n: 18,
  method: 'GET',
  path: '/campaigns/:campaignId',
  params: CampaignParams,
  response: CampaignResponse,
} as const satisfies EndpointDef;
export const getCampaignStats = {
  name: 'getCampaignStats',
  n: 19,
  method: 'GET',
  path: '/campaigns/:campaignId/stats',
  params: CampaignParams,
  response: CampaignStatsResponse,
} as const satisfies EndpointDef;
export const listCampaignStatsLeads = {
  name: 'listCampaignStatsLeads',
  n: 20,
  method: 'GET',
  path: '/campaigns/:campaignId/statsleads',
  params: CampaignParams,
  query: StatsLeadsQuery,
  response: StatsLeadsResponse,
} as const satisfies EndpointDef;
export const listCampaignMessages = {
  name: 'listCampaignMessages',
  n: 21,
  method: 'GET',
  path: '/campaigns/:campaignId/messages',
  params: CampaignParams,
  response: CampaignMessagesResponse,
} as const satisfies EndpointDef;
export const updateCampaignSettings = {
  name: 'updateCampaignSettings',
  n: 22,
  method: 'POST',
  path: '/campaigns/:campaignId/settings',
  params: CampaignParams,
  body: CampaignSettingsUpdate,
  response: CampaignSettingsResponse,
} as const satisfies EndpointDef;
export const searchConversations = {
  name: 'searchConversations',
  n: 23,
  method: 'GET',
  path: '/conversations/search',
  query: ConversationSearchQuery,
  response: ConversationSearchResponse,
} as const satisfies EndpointDef;
export const listConversationMessages = {
  name: 'listConversationMessages',
  n: 24,
  method: 'GET',
  path: '/conversations/:conversationId/messages',
  params: ConversationParams,
  query: ConversationMessagesQuery,
  response: ConversationMessagesResponse,
} as const satisfies EndpointDef;
export const updateNote = {
  name: 'updateNote',
  n: 25,
  method: 'POST',
  path: '/inbox/conversations/note',
  body: NoteRequest,
  response: NoteResponse,
} as const satisfies EndpointDef;
export const archiveConversation = {
  name: 'archiveConversation',
  n: 26,
  method: 'POST',
  path: '/inbox/conversations/archive',
  body: ConversationTarget,
  response: ConversationActionResponse,
} as const satisfies EndpointDef;
export const unarchiveConversation = {
  name: 'unarchiveConversation',
  n: 27,
  method: 'POST',
  path: '/inbox/conversations/unarchive',
  body: ConversationTarget,
  response: ConversationActionResponse,
} as const satisfies EndpointDef;
export const snoozeConversation = {
  name: 'snoozeConversation',
  n: 28,
  method: 'POST',
  path: '/inbox/conversations/snooze',
  body: SnoozeRequest,
  response: ConversationActionResponse,
} as const satisfies EndpointDef;
export const unsnoozeConversation = {
  name: 'unsnoozeConversation',
  n: 29,
  method: 'POST',
  path: '/inbox/conversations/unsnooze',
  body: ConversationTarget,
  response: ConversationActionResponse,
} as const satisfies EndpointDef;
export const sendPronetMessage = {
  name: 'sendPronetMessage',
  n: 30,
  method: 'POST',
  path: '/inbox/pronet',
  body: SendPronetRequest,
  response: SentMessageResponse,
} as const satisfies EndpointDef;
export const sendEmail = { name: 'sendEmail', n: 31, method: 'POST', path: '/inbox/email', body: SendEmailRequest, response: SentMessageResponse } as const satisfies EndpointDef;
export const listInboxWebhooks = { name: 'listInboxWebhooks', n: 32, method: 'GET', path: '/inboxWebhooks', response: InboxWebhooksResponse } as const satisfies EndpointDef;
export const createInboxWebhook = {
  name: 'createInboxWebhook',
  n: 33,
  method: 'POST',
  path: '/inboxWebhooks',
  body: CreateInboxWebhookRequest,
  response: CreateInboxWebhookResponse,
} as const satisfies EndpointDef;
// `DELETE /inboxWebhooks/:id` is accepted too (an alias the emulator serves); the client uses this one.
export const deleteInboxWebhook = {
  name: 'deleteInboxWebhook',
  n: 34,
  method: 'DELETE',
  path: '/inbox/:id',
  params: WebhookParams,
  response: DeleteInboxWebhookResponse,
} as const satisfies EndpointDef;
export const pushVisitorsTrackerA = {
  name: 'pushVisitorsTrackerA',
  n: 35,
  method: 'POST',
  path: '/leads/visitors/trackerA/:audienceName',
  params: VisitorParams,
  body: TrackerAPayload,
  response: VisitorsResponse,
} as const satisfies EndpointDef;
export const pushVisitorsTrackerB = {
  name: 'pushVisitorsTrackerB',
  n: 36,
  method: 'POST',
  path: '/leads/visitors/trackerB/:audienceName',
  params: VisitorParams,
  body: TrackerBPayload,
  response: VisitorsResponse,
} as const satisfies EndpointDef;
export const pushVisitorsTrackerC = {
  name: 'pushVisitorsTrackerC',
  n: 37,
  method: 'POST',
  path: '/leads/visitors/trackerC/:audienceName',
  params: VisitorParams,
  body: TrackerCPayload,
  response: VisitorsResponse,
} as const satisfies EndpointDef;
export const searchCrm = { name: 'searchCrm', n: 38, method: 'POST', path: '/crm/search', body: CrmSearchRequest, response: CrmSearchResponse } as const satisfies EndpointDef;
export const listCrmIntegrations = { name: 'listCrmIntegrations', n: 39, method: 'GET', path: '/crm/integrations', response: CrmIntegrationsResponse } as const satisfies EndpointDef;

/** The whole catalogue, for the emulator and the tests; shipped code imports the endpoints it calls. */
export const endpoints = {
  listMembers,
  listIdentities,
  listAudiences,
  createAudience,
  importAudience,
  getAudience,
  listAudienceLeads,
  createLead,
  searchLeads,
  updateLeadStatus,
  removeLeadFromAudience,
  listLeadLogs,
  listLeadConversations,
  enrichLead,
  getEnrichStatus,
  getCredits,
  listCampaigns,
  getCampaign,
  getCampaignStats,
  listCampaignStatsLeads,
  listCampaignMessages,
  updateCampaignSettings,
  searchConversations,
  listConversationMessages,
  updateNote,
  archiveConversation,
  unarchiveConversation,
  snoozeConversation,
  unsnoozeConversation,
  sendPronetMessage,
  sendEmail,
  listInboxWebhooks,
  createInboxWebhook,
  deleteInboxWebhook,
  pushVisitorsTrackerA,
  pushVisitorsTrackerB,
  pushVisitorsTrackerC,
  searchCrm,
  listCrmIntegrations,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

export const endpointNames = Object.keys(endpoints) as EndpointName[];

type SchemaInput<E, K extends string> = E extends { readonly [P in K]: infer S extends z.ZodMiniType } ? z.input<S> : unknown;

/**
 * What a caller gives for endpoint D: its path params, query fields and body fields in one object
 * (no endpoint has both a query and a body, and no body field shares a name with a path param).
 */
export type DefInput<D extends EndpointDef> = SchemaInput<D, 'params'> & SchemaInput<D, 'query'> & SchemaInput<D, 'body'>;

/** The parsed 200 response of endpoint D. */
export type DefResponse<D extends EndpointDef> = z.output<D['response']>;

/** The same, by name in the catalogue. */
export type EndpointInput<N extends EndpointName> = DefInput<Endpoints[N]>;
export type EndpointResponse<N extends EndpointName> = DefResponse<Endpoints[N]>;

/** Path parameter names of a Hono-style path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
}
