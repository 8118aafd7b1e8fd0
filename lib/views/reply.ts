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

/** A campaign's message template as a starting point: its text (plain, placeholders unfilled). */
export const ReplyTemplateView = z.object({
  id: z.string(),
  channel: ReplyChannelView,
  /** Its place in the campaign's sequence, from 0. */
  order: z.number(),
  active: z.boolean(),
  text: z.string(),
  /** An email step's subject ('' for pronet). */
  subject: z.string(),
});
export type ReplyTemplateView = z.infer<typeof ReplyTemplateView>;

/** The user's own snippet, kept in the extension's storage. */
export const ReplySnippetView = z.object({ id: z.string(), name: z.string(), text: z.string() });
export type ReplySnippetView = z.infer<typeof ReplySnippetView>;

/** What the template picker offers a conversation: its campaign's templates, the snippets, the merge fields. */
export const ReplyTemplatesView = z.object({
  templates: z.array(ReplyTemplateView),
  snippets: z.array(ReplySnippetView),
  fields: z.record(z.string(), z.string()),
});
export type ReplyTemplatesView = z.infer<typeof ReplyTemplatesView>;
