/** What a lead panel shows for one tab (the profile's lead, its conversations, what is pending). */
import { z } from 'zod/mini';
import { CONVERSATION_ACTIONS, CONVERSATION_STATUSES } from '../inbox/conversation-state';
import { ErrorReason, ErrorView } from './error';
import { ActivityItemView, LeadChoiceView, QualificationView } from './lead-identity';
import { OutboxItemView } from './outbox';
import { CONTACT_FIELDS, ENRICH_TYPES } from '../api/enrichment';

export const ConversationStatusView = z.enum(CONVERSATION_STATUSES);
export type ConversationStatusView = z.infer<typeof ConversationStatusView>;

/** How the tab's profile was found: `lead-page`, through the public profile link a lead page shows. */
export const ProfileSourceView = z.enum(['lead-page']);
export type ProfileSourceView = z.infer<typeof ProfileSourceView>;

export const LeadView = z.object({
  id: z.string(),
  /** Display name ("First Last"), or the slug when the service knows no name. */
  name: z.string(),
  company: z.nullable(z.string()),
  jobTitle: z.nullable(z.string()),
  /** Canonical profile URL, `https://www.pronet.example/in/<slug>/`. */
  pronetUrl: z.string(),
});
export type LeadView = z.infer<typeof LeadView>;

/** Where a contact detail came from: the lead as the service holds it, or an enrichment asked from here. */
export const ContactView = z.object({
  field: z.enum(CONTACT_FIELDS),
  value: z.string(),
  source: z.enum(['lead', 'enrichment']),
  /** When the enrichment that found it ended (source `enrichment`). */
  foundAt: z.nullable(z.number()),
});
export type ContactView = z.infer<typeof ContactView>;

/**
 * An enrichment asked from this browser, followed to its end (`GET /leads/enrich/{id}`): `pending`
 * until the service answers; `done` (found `found`), `not-found`, `failed`; `unknown` when it was
 * still pending after hours and is no longer asked about.
 */
export const EnrichmentView = z.object({
  id: z.string(),
  enrichType: z.enum(ENRICH_TYPES),
  state: z.enum(['pending', 'done', 'not-found', 'failed', 'unknown']),
  requestedAt: z.number(),
  finishedAt: z.nullable(z.number()),
  /** The next look at the service (pending only). */
  nextCheckAt: z.nullable(z.number()),
  found: z.array(z.enum(CONTACT_FIELDS)),
});
export type EnrichmentView = z.infer<typeof EnrichmentView>;

export const ConversationView = z.object({
  id: z.string(),
  leadId: z.string(),
  /** Effective status at `PanelState.fetchedAt` rendering time: an expired snooze shows as OPEN. */
  status: ConversationStatusView,
  snoozeUntil: z.nullable(z.number()),
  lastMessageAt: z.nullable(z.number()),
  lastMessageStatus: z.nullable(z.string()),
  /** The channel of the last message (PRONET, EMAIL, ...). */
  lastMessageType: z.nullable(z.string()),
  leadReplied: z.boolean(),
  campaignId: z.nullable(z.string()),
  campaignName: z.nullable(z.string()),
  identityId: z.nullable(z.string()),
  /** The identity's display name, when the identities list is known; else null (show identityId). */
  identityName: z.nullable(z.string()),
  /** The note as the service will hold it once every pending mutation is applied (optimistic). */
  note: z.string(),
  /** Actions available in this (optimistic) state. */
  actions: z.array(z.enum(CONVERSATION_ACTIONS)),
  /** True while at least one mutation of this conversation waits in the outbox. */
  pending: z.boolean(),
  /** The lead's status in this conversation's campaign; absent without a campaign. */
  qualification: z.optional(QualificationView),
  /** The conversation in the service's own web app, when the user set its address (never carries the key). */
  webAppUrl: z.optional(z.string()),
});
export type ConversationView = z.infer<typeof ConversationView>;

/**
 * What a lead panel shows for one tab.
 * - `no-key`: no key set (link to options); `bad-key`: the key (or, `reason: 'plan'`, the plan) was
 *   refused, `detail` the service's sentence;
 * - `not-profile`: the tab shows no profile page of a configured host;
 * - `loading`: resolving `profileUrl` with nothing cached;
 * - `no-lead`: the profile is no lead yet (offer Add to audience and Enrich);
 * - `lead`: the lead and its conversations; `stale` while a cached entry is being revalidated;
 *   `pending` and `failed` list the outbox items of this lead (already applied to `conversations`
 *   optimistically, except failed ones);
 * - `pick-lead`: several leads have the profile and none was chosen for it yet;
 * - `error`: resolution failed and nothing is cached; the failure as an ErrorView, worded by the UI.
 */
export const PanelState = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('no-key') }),
  z.object({ kind: z.literal('bad-key'), reason: z.optional(z.enum(['plan'] as const satisfies readonly ErrorReason[])), detail: z.optional(z.string()) }),
  /** `leadPage`: a lead page that shows no (or more than one) public profile link (Find by name still works). */
  z.object({ kind: z.literal('not-profile'), leadPage: z.optional(z.object({ displayName: z.optional(z.string()), company: z.optional(z.string()) })) }),
  z.object({ kind: z.literal('loading'), profileUrl: z.string() }),
  z.object({
    kind: z.literal('no-lead'),
    profileUrl: z.string(),
    slug: z.string(),
    displayName: z.optional(z.string()),
    /** The current company and job title the page shows: suggestions, sent only by Add to audience and Find by name. */
    company: z.optional(z.string()),
    jobTitle: z.optional(z.string()),
    via: z.optional(ProfileSourceView),
    pending: z.array(OutboxItemView),
    failed: z.array(OutboxItemView),
    /** The last enrichment asked from here for this profile, followed to its result. */
    enrichment: z.optional(EnrichmentView),
    /** The service could not be reached when this was last checked: the answer shown is from `fetchedAt`. */
    offline: z.optional(z.object({ fetchedAt: z.number() })),
  }),
  z.object({
    kind: z.literal('lead'),
    profileUrl: z.string(),
    lead: LeadView,
    conversations: z.array(ConversationView),
    /** The conversation the panel shows; null when the lead has none. */
    selectedConversationId: z.nullable(z.string()),
    pending: z.array(OutboxItemView),
    failed: z.array(OutboxItemView),
    stale: z.boolean(),
    fetchedAt: z.number(),
    /** The lead's recent activity, most recent first (from the lead search: no extra call). */
    activity: z.optional(z.array(ActivityItemView)),
    /** How many leads the profile resolves to, when more than one (the user chose this one). */
    leads: z.optional(z.number().check(z.int())),
    /** The profile was linked to this lead by hand on this browser; `pronetUrlMissing`: the lead has no pronetUrl. */
    link: z.optional(z.object({ pronetUrlMissing: z.boolean() })),
    via: z.optional(ProfileSourceView),
    /** The lead's email addresses and phone, each with where it came from. */
    contacts: z.optional(z.array(ContactView)),
    /** The last enrichment of this lead asked from here, followed to its result. */
    enrichment: z.optional(EnrichmentView),
    /** The last refresh could not reach the service: what shows is from `fetchedAt`. */
    offline: z.optional(z.boolean()),
  }),
  /** Several leads have this profile: the user picks one (never silently the first). */
  z.object({
    kind: z.literal('pick-lead'),
    profileUrl: z.string(),
    /** The ones with a conversation first. */
    candidates: z.array(LeadChoiceView),
    tooManyResults: z.boolean(),
  }),
  z.object({ kind: z.literal('error'), profileUrl: z.optional(z.string()), ...ErrorView.shape }),
]);
export type PanelState = z.infer<typeof PanelState>;

export const MessageView = z.object({
  id: z.string(),
  direction: z.enum(['SENT', 'RECEIVED']),
  channel: z.string(),
  status: z.string(),
  subject: z.nullable(z.string()),
  /** As the service sent it: MAY BE HTML. The UI must sanitise it (`components/lead-panel/sanitize.ts`) before rendering. */
  content: z.string(),
  createdAt: z.number(),
});
export type MessageView = z.infer<typeof MessageView>;

export const ConversationMessagesView = z.object({
  conversationId: z.string(),
  /** Newest first. */
  messages: z.array(MessageView),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
});
export type ConversationMessagesView = z.infer<typeof ConversationMessagesView>;

export const CreditsView = z.object({ total: z.number(), perishable: z.number() });
export type CreditsView = z.infer<typeof CreditsView>;

export const AudienceView = z.object({ id: z.string(), name: z.string(), size: z.nullable(z.number()) });
export type AudienceView = z.infer<typeof AudienceView>;

/** A campaign a lead may be added to, through its audience (a lead with no conversation yet). */
export const CampaignAudienceView = z.object({ id: z.string(), name: z.string(), audience: z.string(), status: z.string() });
export type CampaignAudienceView = z.infer<typeof CampaignAudienceView>;

export const IdentityView = z.object({ id: z.string(), name: z.string() });
export type IdentityView = z.infer<typeof IdentityView>;

export const EnrichResultView = z.object({ enrichRequestId: z.string(), creditsSpent: z.number() });
export type EnrichResultView = z.infer<typeof EnrichResultView>;

