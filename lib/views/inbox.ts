/** The inbox queue's view models (issue 12): a page of rows, the narrowing choices, the toolbar count. */
import { z } from 'zod/mini';
import { CONVERSATION_STATUSES } from '../inbox/conversation-state';
import { QUEUE_VIEWS } from '../inbox/queue-shape';

export const QueueView = z.enum(QUEUE_VIEWS);

/** One conversation of the queue, with its lead's name and company (null until looked up or unknown). */
export const InboxRowView = z.object({
  conversationId: z.string(),
  leadId: z.string(),
  name: z.nullable(z.string()),
  company: z.nullable(z.string()),
  /** The lead's canonical profile URL, when it has one. */
  profileUrl: z.nullable(z.string()),
  /** False: the lead was never looked up (the panel asks for it once the row is on screen). */
  leadKnown: z.boolean(),
  campaignName: z.nullable(z.string()),
  identityId: z.string(),
  identityName: z.nullable(z.string()),
  status: z.enum(CONVERSATION_STATUSES),
  snoozeUntil: z.nullable(z.number()),
  lastMessageAt: z.nullable(z.number()),
  lastMessageStatus: z.nullable(z.string()),
  /** The channel (PRONET, EMAIL, ...). */
  lastMessageType: z.nullable(z.string()),
  leadReplied: z.boolean(),
  read: z.boolean(),
});
export type InboxRowView = z.infer<typeof InboxRowView>;

/** A row's lead, looked up by id (`inbox-leads`). */
export const InboxLeadView = z.object({
  leadId: z.string(),
  name: z.nullable(z.string()),
  company: z.nullable(z.string()),
  profileUrl: z.nullable(z.string()),
});
export type InboxLeadView = z.infer<typeof InboxLeadView>;

export const InboxPageView = z.object({
  rows: z.array(InboxRowView),
  /** Exact on the first page, null on later ones. */
  total: z.nullable(z.number()),
  nextToken: z.nullable(z.string()),
  /** The instant the view's filters were computed at (the untouched bound); later pages repeat it. */
  at: z.number(),
  /** The service refused the cursor: this is page one again. */
  restarted: z.boolean(),
  /** Shown from the cache because the service could not be reached: when it was fetched. */
  cachedAt: z.nullable(z.number()),
});
export type InboxPageView = z.infer<typeof InboxPageView>;

export const InboxChoicesView = z.object({
  /** `mine`: the user sends as it (the options' "I send as"); those come first. */
  identities: z.array(z.object({ id: z.string(), name: z.string(), mine: z.optional(z.boolean()) })),
  campaigns: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type InboxChoicesView = z.infer<typeof InboxChoicesView>;

/** The toolbar count: conversations waiting for a reply (null: not known yet). */
export const InboxCountView = z.object({ count: z.nullable(z.number()), at: z.nullable(z.number()) });
export type InboxCountView = z.infer<typeof InboxCountView>;
