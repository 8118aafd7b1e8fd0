/**
 * The message protocol between the extension's surfaces (side panel, popup, options page, content
 * script) and the background worker.
 *
 * Three channels:
 * 1. Request/reply: `browser.runtime.sendMessage(request)` → `Reply<T>`. Every request is one member of
 *    the discriminated union `Request` (field `type`), validated with zod by the background before
 *    anything else; every reply is the envelope `{ok: true, value} | {ok: false, error}`. Errors cross the
 *    boundary as values (`ErrorView`: a code the UI can switch on and one human sentence), never as throws.
 *    Use `createMessenger(browser.runtime.sendMessage)` for a typed `send('archive', {...})`.
 * 2. Panel push: a panel opens `browser.runtime.connect({ name: PANEL_PORT })` and posts
 *    `{ subscribe: tabId }`; the background then posts `{ type: 'panel-state', tabId, state }` at once and
 *    whenever that tab's PanelState changes. A port named `OUTBOX_PORT` (options page) receives
 *    `{ type: 'outbox', items }` whenever the outbox changes.
 * 3. Chip push: the background sends `{ type: 'chip-state', state }` to the content script of a tab with
 *    `tabs.sendMessage`. A ChipState never carries anything secret (no key, no note, no lead id). It names
 *    its profile and carries a revision shared with the replies to `profile-viewed`, so the content script
 *    shows the latest state for the profile on screen whichever channel delivers first.
 *
 * Who may send what: this extension's own pages may send every request; a content script may send only
 * the requests in `CONTENT_SCRIPT_REQUESTS`, and only from a tab on a configured profile host. Everything
 * else is refused with the error code `forbidden`.
 *
 * Times are epoch milliseconds throughout.
 */
import { z } from 'zod';
import { CHIP_KINDS, CHIP_NAME_MAX, CHIP_PROFILE_URL_MAX, CHIP_STATUSES } from './chip-state';
import { CONVERSATION_STATUSES } from './inbox/conversation-state';

// ---------------------------------------------------------------------------------------------------
// Shared value types

export const ConversationStatusView = z.enum(CONVERSATION_STATUSES);
export type ConversationStatusView = z.infer<typeof ConversationStatusView>;

/** The conversation actions a panel can offer; which ones apply is in `ConversationView.actions`. */
export const ConversationAction = z.enum(['archive', 'unarchive', 'snooze', 'unsnooze']);
export type ConversationAction = z.infer<typeof ConversationAction>;

export const NoteMode = z.enum(['replace', 'append']);
export type NoteMode = z.infer<typeof NoteMode>;

export const EnrichType = z.enum(['EMAIL_ENRICH', 'PRONET_ENRICH', 'FULL_ENRICH']);
export type EnrichType = z.infer<typeof EnrichType>;

/**
 * Why a request failed, for the UI to switch on:
 * - `bad-request`: the request did not validate (a bug in the sender, or a value out of range);
 * - `forbidden`: the sender may not send this request;
 * - `no-key`: no API key is set;
 * - `bad-key`: the service refused the key (401) or the workspace's plan (403);
 * - `offline`: the service could not be reached (network error or timeout);
 * - `rate-limited`: the service kept answering 429; `retryAt` says when it may work again;
 * - `server`: the service failed (5xx);
 * - `malformed`: the service answered something this extension does not understand;
 * - `not-found`: the service knows no such thing (404);
 * - `rejected`: the service refused the request (another 4xx: 400, 402 no credits, 409 ...); the message
 *   is the service's own sentence;
 * - `permission-required`: a custom base URL needs a host permission the user has not granted yet
 *   (the options page must call `browser.permissions.request` from a click, then retry);
 * - `internal`: anything else (a bug); the message says what.
 */
export const ErrorCode = z.enum([
  'bad-request',
  'forbidden',
  'no-key',
  'bad-key',
  'offline',
  'rate-limited',
  'server',
  'malformed',
  'not-found',
  'rejected',
  'permission-required',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** An error as the UI sees it. `message` is one human sentence and never contains the key. */
export const ErrorView = z.object({
  code: ErrorCode,
  message: z.string(),
  /** HTTP status from the service, when the error came from it. */
  status: z.number().int().optional(),
  /** When retrying may work again (after a 429). */
  retryAt: z.number().optional(),
});
export type ErrorView = z.infer<typeof ErrorView>;

/** The reply envelope of every request. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: ErrorView };

export function replySchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: ErrorView }),
  ]);
}

// ---------------------------------------------------------------------------------------------------
// View models

export const LeadView = z.object({
  id: z.string(),
  /** Display name ("First Last"), or the slug when the service knows no name. */
  name: z.string(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  /** Canonical profile URL, `https://www.pronet.example/in/<slug>/`. */
  pronetUrl: z.string(),
});
export type LeadView = z.infer<typeof LeadView>;

export const ConversationView = z.object({
  id: z.string(),
  leadId: z.string(),
  /** Effective status at `PanelState.fetchedAt` rendering time: an expired snooze shows as OPEN. */
  status: ConversationStatusView,
  snoozeUntil: z.number().nullable(),
  lastMessageAt: z.number().nullable(),
  lastMessageStatus: z.string().nullable(),
  /** The channel of the last message (PRONET, EMAIL, ...). */
  lastMessageType: z.string().nullable(),
  leadReplied: z.boolean(),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  identityId: z.string().nullable(),
  /** The identity's display name, when the identities list is known; else null (show identityId). */
  identityName: z.string().nullable(),
  /** The note as the service will hold it once every pending mutation is applied (optimistic). */
  note: z.string(),
  /** Actions available in this (optimistic) state. */
  actions: z.array(ConversationAction),
  /** True while at least one mutation of this conversation waits in the outbox. */
  pending: z.boolean(),
});
export type ConversationView = z.infer<typeof ConversationView>;

export const OutboxKind = z.enum(['note', 'archive', 'unarchive', 'snooze', 'unsnooze', 'add-to-audience']);
export type OutboxKind = z.infer<typeof OutboxKind>;

/**
 * One queued mutation. `pending`: waiting for its turn or for a retry; `sending`: on the wire;
 * `failed`: refused for good (a 4xx), shown with the service's message, with Retry and Discard.
 */
export const OutboxItemView = z.object({
  id: z.string(),
  kind: OutboxKind,
  /** Short human description, e.g. "Archive", "Append to note", "Snooze until 2025-03-01 09:00". */
  label: z.string(),
  state: z.enum(['pending', 'sending', 'failed']),
  conversationId: z.string().nullable(),
  leadId: z.string().nullable(),
  profileUrl: z.string().nullable(),
  createdAt: z.number(),
  attempts: z.number().int(),
  nextAttemptAt: z.number().nullable(),
  error: ErrorView.nullable(),
  /** For note items: what the user wrote (extension pages only; never in the call log). */
  note: z.object({ mode: NoteMode, text: z.string() }).optional(),
  snoozeUntil: z.number().optional(),
  audience: z.string().optional(),
});
export type OutboxItemView = z.infer<typeof OutboxItemView>;

/**
 * What a lead panel shows for one tab.
 * - `no-key`: no key set (link to options); `bad-key`: the key or plan was refused;
 * - `not-profile`: the tab shows no profile page of a configured host;
 * - `loading`: resolving `profileUrl` with nothing cached;
 * - `no-lead`: the profile is no lead yet (offer Add to audience and Enrich);
 * - `lead`: the lead and its conversations; `stale` while a cached entry is being revalidated;
 *   `pending` and `failed` list the outbox items of this lead (already applied to `conversations`
 *   optimistically, except failed ones);
 * - `error`: resolution failed and nothing is cached.
 */
export const PanelState = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('no-key') }),
  z.object({ kind: z.literal('bad-key'), message: z.string() }),
  z.object({ kind: z.literal('not-profile') }),
  z.object({ kind: z.literal('loading'), profileUrl: z.string() }),
  z.object({
    kind: z.literal('no-lead'),
    profileUrl: z.string(),
    slug: z.string(),
    displayName: z.string().optional(),
    pending: z.array(OutboxItemView),
    failed: z.array(OutboxItemView),
  }),
  z.object({
    kind: z.literal('lead'),
    profileUrl: z.string(),
    lead: LeadView,
    conversations: z.array(ConversationView),
    /** The conversation the panel shows; null when the lead has none. */
    selectedConversationId: z.string().nullable(),
    pending: z.array(OutboxItemView),
    failed: z.array(OutboxItemView),
    stale: z.boolean(),
    fetchedAt: z.number(),
  }),
  z.object({
    kind: z.literal('error'),
    profileUrl: z.string().optional(),
    code: z.enum(['offline', 'rate-limited', 'server', 'malformed']),
    message: z.string(),
    retryAt: z.number().optional(),
  }),
]);
export type PanelState = z.infer<typeof PanelState>;

/**
 * What the content script's chip shows, and for which profile. Nothing secret: no key, no note, no
 * ids. The kinds and statuses come from `lib/chip-state.ts`, which the content script's own check
 * uses too. Kind 'off': the user turned the chip off in the options (show nothing); the other kinds
 * mirror PanelState's.
 */
export const ChipState = z.object({
  kind: z.enum(CHIP_KINDS),
  /** The lead's display name (kind 'lead'). */
  name: z.string().max(CHIP_NAME_MAX).optional(),
  /** Status of the selected conversation (kind 'lead' with at least one conversation). */
  status: z.enum(CHIP_STATUSES).optional(),
  /** Number of conversations (kind 'lead'). */
  conversations: z.number().int().nonnegative().optional(),
  /**
   * The canonical profile URL this state describes (not secret: the page shows it); null when the
   * tab shows no profile. The content script drops a state for a profile the user has left.
   */
  profileUrl: z.string().max(CHIP_PROFILE_URL_MAX).nullable(),
  /**
   * Grows with every state the background computes, replies and pushes alike: of two states for the
   * same profile, the content script shows the one with the higher `rev` (see `createChipTracker`).
   */
  rev: z.number().int().nonnegative(),
});
export type ChipState = z.infer<typeof ChipState>;
/** What the chip shows, without its placing (`profileUrl`, `rev`). */
export type ChipView = Omit<ChipState, 'profileUrl' | 'rev'>;

export const MessageView = z.object({
  id: z.string(),
  direction: z.enum(['SENT', 'RECEIVED']),
  channel: z.string(),
  status: z.string(),
  subject: z.string().nullable(),
  /** As the service sent it: MAY BE HTML. The UI must sanitise it (DOMPurify) before rendering. */
  content: z.string(),
  createdAt: z.number(),
});
export type MessageView = z.infer<typeof MessageView>;

export const ConversationMessagesView = z.object({
  conversationId: z.string(),
  /** Newest first. */
  messages: z.array(MessageView),
  total: z.number().int(),
  page: z.number().int(),
});
export type ConversationMessagesView = z.infer<typeof ConversationMessagesView>;

export const CreditsView = z.object({ total: z.number(), perishable: z.number() });
export type CreditsView = z.infer<typeof CreditsView>;

export const AudienceView = z.object({ id: z.string(), name: z.string(), size: z.number().nullable() });
export type AudienceView = z.infer<typeof AudienceView>;

export const IdentityView = z.object({ id: z.string(), name: z.string() });
export type IdentityView = z.infer<typeof IdentityView>;

export const EnrichResultView = z.object({ enrichRequestId: z.string(), creditsSpent: z.number() });
export type EnrichResultView = z.infer<typeof EnrichResultView>;

/** One row of the call log: no key, no note text, ever. */
export const CallLogRow = z.object({
  id: z.number().int(),
  /** Endpoint name from the client's catalogue, e.g. 'searchLeads'. */
  endpoint: z.string(),
  method: z.string(),
  ok: z.boolean(),
  /** HTTP status; null when no answer came (network error, timeout). */
  status: z.number().int().nullable(),
  summary: z.string(),
  at: z.number(),
  durationMs: z.number(),
});
export type CallLogRow = z.infer<typeof CallLogRow>;

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8787/flow';

/** User settings. Kept in `storage.local`; they hold no secret. */
export const Settings = z.object({
  /** The service's base URL including its `/flow` path. */
  baseUrl: z.url({ protocol: /^https?$/ }),
  /** Extra profile hosts, besides the built-in pronet hosts (bare host names, e.g. `pronet.corp.example`). */
  profileHosts: z.array(z.string().min(1).max(253)).max(50),
  /** Show the status chip on profile pages. */
  chipEnabled: z.boolean(),
  /** Keep the key for this browser session only (`storage.session`) instead of IndexedDB. */
  sessionOnlyKey: z.boolean(),
  /** Developer flag: false turns caching AND request coalescing off (the benchmark's naive baseline). */
  cacheEnabled: z.boolean(),
});
export type Settings = z.infer<typeof Settings>;

export const SettingsView = Settings.extend({
  key: z.object({
    /** Whether a key is stored. The key itself never leaves the background worker. */
    set: z.boolean(),
    storage: z.enum(['persistent', 'session']).nullable(),
  }),
});
export type SettingsView = z.infer<typeof SettingsView>;

/** The most members a key test lists (a workspace may have more; `members` counts them all). */
export const KEY_TEST_MEMBERS_MAX = 200;

export const MemberView = z.object({ id: z.string(), name: z.string(), label: z.string() });
export type MemberView = z.infer<typeof MemberView>;

export const KeyTestView = z.object({
  /** Number of workspace members the key can see (a successful `GET /members`). */
  members: z.number().int(),
  /** The members `GET /members` returned, at most KEY_TEST_MEMBERS_MAX of them (names only; nothing secret). */
  list: z.array(MemberView).max(KEY_TEST_MEMBERS_MAX),
});
export type KeyTestView = z.infer<typeof KeyTestView>;

// ---------------------------------------------------------------------------------------------------
// Requests. Each entry: the request payload (without `type`) and the schema of the reply's `value`.

const id = z.string().min(1).max(200);
const tabId = z.number().int().nonnegative();

/** Every conversation mutation targets a conversation by its id; leadId places it in a panel. */
const conversationTarget = { conversationId: id, leadId: id };

export const protocol = {
  /**
   * Content script: the tab now shows this page (raw location href; `name`: the person's name as the
   * page shows it, used to prefill Add to audience). Replies with the chip's state; later changes are
   * pushed as ChipPush.
   */
  'profile-viewed': {
    request: z.object({ url: z.string().max(4096), name: z.string().max(200).optional() }),
    reply: ChipState,
  },
  /** Content script (chip click) or page: open the side panel for the sender's tab (or `tabId`). */
  'open-panel': { request: z.object({ tabId: tabId.optional() }), reply: z.null() },
  /** The panel's current state for a tab; starts resolution when needed (answers without waiting for it). */
  'panel-state': { request: z.object({ tabId }), reply: PanelState },
  /** Revalidate the tab's profile now, ignoring cache freshness. */
  refresh: { request: z.object({ tabId }), reply: PanelState },
  /** Choose which of the lead's conversations the tab's panel shows. */
  'select-conversation': { request: z.object({ tabId, conversationId: id }), reply: PanelState },
  /** Recent messages of one conversation, fetched on demand (newest first, 50 a page). */
  'conversation-messages': {
    request: z.object({ conversationId: id, page: z.number().int().nonnegative().optional() }),
    reply: ConversationMessagesView,
  },
  /** Save (`replace`) or append to a conversation's note. Queued in the outbox; replies with the item. */
  'save-note': {
    request: z.object({ ...conversationTarget, mode: NoteMode, text: z.string().max(100_000) }),
    reply: OutboxItemView,
  },
  archive: { request: z.object(conversationTarget), reply: OutboxItemView },
  unarchive: { request: z.object(conversationTarget), reply: OutboxItemView },
  /** Snooze until `until` (epoch ms, in the future). */
  snooze: { request: z.object({ ...conversationTarget, until: z.number().int().positive() }), reply: OutboxItemView },
  unsnooze: { request: z.object(conversationTarget), reply: OutboxItemView },
  /** Create the lead for a profile in the audience named `audience` (created if missing). Queued. */
  'add-to-audience': {
    request: z.object({
      profileUrl: z.string().max(4096),
      audience: z.string().min(1).max(200),
      firstname: z.string().max(200).optional(),
      lastname: z.string().max(200).optional(),
    }),
    reply: OutboxItemView,
  },
  /** Enrich a lead (by id) or a profile (names + profile URL). Spends credits: show `credits` first. */
  enrich: {
    request: z.union([
      z.object({ enrichType: EnrichType, leadId: id }),
      z.object({
        enrichType: EnrichType,
        profileUrl: z.string().max(4096),
        firstname: z.string().min(1).max(200),
        lastname: z.string().min(1).max(200),
      }),
    ]),
    reply: EnrichResultView,
  },
  credits: { request: z.object({}), reply: CreditsView },
  audiences: { request: z.object({}), reply: z.array(AudienceView) },
  identities: { request: z.object({}), reply: z.array(IdentityView) },
  /** The call log, newest first. */
  'call-log': {
    request: z.object({
      failedOnly: z.boolean().optional(),
      limit: z.number().int().positive().max(500).optional(),
    }),
    reply: z.array(CallLogRow),
  },
  /** Every item in the outbox (pending, sending, failed), oldest first. */
  'outbox-list': { request: z.object({}), reply: z.array(OutboxItemView) },
  /** Send a failed item again (it goes back to pending). */
  'outbox-retry': { request: z.object({ id }), reply: OutboxItemView },
  /** Drop a failed or pending item without sending it. */
  'outbox-discard': { request: z.object({ id }), reply: z.null() },
  'settings-get': { request: z.object({}), reply: SettingsView },
  /**
   * Change some settings. A base URL outside the built-in host permissions must have been granted first
   * (`browser.permissions.request` from the options page, on a click); else `permission-required`.
   */
  'settings-set': { request: z.object({ patch: Settings.partial() }), reply: SettingsView },
  /** Store the key (IndexedDB, or `storage.session` when `sessionOnly`). Does not test it. */
  'key-set': {
    request: z.object({ key: z.string().trim().min(1).max(500), sessionOnly: z.boolean() }),
    reply: SettingsView,
  },
  /** `GET /members` with the given key (not stored) or, without one, with the stored key. */
  'key-test': { request: z.object({ key: z.string().trim().min(1).max(500).optional() }), reply: KeyTestView },
  'key-clear': { request: z.object({}), reply: SettingsView },
} as const;

type ProtocolDefs = typeof protocol;
export type RequestType = keyof ProtocolDefs;

/** zod infers `z.object({})` as an index signature of `never`; a request without fields is `{}`. */
type Payload<T> = string extends keyof T ? Record<never, never> : T;

/** Request type → `{ request: payload without 'type'; reply: the reply's value }`. */
export type Protocol = {
  [K in RequestType]: { request: Payload<z.infer<ProtocolDefs[K]['request']>>; reply: z.infer<ProtocolDefs[K]['reply']> };
};
export type PayloadOf<K extends RequestType> = Protocol[K]['request'];
export type ReplyOf<K extends RequestType> = Protocol[K]['reply'];
/** A whole request as it travels: `{ type, ...payload }`. */
export type RequestOf<K extends RequestType> = { type: K } & PayloadOf<K>;
export type Request = { [K in RequestType]: RequestOf<K> }[RequestType];

/** Requests a content script may send (from a tab on a profile host); everything else is pages-only. */
export const CONTENT_SCRIPT_REQUESTS: readonly RequestType[] = ['profile-viewed', 'open-panel'];

export const REQUEST_TYPES = Object.keys(protocol) as RequestType[];

function isRequestType(value: unknown): value is RequestType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(protocol, value);
}

/**
 * Validates an incoming message. On success returns the typed request (with unknown fields dropped);
 * on failure, an ErrorView with code `bad-request` naming the offending field.
 */
export function parseRequest(raw: unknown): { ok: true; request: Request } | { ok: false; error: ErrorView } {
  if (typeof raw !== 'object' || raw === null) return badRequest('a message must be an object');
  const type = (raw as { type?: unknown }).type;
  if (!isRequestType(type)) return badRequest(`unknown message type ${JSON.stringify(String(type)).slice(0, 60)}`);
  const { type: _type, ...payload } = raw as Record<string, unknown>;
  const parsed = protocol[type].request.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'message';
    return badRequest(`${type}: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return { ok: true, request: { type, ...(parsed.data as object) } as Request };
}

function badRequest(message: string): { ok: false; error: ErrorView } {
  return { ok: false, error: { code: 'bad-request', message } };
}

// ---------------------------------------------------------------------------------------------------
// Push channel

export const PANEL_PORT = 'panel';
export const OUTBOX_PORT = 'outbox';

/** Panel → background over a PANEL_PORT port. */
export const PanelSubscribe = z.object({ subscribe: tabId });
export type PanelSubscribe = z.infer<typeof PanelSubscribe>;

/** Background → panel over a PANEL_PORT port. */
export const PanelPush = z.object({ type: z.literal('panel-state'), tabId, state: PanelState });
export type PanelPush = z.infer<typeof PanelPush>;

/** Background → options page over an OUTBOX_PORT port. */
export const OutboxPush = z.object({ type: z.literal('outbox'), items: z.array(OutboxItemView) });
export type OutboxPush = z.infer<typeof OutboxPush>;

/** Background → content script via `tabs.sendMessage`. */
export const ChipPush = z.object({ type: z.literal('chip-state'), state: ChipState });
export type ChipPush = z.infer<typeof ChipPush>;

// ---------------------------------------------------------------------------------------------------
// Typed sender for the surfaces

/** `browser.runtime.sendMessage` or any transport with the same shape. */
export type Transport = (message: unknown) => Promise<unknown>;

export interface Messenger {
  /** Sends a request; resolves to the reply envelope (never rejects for an error the background reports). */
  send<K extends RequestType>(type: K, payload: PayloadOf<K>): Promise<Reply<ReplyOf<K>>>;
}

/**
 * Wraps a transport into a typed messenger. Replies are validated too: a reply that does not match its
 * schema (or a transport failure, such as a worker being restarted) becomes an `internal` error value.
 */
export function createMessenger(transport: Transport): Messenger {
  return {
    async send<K extends RequestType>(type: K, payload: PayloadOf<K>): Promise<Reply<ReplyOf<K>>> {
      let raw: unknown;
      try {
        raw = await transport({ type, ...(payload as object) });
      } catch (error) {
        return { ok: false, error: { code: 'internal', message: `The extension did not answer: ${describe(error)}` } };
      }
      const parsed = replySchema(protocol[type].reply).safeParse(raw);
      if (!parsed.success) {
        return { ok: false, error: { code: 'internal', message: `Unexpected reply to ${type}.` } };
      }
      return parsed.data as Reply<ReplyOf<K>>;
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
