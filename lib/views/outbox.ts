/** The outbox as the panels and the options page show it. */
import { z } from 'zod/mini';
import { NOTE_MODES } from '../inbox/note-rules';
import { REPLY_CHANNELS } from '../inbox/reply-rules';
import { ErrorView } from './error';

export const OutboxKind = z.enum(['note', 'archive', 'unarchive', 'snooze', 'unsnooze', 'add-to-audience', 'qualify', 'reply', 'remove-from-audience', 'import-audience', 'enrich-person']);
export type OutboxKind = z.infer<typeof OutboxKind>;

/**
 * One queued mutation. `pending`: waiting for its turn or for a retry; `sending`: on the wire;
 * `failed`: refused for good (a 4xx), shown with the service's message, with Retry and Discard.
 */
export const OutboxItemView = z.object({
  id: z.string(),
  kind: OutboxKind,
  state: z.enum(['pending', 'sending', 'failed']),
  conversationId: z.nullable(z.string()),
  leadId: z.nullable(z.string()),
  profileUrl: z.nullable(z.string()),
  /** The lead's name, where the options page's list can say whose change it is (issue 34). */
  leadName: z.optional(z.string()),
  createdAt: z.number(),
  attempts: z.number().check(z.int()),
  nextAttemptAt: z.nullable(z.number()),
  error: z.nullable(ErrorView),
  /** For note items: what the user wrote (extension pages only; never in the call log). */
  note: z.optional(z.object({ mode: z.enum(NOTE_MODES), text: z.string() })),
  snoozeUntil: z.optional(z.number()),
  audience: z.optional(z.string()),
  /** For qualify items: the lead status it sets. */
  leadStatus: z.optional(z.string()),
  /** For replies: the message (extension pages only); not sent before `holdUntil` (the undo window). */
  reply: z.optional(z.object({ channel: z.enum(REPLY_CHANNELS), text: z.string(), subject: z.optional(z.string()), holdUntil: z.number() })),
});
export type OutboxItemView = z.infer<typeof OutboxItemView>;
