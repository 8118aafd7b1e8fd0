/**
 * The calls the background makes, adapted from the typed client into the narrow shapes its parts
 * take (resolver, outbox, service), so that those parts can be tested with plain fakes.
 */
import { allCampaigns, searchAllConversations, type Caller } from '../api/client';
import {
  archiveConversation,
  createAudience,
  createLead,
  enrichLead,
  getEnrichStatus,
  getCampaign,
  getCredits,
  listAudiences,
  listCampaignStatsLeads,
  listCrmIntegrations,
  getAudience,
  importAudience,
  listCampaignMessages,
  listConversationMessages,
  listIdentities,
  listLeadConversations,
  listLeadLogs,
  listMembers,
  removeLeadFromAudience,
  searchConversations,
  searchCrm,
  searchLeads,
  sendEmail,
  sendPronetMessage,
  snoozeConversation,
  unarchiveConversation,
  unsnoozeConversation,
  updateLeadStatus,
  updateNote,
} from '../api/endpoints';
import { ApiError } from '../api/errors';
import { leadMatches, type LeadMatches } from '../api/lead-search';
import { CONVERSATION_SEARCH_MAX_LIMIT, type CrmIntegrationsResponse, type CrmSearchRequest, type CrmSearchResult, type StatsLeadsResponse, type Audience, type Campaign, type ConversationSearchFilters, type ConversationSearchResponse, type ConversationSummary, type Credits, type EnrichStatus, type Identity, type Lead, type LeadLog, type Member, type MessageTemplate } from '../api/schemas';
import type { EnrichType } from '../api/enrichment';
import type { OutboxApi, OutboxCallOptions } from './outbox';
import type { ResolveCallOptions, ResolverApi } from './resolver';

export type EnrichInput =
  | { enrichType: EnrichType; leadId: string }
  | { enrichType: EnrichType; pronetUrl: string; firstname: string; lastname: string };

export interface BackgroundApi extends ResolverApi, OutboxApi {
  leadsConversations(leadIds: readonly string[], opts: ResolveCallOptions): Promise<ConversationSummary[]>;
  members(opts: OutboxCallOptions): Promise<Member[]>;
  credits(opts: OutboxCallOptions): Promise<Credits>;
  audiences(opts: OutboxCallOptions): Promise<Audience[]>;
  /** A new, empty audience (`POST /audiences/create`): a write, sent once (`handlers/audience-create.ts`). */
  createAudience(input: { name: string }, opts: OutboxCallOptions): Promise<Audience>;
  /** One audience, its size as it stands (`GET /audiences/{id}/detail`): an import followed. */
  audience(audienceId: string, opts: OutboxCallOptions): Promise<Audience>;
  identities(opts: OutboxCallOptions): Promise<Identity[]>;
  enrich(input: EnrichInput, opts: OutboxCallOptions): Promise<{ enrichRequestId: string; creditsSpent: number }>;
  /** Where an enrichment stands (`GET /leads/enrich/{id}`), with the lead once it is enriched. */
  enrichStatus(enrichRequestId: string, opts: OutboxCallOptions): Promise<{ status: EnrichStatus; lead?: Lead }>;
  /** One page of `GET /conversations/search` (the inbox queue, the toolbar count). */
  searchConversations(filters: ConversationSearchFilters, opts: OutboxCallOptions): Promise<ConversationSearchResponse>;
  /** The lead with this id, or null when there is none (404). */
  leadById(leadId: string, opts: OutboxCallOptions): Promise<Lead | null>;
  /** Every campaign of the workspace, all pages (the queue's campaign filter, "Add to a campaign"). */
  campaigns(opts: OutboxCallOptions): Promise<Campaign[]>;
  /** A campaign's message templates (its sequence): the reply composer's starting points. */
  campaignMessages(campaignId: string, opts: OutboxCallOptions): Promise<MessageTemplate[]>;
  leadLogs(leadId: string, skip: number, limit: number, opts: OutboxCallOptions): Promise<{ data: LeadLog[]; total: number }>;
  /** Which CRMs the workspace has connected (`GET /crm/integrations`). */
  crmIntegrations(opts: OutboxCallOptions): Promise<CrmIntegrationsResponse>;
  /** A person's records in the connected CRMs (`POST /crm/search`). */
  crmSearch(query: CrmSearchRequest, opts: OutboxCallOptions): Promise<CrmSearchResult[]>;
  /** One campaign (`GET /campaigns/{id}`): its name and status. */
  campaign(campaignId: string, opts: OutboxCallOptions): Promise<Campaign>;
  /** A page of 25 of a campaign's lead items, after a lead's id (`GET /campaigns/{id}/statsleads`). */
  campaignStatsLeads(campaignId: string, after: string | null, opts: OutboxCallOptions): Promise<StatsLeadsResponse>;
}

/** `call`: a Caller (`createCaller`, or a client's `call`); the bundle holds only the endpoints named here. */
export function createBackgroundApi(call: Caller): BackgroundApi {
  return {
    async searchLead(query, opts: ResolveCallOptions): Promise<LeadMatches | null> {
      try {
        return leadMatches(await call(searchLeads, query, opts));
      } catch (error) {
        // "No lead matches" is an answer, not a failure.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    leadConversations: async (leadId, opts) => (await call(listLeadConversations, { leadId }, opts)).data,
    async leadsConversations(leadIds, opts) {
      // One search for the whole batch; more than a page of conversations follows the cursor.
      const out: ConversationSummary[] = [];
      for await (const c of searchAllConversations(call, { leadIds: [...leadIds], limit: CONVERSATION_SEARCH_MAX_LIMIT }, opts)) out.push(c);
      return out;
    },
    note: async (conversationId, text, mode, opts) =>
      (await call(updateNote, { conversationId, note: text, mode }, opts)).data,
    async action(kind, conversationId, until, opts): Promise<ConversationSummary> {
      switch (kind) {
        case 'archive':
          return (await call(archiveConversation, { conversationId }, opts)).data;
        case 'unarchive':
          return (await call(unarchiveConversation, { conversationId }, opts)).data;
        case 'unsnooze':
          return (await call(unsnoozeConversation, { conversationId }, opts)).data;
        case 'snooze':
          if (until === undefined) throw new TypeError('snooze needs a date');
          return (await call(snoozeConversation, { conversationId, snoozeUntil: until }, opts)).data;
      }
    },
    leadStatus: async (input, opts) => (await call(updateLeadStatus, input, opts)).logs,
    createLead: async (input, opts) => {
      const res = await call(createLead, input, opts);
      return { leadId: res.leadId, message: res.message };
    },
    removeFromAudience: async (input, opts) => {
      await call(removeLeadFromAudience, input, opts);
    },
    members: (opts) => call(listMembers, undefined, opts),
    credits: async (opts) => (await call(getCredits, undefined, opts)).credits,
    audiences: async (opts) => (await call(listAudiences, undefined, opts)).audiences,
    createAudience: async (input, opts) => (await call(createAudience, input, opts)).audience,
    importAudience: async (input, opts) => {
      await call(importAudience, input, opts);
    },
    audience: async (audienceId, opts) => (await call(getAudience, { audienceId }, opts)).data,
    identities: async (opts) => (await call(listIdentities, undefined, opts)).identities,
    enrich: async (input, opts) => {
      const res = await call(enrichLead, input, opts);
      return { enrichRequestId: res.enrichRequestId, creditsSpent: res.creditsSpent };
    },
    enrichStatus: async (enrichRequestId, opts) => {
      const res = await call(getEnrichStatus, { enrichRequestId }, opts);
      return res.lead ? { status: res.status, lead: res.lead } : { status: res.status };
    },
    searchConversations: (filters, opts) => call(searchConversations, filters, opts),
    async leadById(leadId, opts) {
      try {
        // An id names one lead: the first of the matches.
        return leadMatches(await call(searchLeads, { leadId }, opts)).leads[0] ?? null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    async campaigns(opts) {
      const out: Campaign[] = [];
      for await (const c of allCampaigns(call, opts)) out.push(c);
      return out;
    },
    campaignMessages: async (campaignId, opts) => (await call(listCampaignMessages, { campaignId }, opts)).data,
    leadLogs: async (leadId, skip, limit, opts) => {
      const res = await call(listLeadLogs, { leadId, skip, limit }, opts);
      return { data: res.data, total: res.total };
    },
    crmIntegrations: (opts) => call(listCrmIntegrations, undefined, opts),
    crmSearch: async (query, opts) => (await call(searchCrm, query, opts)).results,
    campaign: async (campaignId, opts) => (await call(getCampaign, { campaignId }, opts)).campaign,
    campaignStatsLeads: (campaignId, after, opts) => call(listCampaignStatsLeads, after === null ? { campaignId } : { campaignId, getLeadsAfter: after }, opts),
    sendPronet: async (input, opts) => ({ messageId: (await call(sendPronetMessage, input, opts)).messageId }),
    sendEmail: async (input, opts) => ({ messageId: (await call(sendEmail, input, opts)).messageId }),
    conversationMessages: async (conversationId, page, opts) => {
      const res = await call(listConversationMessages, { conversationId, page }, opts);
      return { data: res.data, total: res.total };
    },
  };
}
