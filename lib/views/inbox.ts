/** The inbox queue's view models (issue 12): a page of rows, the narrowing choices, the toolbar count. */
import { z } from 'zod';
import { ConversationStatus, LastMessageStatus, MessageType } from '../api/schemas';
import { QUEUE_VIEWS } from '../inbox/queue';

export const QueueView = z.enum(QUEUE_VIEWS);

/** One conversation of the queue, with its lead's name and company (null until looked up or unknown). */
export const InboxRowView = z.object({
  conversationId: z.string(),
  leadId: z.string(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  /** The lead's canonical profile URL, when it has one. */
  profileUrl: z.string().nullable(),
  campaignName: z.string().nullable(),
  identityId: z.string(),
  identityName: z.string().nullable(),
  status: ConversationStatus,
  snoozeUntil: z.number().nullable(),
  lastMessageAt: z.number().nullable(),
  lastMessageStatus: LastMessageStatus.nullable(),
  lastMessageType: MessageType.nullable(),
  leadReplied: z.boolean(),
  read: z.boolean(),
});
export type InboxRowView = z.infer<typeof InboxRowView>;

export const InboxPageView = z.object({
  rows: z.array(InboxRowView),
  /** Exact on the first page, null on later ones. */
  total: z.number().nullable(),
  nextToken: z.string().nullable(),
  /** The instant the view's filters were computed at (the untouched bound); later pages repeat it. */
  at: z.number(),
  /** The service refused the cursor: this is page one again. */
  restarted: z.boolean(),
  /** Shown from the cache because the service could not be reached: when it was fetched. */
  cachedAt: z.number().nullable(),
});
export type InboxPageView = z.infer<typeof InboxPageView>;

export const InboxChoicesView = z.object({
  identities: z.array(z.object({ id: z.string(), name: z.string() })),
  campaigns: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type InboxChoicesView = z.infer<typeof InboxChoicesView>;

/** The toolbar count: conversations waiting for a reply (null: not known yet). */
export const InboxCountView = z.object({ count: z.number().nullable(), at: z.number().nullable() });
export type InboxCountView = z.infer<typeof InboxCountView>;
