import { z } from 'zod/mini';
import { CampaignId, EpochMs, Int, StatusCode, atLeastOneOf, idString, queryInt } from './common';
import { EngagementStats } from './engagement-stats';

/**
 * Campaign status values known to this code. READY and PAUSED are the spec's; RUNNING and
 * COMPLETED are ours (the emulator needs a campaign in neither state to exercise the settings
 * rules). Responses keep `status` an open string so an unseen value of the real service parses.
 */
export const CampaignStatus = z.enum(['READY', 'PAUSED', 'RUNNING', 'COMPLETED']);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

/** Campaign channel values seen in the spec; the field stays an open string list. */
export const CAMPAIGN_CHANNELS_SEEN = ['PLATFORM', 'MAILBOX'] as const;

export const Campaign = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  createdAt: EpochMs,
  modifiedAt: EpochMs,
  launchedAt: EpochMs,
  userId: z.string(),
  status: z.string(),
  audienceName: z.string(),
  audienceSize: Int,
  channels: z.array(z.string()),
  identityId: z.string(),
  identityFirstname: z.string(),
  identityLastname: z.string(),
  converted: Int,
  activated: Int,
  crmA: z.boolean(),
  crmB: z.boolean(),
  enrich: z.boolean(),
  autoRescheduleOutOfOffice: z.boolean(),
  ignoreEmojiOnlyReply: z.boolean(),
});
export type Campaign = z.infer<typeof Campaign>;

/** Campaign lead stats item (spec §2). "Nullable, type unspecified" text fields are string|null; dates number|string|null. */
const NullableText = z.nullable(z.string());
const NullableDate = z.nullable(z.union([z.number(), z.string()]));

export const LeadStatsItem = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  pronetUrl: z.string(),
  companyName: NullableText,
  companyUrl: NullableText,
  phone: NullableText,
  jobTitle: NullableText,
  profilePicture: NullableText,
  note: NullableText,
  gender: NullableText,
  industry: NullableText,
  acceptationDate: NullableDate,
  /** Value seen: STARTED. */
  status: z.string(),
  /** Value seen: NOT_SENT. */
  relationStatus: z.string(),
  pronet_relation_status: z.string(),
  replied: Int,
  /** A combination of TO_REVIEW, TO_CALL, TO_QUALIFY. */
  action_todo: z.string(),
  email_sent: Int,
  email_opened: Int,
  email_clicked: Int,
  email_replied: Int,
  pronet_visit: Int,
  pronet_dm_sent: Int,
  pronet_audio_sent: Int,
  pronet_replied: Int,
  microblog_posted: Int,
  microblog_reposted: Int,
  microblog_favourited: Int,
  microblog_followed: Int,
  microblog_unfollowed: Int,
  microblog_dm_sent: Int,
  post_sent: Int,
  /** Value seen: COMPLETED_WITHOUT_REPLY. */
  tag: z.string(),
  outOfOfficeReturnDate: NullableDate,
  outOfOfficeNextActionDate: NullableDate,
});
export type LeadStatsItem = z.infer<typeof LeadStatsItem>;

/** Campaign message template (spec §2). `type` values seen INITIAL, FOLLOW_UP; channel EMAIL, PRONET, MICROBLOG "and others". */
export const MessageTemplate = z.object({
  id: z.string(),
  type: z.string(),
  channel: z.string(),
  contentHtml: z.string(),
  subjectHtml: z.string(),
  order: Int.check(z.nonnegative()),
  active: z.boolean(),
});
export type MessageTemplate = z.infer<typeof MessageTemplate>;

// ---- Settings ------------------------------------------------------------------------------

/** The eight updatable settings, in the spec's order. */
export const CAMPAIGN_SETTING_KEYS = [
  'name',
  'audienceId',
  'enrich',
  'autoRescheduleOutOfOffice',
  'crmA',
  'crmB',
  'skipAlreadyContacted',
  'ignoreEmojiOnlyReply',
] as const;
export type CampaignSettingKey = (typeof CAMPAIGN_SETTING_KEYS)[number];

const settingsShape = {
  name: z.string().check(z.trim(), z.minLength(1, { message: 'name must not be empty' })),
  audienceId: idString('audienceId'),
  enrich: z.boolean({ message: 'enrich must be a boolean' }),
  autoRescheduleOutOfOffice: z.boolean({ message: 'autoRescheduleOutOfOffice must be a boolean' }),
  crmA: z.boolean({ message: 'crmA must be a boolean' }),
  crmB: z.boolean({ message: 'crmB must be a boolean' }),
  skipAlreadyContacted: z.boolean({ message: 'skipAlreadyContacted must be a boolean' }),
  ignoreEmojiOnlyReply: z.boolean({ message: 'ignoreEmojiOnlyReply must be a boolean' }),
};

/** All eight settings of a campaign, as the settings update answers them. */
export const CampaignSettings = z.object({
  name: z.string(),
  audienceId: z.string(),
  enrich: z.boolean(),
  autoRescheduleOutOfOffice: z.boolean(),
  crmA: z.boolean(),
  crmB: z.boolean(),
  skipAlreadyContacted: z.boolean(),
  ignoreEmojiOnlyReply: z.boolean(),
});
export type CampaignSettings = z.infer<typeof CampaignSettings>;

/** Body of POST /campaigns/:campaignId/settings: any of the eight, at least one. */
export const CampaignSettingsUpdate = z
  .strictObject({
    name: z.optional(settingsShape.name),
    audienceId: z.optional(settingsShape.audienceId),
    enrich: z.optional(settingsShape.enrich),
    autoRescheduleOutOfOffice: z.optional(settingsShape.autoRescheduleOutOfOffice),
    crmA: z.optional(settingsShape.crmA),
    crmB: z.optional(settingsShape.crmB),
    skipAlreadyContacted: z.optional(settingsShape.skipAlreadyContacted),
    ignoreEmojiOnlyReply: z.optional(settingsShape.ignoreEmojiOnlyReply),
  })
  .check(z.refine(...atLeastOneOf(CAMPAIGN_SETTING_KEYS, 'a settings update')));
export type CampaignSettingsUpdate = z.infer<typeof CampaignSettingsUpdate>;

// ---- Requests and responses ----------------------------------------------------------------

export const CampaignParams = z.object({ campaignId: CampaignId });

/** GET /campaigns: `skip` >= 0 (default 0), `limit` 1..25 (default 25). */
export const CAMPAIGNS_PAGE_MAX = 25;
/** The campaign statuses the list filters by (spec/real-clients.md #20), with ours. */
export const CampaignStatusFilter = z.enum(['CANCELED', 'PAUSED', 'READY', 'RUNNING', 'COMPLETED'], {
  message: 'status must be one of CANCELED, PAUSED, READY, RUNNING or COMPLETED',
});

/**
 * `limit` above CAMPAIGNS_PAGE_MAX passes the schema: the standard answer refuses it (400 naming
 * `limit`), the variants dialect answers an empty list (endpoints.md); emulator/routes/campaigns.ts.
 */
export const CampaignListQuery = z.object({
  skip: z._default(queryInt('skip', 0), 0),
  limit: z._default(queryInt('limit', 1), CAMPAIGNS_PAGE_MAX),
  status: z.optional(CampaignStatusFilter),
  /** Campaigns whose name holds this text, any case. */
  search: z.optional(z.string()),
});
export const CampaignListResponse = z.object({
  statusCode: StatusCode,
  campaigns: z.array(Campaign),
  total: Int,
});
export type CampaignListResponse = z.infer<typeof CampaignListResponse>;

export const CampaignResponse = z.object({ statusCode: StatusCode, campaign: Campaign });
export type CampaignResponse = z.infer<typeof CampaignResponse>;

export const CampaignStatsResponse = z.object({ statusCode: StatusCode, engagementStats: EngagementStats });
export type CampaignStatsResponse = z.infer<typeof CampaignStatsResponse>;

/** statsleads pages hold at most 25 leads. */
export const STATS_LEADS_PAGE_SIZE = 25;
export const StatsLeadsQuery = z
  .object({
    getLeadsAfter: z.optional(idString('getLeadsAfter')),
    getLeadsBefore: z.optional(idString('getLeadsBefore')),
  })
  .check(z.refine((q) => q.getLeadsAfter === undefined || q.getLeadsBefore === undefined, {
    message: 'give getLeadsAfter or getLeadsBefore, not both',
    path: ['getLeadsBefore'],
  }));
export const StatsLeadsResponse = z.object({
  statusCode: StatusCode,
  leads: z.array(LeadStatsItem),
  count: Int,
  hasMore: z.boolean(),
  hasLess: z.boolean(),
});
export type StatsLeadsResponse = z.infer<typeof StatsLeadsResponse>;

export const CampaignMessagesResponse = z.object({
  statusCode: StatusCode,
  data: z.array(MessageTemplate),
  total: Int,
});
export type CampaignMessagesResponse = z.infer<typeof CampaignMessagesResponse>;

export const CampaignSettingsResponse = z.object({ statusCode: StatusCode, settings: CampaignSettings });
export type CampaignSettingsResponse = z.infer<typeof CampaignSettingsResponse>;
