import { z } from 'zod/mini';
import { NOTE_MODES } from '../../inbox/note-rules';
import { EpochMs, Int, StatusCode, atLeastOneOf, hasAny, idString, queryBool, queryInt, queryList } from './common';
import { successAsStatus } from './tolerant';

// ---- Enumerations of spec §2 (conversation filters) -----------------------------------------

export const ConversationStatus = z.enum(['OPEN', 'SNOOZED', 'ARCHIVED']);
export type ConversationStatus = z.infer<typeof ConversationStatus>;

export const LastMessageStatus = z.enum(['RECEIVED', 'SENDING', 'SENT', 'SEND_FAILED', 'INFO']);
export type LastMessageStatus = z.infer<typeof LastMessageStatus>;

/** "Last message type (channel)": also the channel of a message in a conversation. */
export const MessageType = z.enum([
  'PRONET',
  'EMAIL',
  'INFO_TEMPLATE_SNOOZE',
  'PLATFORM',
  'COMMENT',
  'MANUAL_TASK',
  'AUTO_QUALIFY',
]);
export type MessageType = z.infer<typeof MessageType>;

export const MessageDirection = z.enum(['SENT', 'RECEIVED']);
export type MessageDirection = z.infer<typeof MessageDirection>;

export const ConversationSortField = z.enum(['lastMessageAt', 'callCompletedAt', 'snoozeUntil']);
export type ConversationSortField = z.infer<typeof ConversationSortField>;

// ---- Resources (endpoints.md, shapes the seed leaves open) ----------------------------------

export const ConversationSummary = z.object({
  id: z.string(),
  leadId: z.string(),
  identityId: z.string(),
  campaignId: z.nullable(z.string()),
  campaignName: z.nullable(z.string()),
  audienceId: z.nullable(z.string()),
  status: ConversationStatus,
  snoozeUntil: z.nullable(EpochMs),
  lastMessageAt: z.nullable(EpochMs),
  lastMessageStatus: z.nullable(LastMessageStatus),
  lastMessageType: z.nullable(MessageType),
  leadReplied: z.boolean(),
  unsubscribed: z.boolean(),
  favourite: z.boolean(),
  read: z.boolean(),
  callCompletedAt: z.nullable(EpochMs),
  /** The note travels with the summary: the service has no call that reads a note back. */
  note: z.nullable(z.string()),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const Message = z.object({
  id: z.string(),
  conversationId: z.string(),
  direction: MessageDirection,
  channel: MessageType,
  status: LastMessageStatus,
  /** Email only. */
  subject: z.optional(z.string()),
  /** The identity that sent or received it (the conversation's). */
  identityId: z.optional(z.string()),
  /** May be HTML: sanitise before rendering. */
  content: z.string(),
  createdAt: EpochMs,
});
export type Message = z.infer<typeof Message>;

// ---- GET /conversations/search --------------------------------------------------------------

export const CONVERSATION_SEARCH_DEFAULT_LIMIT = 25;
export const CONVERSATION_SEARCH_MAX_LIMIT = 100;

/** Standard Base64 (`+`, `/`, `=`): a cursor whose `+` arrived as a space was not URL-encoded. */
export const SearchCursor = z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'searchAfter must be the nextToken of the previous page, URL-encoded' }));

export const ConversationSearchQuery = z
  .object({
    identityIds: z.optional(queryList('identityIds', z.string())),
    leadIds: z.optional(queryList('leadIds', z.string())),
    audienceIds: z.optional(queryList('audienceIds', z.string())),
    /** Ignored by the service when identityIds or audienceIds is given. */
    campaignIds: z.optional(queryList('campaignIds', z.string())),
    status: z.optional(queryList('status', ConversationStatus)),
    lastMessageStatus: z.optional(queryList('lastMessageStatus', LastMessageStatus)),
    lastMessageType: z.optional(queryList('lastMessageType', MessageType)),
    lastMessageAtFrom: z.optional(queryInt('lastMessageAtFrom', 0)),
    lastMessageAtTo: z.optional(queryInt('lastMessageAtTo', 0)),
    callCompletedAtFrom: z.optional(queryInt('callCompletedAtFrom', 0)),
    callCompletedAtTo: z.optional(queryInt('callCompletedAtTo', 0)),
    leadReplied: z.optional(queryBool('leadReplied')),
    unsubscribed: z.optional(queryBool('unsubscribed')),
    favourite: z.optional(queryBool('favourite')),
    read: z.optional(queryBool('read')),
    q: z.optional(z.string()),
    limit: z._default(queryInt('limit', 1, CONVERSATION_SEARCH_MAX_LIMIT), CONVERSATION_SEARCH_DEFAULT_LIMIT),
    searchAfter: z.optional(SearchCursor),
    sortField: z._default(ConversationSortField, 'lastMessageAt'),
    sortDirection: z._default(
      z.union([z.literal(-1), z.literal(1), z.pipe(z.enum(['-1', '1']), z.transform((v) => (v === '1' ? 1 : -1)))], {
        message: 'sortDirection must be -1 or 1',
      }),
      -1,
    ),
  })
  .check(z.superRefine((q, ctx) => {
    for (const [from, to] of [
      ['lastMessageAtFrom', 'lastMessageAtTo'],
      ['callCompletedAtFrom', 'callCompletedAtTo'],
    ] as const) {
      const a = q[from];
      const b = q[to];
      if (a !== undefined && b !== undefined && a > b) {
        ctx.addIssue({ code: 'custom', path: [from], message: `${from} must not be after ${to}` });
      }
    }
  }));
export type ConversationSearchQuery = z.infer<typeof ConversationSearchQuery>;
/** The filters a caller gives (typed values; defaults may be left out). */
export type ConversationSearchFilters = z.input<typeof ConversationSearchQuery>;

export const ConversationSearchResponse = z.object({
  statusCode: StatusCode,
  data: z.array(ConversationSummary),
  /** Exact on the first page, null on later pages. */
  total: z.nullable(Int),
  /** Null at the end. */
  nextToken: z.nullable(z.string()),
  hasMore: z.boolean(),
});
export type ConversationSearchResponse = z.infer<typeof ConversationSearchResponse>;

// ---- GET /conversations/:conversationId/messages --------------------------------------------

export const CONVERSATION_MESSAGES_PAGE_SIZE = 50;
export const ConversationParams = z.object({ conversationId: idString('conversationId') });
export const ConversationMessagesQuery = z.object({ page: z._default(queryInt('page', 0), 0) });
export const ConversationMessagesResponse = z.object({
  statusCode: StatusCode,
  data: z.array(Message),
  total: Int,
});
export type ConversationMessagesResponse = z.infer<typeof ConversationMessagesResponse>;

// ---- Inbox note and conversation actions (#25-29) -------------------------------------------

/** How a call names its conversation; the service looks them up in this priority order. */
export const CONVERSATION_TARGET_KEYS = ['conversationId', 'leadId', 'email', 'pronetUrl'] as const;
/** Narrowing filters when a lead has several conversations, in priority order. */
export const CONVERSATION_NARROWING_KEYS = ['identityId', 'campaignId', 'campaignName'] as const;

const targetShape = {
  conversationId: z.optional(idString('conversationId')),
  leadId: z.optional(idString('leadId')),
  email: z.optional(z.email({ message: 'email must be an email address' })),
  pronetUrl: z.optional(z.url({ message: 'pronetUrl must be a URL' })),
  identityId: z.optional(idString('identityId')),
  campaignId: z.optional(idString('campaignId')),
  campaignName: z.optional(idString('campaignName')),
};

const TARGET_MESSAGE = `the target needs at least one of ${CONVERSATION_TARGET_KEYS.join(', ')}`;
const targetRefinement = () => atLeastOneOf(CONVERSATION_TARGET_KEYS, 'the target');

/** Body of archive, unarchive, unsnooze: the target alone. */
export const ConversationTarget = z.strictObject(targetShape).check(z.refine(...targetRefinement()));
export type ConversationTarget = z.infer<typeof ConversationTarget>;


/** Body of POST /inbox/conversations/note. Replace may clear the note (''); append needs text. */
export const NoteRequest = z
  .strictObject({
    ...targetShape,
    note: z.string({ message: 'note must be a string' }),
    mode: z.optional(z.enum(NOTE_MODES)),
  })
  .check(z.superRefine((v, ctx) => {
    if (!hasAny(v, CONVERSATION_TARGET_KEYS)) {
      ctx.addIssue({ code: 'custom', path: ['conversationId'], message: TARGET_MESSAGE });
    }
    if (v.mode === 'append' && v.note.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'note must not be empty when mode is append' });
    }
  }));
export type NoteRequest = z.infer<typeof NoteRequest>;

/**
 * `snoozeUntil`: an ISO 8601 date-time, with an offset or without one (read as UTC: the workflow
 * node sends its date-times so), or epoch milliseconds. "In the future" is checked by the service.
 */
const SNOOZE_UNTIL_MESSAGE = 'snoozeUntil must be an ISO 8601 date-time or epoch milliseconds';
export const SnoozeUntil = z.union(
  [
    z.iso.datetime({ offset: true, local: true, message: SNOOZE_UNTIL_MESSAGE }),
    z.number({ message: SNOOZE_UNTIL_MESSAGE }).check(z.int({ message: SNOOZE_UNTIL_MESSAGE }), z.positive({ message: SNOOZE_UNTIL_MESSAGE })),
  ],
  { message: SNOOZE_UNTIL_MESSAGE },
);

/**
 * A snooze without `snoozeUntil` (the agent server's may omit it; ours): until the same time
 * tomorrow, the "snooze until tomorrow" of the design, counted on the service's clock.
 */
export const SNOOZE_DEFAULT_MS = 24 * 60 * 60 * 1000;

/** Epoch ms of a valid `snoozeUntil` value; a date-time without offset is UTC. */
export function snoozeUntilMs(value: z.infer<typeof SnoozeUntil>): number {
  if (typeof value === 'number') return value;
  return Date.parse(/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(value) ? value : `${value}Z`);
}

export const SnoozeRequest = z
  .strictObject({ ...targetShape, snoozeUntil: z.optional(SnoozeUntil) })
  .check(z.refine(...targetRefinement()));
export type SnoozeRequest = z.infer<typeof SnoozeRequest>;

/** Also answered `{success: true, data}` without `statusCode` (a variant of the real service). */
export const NoteResponse = z.pipe(z.transform(successAsStatus), z.object({
  statusCode: StatusCode,
  data: z.object({
    conversationId: z.string(),
    note: z.string(),
    noteLength: Int.check(z.nonnegative()),
    truncated: z.boolean(),
  }),
}));
export type NoteResponse = z.infer<typeof NoteResponse>;

export const ConversationActionResponse = z.object({ statusCode: StatusCode, data: ConversationSummary });
export type ConversationActionResponse = z.infer<typeof ConversationActionResponse>;

// ---- Sending (#30-31) -----------------------------------------------------------------------

/** File URLs sent with a message (the real clients send strings). */
const Attachments = z.array(z.url({ message: 'each value of attachments must be a URL' }), { message: 'attachments must be a list of file URLs' });

export const SendPronetRequest = z
  .strictObject({
    identityId: idString('identityId'),
    memberId: idString('memberId'),
    leadId: z.optional(idString('leadId')),
    pronetUrl: z.optional(z.url({ message: 'pronetUrl must be a URL' })),
    /** Absent when the message is a voice note (`audioUrl`) or attachments alone: read as ''. */
    message: z._default(z.string().check(z.trim(), z.minLength(1, { message: 'message must not be empty' })), ''),
    /** A hosted MP3, sent as a voice note instead of text. */
    audioUrl: z.optional(z.url({ message: 'audioUrl must be a URL' })),
    attachments: z.optional(Attachments),
    /** Where the workflow node says the message comes from (kept, not interpreted). */
    source: z.optional(z.string({ message: 'source must be a string' })),
  })
  .check(
    z.refine(...atLeastOneOf(['leadId', 'pronetUrl'], 'a pronet message')),
    z.refine((v) => v.message !== '' || v.audioUrl !== undefined || (v.attachments?.length ?? 0) > 0, {
      message: 'a pronet message needs message, audioUrl or attachments',
      path: ['message'],
    }),
  );
export type SendPronetRequest = z.infer<typeof SendPronetRequest>;

/** Comma-separated addresses (`a@x.example, b@y.example`), as both real clients send `cc` and `bcc`; a list is read too. */
function EmailList(field: string) {
  const address = z.email({ message: `each address of ${field} must be an email address` });
  return z.pipe(
    z.union([z.string(), z.array(z.string())], { message: `${field} must be comma-separated email addresses` }),
    z.pipe(
      z.transform((v: string | string[]) =>
        (Array.isArray(v) ? v : v.split(','))
          .map((a) => a.trim())
          .filter((a) => a !== ''),
      ),
      z.array(address),
    ),
  );
}

export const SendEmailRequest = z
  .strictObject({
    identityId: idString('identityId'),
    /** The service's own clients send none with an email. */
    memberId: z.optional(idString('memberId')),
    leadId: z.optional(idString('leadId')),
    leadEmail: z.optional(z.email({ message: 'leadEmail must be an email address' })),
    subject: z.optional(z.string().check(z.trim(), z.minLength(1, { message: 'subject must not be empty' }))),
    replyInLastThread: z.optional(z.boolean({ message: 'replyInLastThread must be a boolean' })),
    message: z
      .strictObject({ html: z.optional(z.string()), text: z.optional(z.string()) })
      .check(z.refine((m) => hasAny(m, ['html', 'text']), { message: 'message needs html or text', path: ['html'] })),

    /** Answer in the thread of this earlier email of the conversation (instead of subject or replyInLastThread). */
    replyToMessageId: z.optional(idString('replyToMessageId')),
    cc: z.optional(EmailList('cc')),
    bcc: z.optional(EmailList('bcc')),
  })
  .check(z.superRefine((v, ctx) => {
    if (!hasAny(v, ['leadId', 'leadEmail'])) {
      ctx.addIssue({ code: 'custom', path: ['leadId'], message: 'an email needs at least one of leadId, leadEmail' });
    }
    // The real clients send exactly one; a subject given with another is the subject (as before).
    if (v.subject === undefined && v.replyInLastThread !== true && v.replyToMessageId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'an email needs a subject, replyInLastThread: true or replyToMessageId' });
    }
  }));
export type SendEmailRequest = z.infer<typeof SendEmailRequest>;

export const SentMessageResponse = z.object({ statusCode: StatusCode, messageId: z.string() });
export type SentMessageResponse = z.infer<typeof SentMessageResponse>;
