/**
 * The emulator's in-memory data model: plain JSON-serialisable records, one array per resource,
 * grouped by workspace. Seeds build these; the store indexes them; routes turn them into the
 * wire shapes of spec/endpoints.md. Derived values (audience size, campaign name in a conversation
 * summary, identity names in a campaign) are computed at response time, never stored twice.
 */

import type { EngagementStats, LeadStatsItem, MessageTemplate } from '../lib/api/schemas';

export type Plan = 'STARTER' | 'PRO' | 'BUSINESS';

/** Plans from Pro upward may use the API (spec section 8). */
export const API_PLANS: readonly Plan[] = ['PRO', 'BUSINESS'];

export type ConversationStatus = 'OPEN' | 'SNOOZED' | 'ARCHIVED';
export type LastMessageStatus = 'RECEIVED' | 'SENDING' | 'SENT' | 'SEND_FAILED' | 'INFO';
export type MessageChannel =
  | 'PRONET'
  | 'EMAIL'
  | 'INFO_TEMPLATE_SNOOZE'
  | 'PLATFORM'
  | 'COMMENT'
  | 'MANUAL_TASK'
  | 'AUTO_QUALIFY';

export interface MemberRecord {
  id: string;
  name: string;
  label: string;
  /** Sign-in to the agent tool server (emulator/mcp); never on the wire. Absent in worlds saved before it. */
  email?: string;
  /** The demo password, printed at start like the keys (a local emulator's demo accounts). */
  password?: string;
}

export interface IdentityRecord {
  id: string;
  name: string;
  firstname: string;
  lastname: string;
  companyName: string;
  jobTitle: string;
  pronetConnected: boolean;
  /** Set by POST /identities/{id}/preferences (the agent server's memory of how this identity writes). */
  preferences?: { identityId: string; category: string; key: string; value: string; channel: string | null; updatedAt: number }[];
}

export interface AudienceRecord {
  id: string;
  name: string;
  description: string;
  /** e.g. 'MANUAL', 'PRONET_SEARCH', 'PRONET_POST', 'VISITORS'. */
  type: string;
  sourceUrl: string | null;
  /** An imported audience keeps importing the search's new results (POST /audiences `autoImport`). */
  autoImport?: boolean;
  createdAt: number;
}

export interface LeadRecord {
  id: string;
  firstname: string;
  lastname: string;
  proEmail: string | null;
  persoEmail: string | null;
  /** Always canonical (`canonicalProfileUrl` of lib/pronet), or null. */
  pronetUrl: string | null;
  /** Handle on the microblog network, without '@'. */
  microblog: string | null;
  companyName: string | null;
  companyUrl: string | null;
  jobTitle: string | null;
  phone: string | null;
  location: string | null;
  industry: string | null;
  gender: string | null;
  shortBio: string | null;
  /** Day and month as text, e.g. '10 December'. */
  dateOfBirth: string | null;
  picture: string | null;
  /** Ids of this lead in connected CRMs (lead search by `crmId`). */
  crmIds: { crmA?: string; crmB?: string };
  audienceIds: string[];
  /** Lead status per campaign id (POST /leads/status), e.g. 'STARTED', 'INTERESTED'. */
  statusByCampaign: Record<string, string>;
  /** The status a PAUSED lead had in each campaign, given back by RESUME (rules/lead-status.ts). */
  pausedFrom?: Record<string, string>;
  /** Given by POST /leads (`relationsCount`, `customAttribute1..10`); absent when never given. */
  relationsCount?: number | null;
  customAttributes?: Record<string, string>;
  unsubscribed: boolean;
  createdAt: number;
  modifiedAt: number;
}

export interface ConversationRecord {
  id: string;
  leadId: string;
  identityId: string;
  /** The campaign this conversation came from, if any (its name is read from the campaign). */
  campaignId: string | null;
  audienceId: string | null;
  /** Id of the thread on the channel's side (webhook payload `externalConversationId`). */
  externalConversationId: string;
  /** Stored status; a SNOOZED conversation whose snoozeUntil has passed is OPEN on read. */
  status: ConversationStatus;
  snoozeUntil: number | null;
  /** Kept in step with the newest message; null for a conversation with no message yet. */
  lastMessageAt: number | null;
  lastMessageStatus: LastMessageStatus | null;
  lastMessageType: MessageChannel | null;
  leadReplied: boolean;
  favourite: boolean;
  read: boolean;
  callCompletedAt: number | null;
  note: string | null;
  createdAt: number;
}

export interface MessageRecord {
  id: string;
  conversationId: string;
  direction: 'SENT' | 'RECEIVED';
  channel: MessageChannel;
  status: LastMessageStatus;
  /** Email only; null otherwise. */
  subject: string | null;
  /** May be HTML. */
  content: string;
  createdAt: number;
  /** The member who sent it (SENT only). */
  memberId: string | null;
  attachments: unknown[];
  /** Email copies (`cc`, `bcc` of POST /inbox/email), when given. */
  cc?: string[];
  bcc?: string[];
}

/** Wire shapes reused as records (lib/api/schemas is the one definition of these trees). */
export type MessageTemplateRecord = MessageTemplate;
/** `engagementStats` of GET /campaigns/{id}/stats, without `campaignId` (added on output). */
export type EngagementStatsRecord = Omit<EngagementStats, 'campaignId'>;
export type TemplateStats = EngagementStatsRecord['templates'][number];
/** One item of GET /campaigns/{id}/statsleads (spec section 2, "Campaign lead stats item"). */
export type LeadStatsRecord = LeadStatsItem;

export interface CampaignRecord {
  id: string; // 24-character hex
  name: string;
  description: string;
  language: string;
  createdAt: number;
  modifiedAt: number;
  launchedAt: number;
  userId: string;
  status: string; // READY, PAUSED, RUNNING, ...
  /** audienceName and audienceSize are derived from this audience on output. */
  audienceId: string;
  channels: string[];
  /** identityFirstname and identityLastname are derived from this identity on output. */
  identityId: string;
  converted: number;
  activated: number;
  crmA: boolean;
  crmB: boolean;
  enrich: boolean;
  autoRescheduleOutOfOffice: boolean;
  ignoreEmojiOnlyReply: boolean;
  skipAlreadyContacted: boolean;
  stats: EngagementStatsRecord;
  /** In page order; paged 25 at a time by getLeadsAfter / getLeadsBefore. */
  statsLeads: LeadStatsRecord[];
  templates: MessageTemplateRecord[];
}

export interface WebhookRecord {
  id: string;
  url: string;
  name: string | null;
  /** Empty: every campaign. */
  campaignIds: string[];
  createdAt: number;
  /** Given by the workflow trigger; not part of the documented list item. */
  description?: string;
}

export type EnrichType = 'EMAIL_ENRICH' | 'PRONET_ENRICH' | 'FULL_ENRICH';

export interface EnrichRequestRecord {
  id: string;
  enrichType: EnrichType;
  /** The lead enriched, when known (given by id, or created from firstname/lastname/company). */
  leadId: string | null;
  createdAt: number;
  /** On the emulator clock: pending before, `outcome` from then on. */
  completesAt: number;
  /** Decided when requested; `not_found` when nothing could be found for the lead. */
  outcome: 'completed' | 'not_found';
  creditsSpent: number;
  /** How the caller learns the result (default polling); `webhookUrl` receives it in webhook mode. */
  mode?: 'polling' | 'sync' | 'webhook';
  webhookUrl?: string;
}

export interface LeadLogRecord {
  id: string;
  leadId: string;
  identityId: string | null;
  campaignId: string | null;
  /** e.g. 'STATUS_CHANGED', 'PRONET_MESSAGE_SENT', 'EMAIL_RECEIVED', 'ADDED_TO_AUDIENCE', 'ENRICHED', 'NOTE_UPDATED'. */
  type: string;
  description: string;
  createdAt: number;
}

export interface CrmRecord {
  crm: 'crmA' | 'crmB';
  id: string;
  url: string;
  name: string;
  email: string | null;
  firstname: string | null;
  lastname: string | null;
  companyName: string | null;
  pronetUrl: string | null;
}

export interface WorkspaceData {
  id: string;
  name: string;
  plan: Plan;
  apiKey: string;
  /**
   * The account the workspace belongs to: a key reaches every workspace of its account with the
   * `X-Workspace` header (GET /workspaces lists them). Absent: an account of one workspace.
   */
  accountId?: string;
  /** The plan includes CRM sync (crmA/crmB campaign settings; GET /crm/integrations). */
  crmSync: boolean;
  crm: { crmA: { connected: boolean }; crmB: { connected: boolean }; records: CrmRecord[] };
  credits: { total: number; perishable: number };
  members: MemberRecord[];
  identities: IdentityRecord[];
  audiences: AudienceRecord[];
  campaigns: CampaignRecord[];
  leads: LeadRecord[];
  conversations: ConversationRecord[];
  messages: MessageRecord[];
  webhooks: WebhookRecord[];
  enrichRequests: EnrichRequestRecord[];
  leadLogs: LeadLogRecord[];
}

/** A person on the look-alike pronet site. Exists whether or not any workspace has them as a lead. */
export interface PronetProfile {
  slug: string;
  firstname: string;
  lastname: string;
  headline: string;
  companyName: string;
  location: string;
  about: string;
  /** URL or data: URI; null shows initials. */
  picture: string | null;
}

/** What a seed builds: the whole world the emulator starts from. */
export interface WorldData {
  workspaces: WorkspaceData[];
  profiles: PronetProfile[];
}

export type SeedName = 'demo' | 'empty';

export interface SeedOptions {
  /** Emulator clock at build time (epoch ms): every date in the seed is relative to it. */
  now: number;
  /** Build an extra large workspace with this many leads (benchmarks). */
  leads?: number;
}

export type BuildSeed = (name: SeedName, opts: SeedOptions) => WorldData;

/** One row of the emulator's call history (GET /_emulator/calls, the page at `/`). Never holds the key. */
export interface CallRecord {
  id: number;
  workspaceId: string | null;
  workspaceName: string | null;
  /** Catalogue name (lib/api/endpoints.ts), or null for an unknown route. */
  endpoint: string | null;
  method: string;
  /** Path and query, with any `apikey` parameter removed. */
  path: string;
  status: number;
  ok: boolean;
  summary: string;
  at: number;
}
