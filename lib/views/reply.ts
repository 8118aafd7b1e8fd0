/** The reply composer as the panels and the queue show it. */
import { z } from 'zod/mini';
import { REPLY_CHANNELS } from '../inbox/reply-rules';

export const ReplyChannelView = z.enum(REPLY_CHANNELS);
export type ReplyChannelView = z.infer<typeof ReplyChannelView>;

/** A started reply, kept per conversation by the worker (across panel close and worker restart). */
export const ReplyDraftView = z.object({
  text: z.string(),
  channel: z.optional(ReplyChannelView),
  /** An email's subject when it starts a thread. */
  subject: z.optional(z.string()),
});
export type ReplyDraftView = z.infer<typeof ReplyDraftView>;

/**
 * What the composer needs for one conversation: the channels the lead can be reached on (email only
 * with an address), the one to start with (the last message's), the email thread a reply joins
 * (null: none yet, a subject is needed), who the user is (`memberId`, null until asked), the undo
 * window, and the draft.
 */
export const ReplyContextView = z.object({
  conversationId: z.string(),
  leadId: z.string(),
  identityId: z.nullable(z.string()),
  channels: z.array(ReplyChannelView),
  defaultChannel: ReplyChannelView,
  threadSubject: z.nullable(z.string()),
  memberId: z.nullable(z.string()),
  undoSeconds: z.number(),
  draft: z.nullable(ReplyDraftView),
});
export type ReplyContextView = z.infer<typeof ReplyContextView>;

export const MemberChoiceView = z.object({ id: z.string(), name: z.string() });
export type MemberChoiceView = z.infer<typeof MemberChoiceView>;

/** The workspace's members, and who "I am" for the stored key (null: not said yet). */
export const ReplyMembersView = z.object({ members: z.array(MemberChoiceView), memberId: z.nullable(z.string()) });
export type ReplyMembersView = z.infer<typeof ReplyMembersView>;
