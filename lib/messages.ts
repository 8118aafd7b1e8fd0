/**
 * The message protocol between the extension's surfaces (side panel, popup, options page, content
 * script) and the background worker.
 *
 * Three channels:
 * 1. Request/reply: `browser.runtime.sendMessage(request)` → `Reply<T>`. Every request is one member of
 *    the discriminated union `Request` (field `type`), validated with zod by the background before
 *    anything else; every reply is the envelope `{ok: true, value} | {ok: false, error}`. Errors cross the
 *    boundary as values (`ErrorView`: a code the UI switches on and words, with details), never as throws.
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
 * the requests in `CONTENT_SCRIPT_REQUESTS` from a tab showing a profile, and `LIST_SCRIPT_REQUESTS`
 * from any other page of a configured profile host. Everything
 * else is refused with the error code `forbidden`.
 *
 * Times are epoch milliseconds throughout.
 */
import { z } from 'zod/mini';
import { ENRICH_TYPES } from './api/enrichment';
import { LeadStatus } from './api/schemas/lead-status';
import { NOTE_MODES } from './inbox/note-rules';
import { QUEUE_PAGE_SIZE } from './inbox/queue-shape';
import { FOLLOW_UP_DAYS_MAX } from './inbox/follow-up';
import { SNIPPET_NAME_MAX, SNIPPET_TEXT_MAX } from './inbox/snippets';
import {
  ActivityPageView,
  AudienceView,
  CampaignAudienceView,
  CallLogRow,
  ChipState,
  ConversationMessagesView,
  CreditsView,
  EnrichResultView,
  ErrorView,
  IdentityView,
  InboxChoicesView,
  InboxCountView,
  InboxLeadView,
  InboxPageView,
  InboxPreviewView,
  InboxRowView,
  KeyTestView,
  ReplyChannelView,
  ReplyContextView,
  ReplyDraftView,
  ReplyMembersView,
  ReplySnippetView,
  ReplyTemplatesView,
  LeadLinkView,
  ListBadge,
  NameSearchView,
  OutboxItemView,
  PanelState,
  QueueView,
  SettingsView,
  ThisPageView,
} from './views';
import { Settings } from './settings';

/** The reply envelope of every request. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: ErrorView };

export function replySchema<T extends z.ZodMiniType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: ErrorView }),
  ]);
}

// ---------------------------------------------------------------------------------------------------
// Requests. Each type: its payload's schema (without `type`) in `requests`, its reply's `value` in `replies`.

const id = z.string().check(z.minLength(1), z.maxLength(200));
/** A queue screen's name, chosen by the panel (`inbox-leave`). */
const screen = z.string().check(z.minLength(1), z.maxLength(100));
const tabId = z.number().check(z.int(), z.nonnegative());
/** A word of a name search: what the user typed (the page only suggests it), bounded. */
const nameWord = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/** Every conversation mutation targets a conversation by its id; leadId places it in a panel. */
const conversationTarget = { conversationId: id, leadId: id };

/** "This page": most people one page lists to the worker, and one batch adds. */
export const PAGE_PEOPLE_MAX = 200;
const pageWord = z.optional(z.string().check(z.trim(), z.maxLength(200)));
const pagePerson = z.object({ url: z.string().check(z.maxLength(4096)), name: pageWord, title: pageWord, company: pageWord });

/** What each request carries (its payload, without `type`): validated by the background before anything else. */
export const requests = {
  /**
   * Content script: the tab now shows this page (raw location href; `name`: the person's name as the
   * page shows it, used to prefill Add to audience). Replies with the chip's state; later changes are
   * pushed as ChipPush.
   */
  'profile-viewed': z.object({
    url: z.string().check(z.maxLength(4096)),
    name: z.optional(z.string().check(z.maxLength(200))),
    /** The current company and job title the page shows: suggestions, sent to the service only by `add-to-audience` and `find-by-name`. */
    company: z.optional(z.string().check(z.maxLength(200))),
    jobTitle: z.optional(z.string().check(z.maxLength(200))),
    /** On a lead page (`/sales/lead/...`): the one public profile link its header shows. */
    profileLink: z.optional(z.string().check(z.maxLength(4096))),
    /** Real pages (issue 33): the page says it does not exist; its URL shows nobody, so nothing is looked up. */
    notFound: z.optional(z.literal(true)),
  }),
  /**
   * Content script (chip or list badge click) or page: open the side panel for the sender's tab (or
   * `tabId`); with `profileUrl` (a badge on a list), the panel shows that profile without leaving the list.
   */
  'open-panel': z.object({ tabId: z.optional(tabId), profileUrl: z.optional(z.string().check(z.maxLength(4096))) }),
  /**
   * Content script: the profiles listed on screen now (their link hrefs; at most 100 a message). Replies
   * with the badges the cache holds at once; the others are resolved at list priority and pushed as
   * ListBadgePush. Profiles no longer listed lose their pending lookups.
   */
  'list-badges': z.object({ urls: z.array(z.string().check(z.maxLength(4096))).check(z.maxLength(100)) }),
  /** Content script: the pointer rests on a profile link: resolve it now (list priority) so that it opens resolved. */
  'list-prefetch': z.object({ url: z.string().check(z.maxLength(4096)) }),
  /** The panel's current state for a tab; starts resolution when needed (answers without waiting for it). */
  'panel-state': z.object({ tabId }),
  /** Revalidate the tab's profile now, ignoring cache freshness. */
  refresh: z.object({ tabId }),
  /** Choose which of the lead's conversations the tab's panel shows. */
  'select-conversation': z.object({ tabId, conversationId: id }),
  /** Several leads share the tab's profile: remember this one for it (null: forget the choice). */
  'choose-lead': z.object({ tabId, leadId: z.nullable(id) }),
  /**
   * Find by name: the leads with these names and company (typed by the user, prefilled from the
   * page). Sent only when the user presses the button.
   */
  'find-by-name': z.object({ tabId, firstname: nameWord, lastname: nameWord, companyName: nameWord }),
  /** Link the tab's profile to this lead on this browser (the profile then resolves to it). */
  'link-lead': z.object({ tabId, leadId: id, name: z.string().check(z.maxLength(200)) }),
  /** The profiles linked by hand on this browser, newest first. */
  'lead-links': z.object({}),
  /** Forget a profile's link; replies with the links left. */
  'unlink-lead': z.object({ profileUrl: z.string().check(z.maxLength(4096)) }),
  /** The tab's linked lead has no pronetUrl: set it to the tab's profile (POST /leads merge by leadId). */
  'set-lead-url': z.object({ tabId }),
  /** A page of a lead's activity (`Show more`), most recent first. */
  'lead-activity': z.object({
    leadId: id,
    skip: z.number().check(z.int(), z.nonnegative(), z.maximum(100_000)),
    limit: z.number().check(z.int(), z.minimum(1), z.maximum(100)),
  }),
  /** Recent messages of one conversation, fetched on demand (newest first, 50 a page). */
  'conversation-messages': z.object({ conversationId: id, page: z.optional(z.number().check(z.int(), z.nonnegative())) }),
  /** Save (`replace`) or append to a conversation's note. Queued in the outbox; replies with the item. */
  'save-note': z.object({ ...conversationTarget, mode: z.enum(NOTE_MODES), text: z.string().check(z.maxLength(100_000)) }),
  archive: z.object(conversationTarget),
  unarchive: z.object(conversationTarget),
  /** Snooze until `until` (epoch ms, in the future). */
  snooze: z.object({ ...conversationTarget, until: z.number().check(z.int(), z.positive()) }),
  unsnooze: z.object(conversationTarget),
  /** Set the lead's status in the conversation's campaign (POST /leads/status). Queued. */
  qualify: z.object({ ...conversationTarget, status: LeadStatus }),
  /** Create the lead for a profile in the audience named `audience` (created if missing). Queued. */
  'add-to-audience': z.object({
    profileUrl: z.string().check(z.maxLength(4096)),
    audience: z.string().check(z.minLength(1), z.maxLength(200)),
    firstname: z.optional(z.string().check(z.maxLength(200))),
    lastname: z.optional(z.string().check(z.maxLength(200))),
    companyName: z.optional(z.string().check(z.maxLength(200))),
    jobTitle: z.optional(z.string().check(z.maxLength(200))),
  }),
  /**
   * Put an existing lead (one with no conversation yet) in a campaign's audience: POST /leads merging
   * by `leadId`, nothing else written. Queued; `profileUrl` is the panel's, to show it there.
   */
  'lead-to-audience': z.object({ leadId: id, profileUrl: z.string().check(z.maxLength(4096)), audience: z.string().check(z.minLength(1), z.maxLength(200)) }),
  /** The campaigns a lead can be added to (not completed), each with its audience. */
  'campaign-audiences': z.object({}),
  /** Enrich a lead (by id) or a profile (names + profile URL). Spends credits: show `credits` first. */
  enrich: z.union([
    z.object({ enrichType: z.enum(ENRICH_TYPES), leadId: id }),
    z.object({
      enrichType: z.enum(ENRICH_TYPES),
      profileUrl: z.string().check(z.maxLength(4096)),
      firstname: z.string().check(z.minLength(1), z.maxLength(200)),
      lastname: z.string().check(z.minLength(1), z.maxLength(200)),
      // Issue 34 (lead panel): the lead an enrichment makes of a profile gets the form's facts.
      companyName: z.optional(z.string().check(z.maxLength(200))),
      jobTitle: z.optional(z.string().check(z.maxLength(200))),
    }),
  ]),
  credits: z.object({}),
  audiences: z.object({}),
  identities: z.object({}),
  /** The call log, newest first. */
  'call-log': z.object({
    failedOnly: z.optional(z.boolean()),
    limit: z.optional(z.number().check(z.int(), z.positive(), z.lte(500))),
  }),
  /** Every item in the outbox (pending, sending, failed), oldest first. */
  'outbox-list': z.object({}),
  /** Send a failed item again (it goes back to pending). */
  'outbox-retry': z.object({ id }),
  /** Drop a failed or pending item without sending it. */
  'outbox-discard': z.object({ id }),
  /** Why the extension's storage is not usable (`storage` with its reason), or null when it is. */
  'storage-status': z.object({}),
  'settings-get': z.object({}),
  /**
   * Change some settings. A base URL outside the built-in host permissions must have been granted first
   * (`browser.permissions.request` from the options page, on a click); else `permission-required`.
   */
  'settings-set': z.object({ patch: z.partial(Settings) }),
  /** Store the key (IndexedDB, or `storage.session` when `sessionOnly`). Does not test it. */
  'key-set': z.object({ key: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)), sessionOnly: z.boolean() }),
  /**
   * `GET /members` with the given key (not stored) or, without one, with the stored key; at the given
   * base URL (typed, not stored; its host permission granted first) or, without one, the stored one.
   */
  'key-test': z.object({ key: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))), baseUrl: z.optional(Settings.shape.baseUrl) }),
  'key-clear': z.object({}),
  /**
   * A page of the inbox queue: the first without `cursor` (fresh from the cache unless `reload`),
   * the next ones with the previous page's `nextToken` and `at` (the same filters).
   */
  'inbox-page': z.object({
    view: QueueView,
    identityId: z.optional(id),
    campaignId: z.optional(id),
    untouchedDays: z.optional(z.int().check(z.minimum(1), z.maximum(365))),
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2000))),
    at: z.optional(z.int().check(z.positive())),
    reload: z.optional(z.boolean()),
    /** How many of the first rows fit on screen: their leads are looked up as soon as the page arrives. */
    lookUp: z.optional(z.int().check(z.minimum(0), z.maximum(QUEUE_PAGE_SIZE))),
    /** The screen these rows are shown on (the look-ups the page starts belong to it). */
    screen: z.optional(screen),
  }),
  /** The leads of queue rows now on screen (looked up by id, cached; a page's worth at most). */
  'inbox-leads': z.object({ leadIds: z.array(id).check(z.minLength(1), z.maxLength(QUEUE_PAGE_SIZE)), screen: z.optional(screen) }),
  /** The first line of the lead's last message of queue rows now on screen (a page's worth at most). */
  'inbox-previews': z.object({ conversationIds: z.array(id).check(z.minLength(1), z.maxLength(QUEUE_PAGE_SIZE)), screen: z.optional(screen) }),
  /** The rows of `screen` left it (another view, a new first page, the queue closed): their calls still queued are dropped. */
  'inbox-leave': z.object({ screen }),
  /** The identities and campaigns a queue view can be narrowed to. */
  'inbox-choices': z.object({}),
  /** The toolbar count (conversations waiting for a reply), as last refreshed. */
  'inbox-count': z.object({}),
  /** Navigates the tab to a lead's profile (the address of the profile host the tab is on, else the canonical one). */
  'open-profile': z.object({ tabId, profileUrl: z.string().check(z.maxLength(4096)) }),
  /** What the reply composer needs for a conversation (channels, thread, who I am, undo window, draft). */
  'reply-context': z.object(conversationTarget),
  /** Queues a reply in the outbox, held for the undo window; replies with the item. */
  'reply-send': z.object({
    ...conversationTarget,
    channel: ReplyChannelView,
    text: z.string().check(z.maxLength(100_000)),
    /** Email: starts a thread with this subject (else: in the last thread). */
    subject: z.optional(z.string().check(z.maxLength(500))),
    /** Follow-up (issue 36): once the reply lands, the conversation is snoozed this many days (woken by the service, or by the lead's answer). */
    remindInDays: z.optional(z.int().check(z.minimum(1), z.maximum(FOLLOW_UP_DAYS_MAX))),
  }),
  /** Takes a reply back during its undo window; replies with what it said (its draft again). */
  'reply-undo': z.object({ id }),
  /** Keeps the draft of a conversation's reply (an empty text drops it). */
  'reply-draft': z.object({ conversationId: id, draft: ReplyDraftView.check(z.refine((d) => d.text.length <= 100_000)) }),
  /** The workspace's members, to say who "I am". */
  'reply-members': z.object({}),
  /**
   * Who "I am" for the stored key (the member a pronet message is sent by); `resend`: a reply refused
   * because the member it went as has left (`member-gone`) goes again, as this member.
   */
  'reply-member-set': z.object({ memberId: id, resend: z.optional(id) }),
  /** The reply picker: the conversation's campaign templates (fetched once per campaign), the snippets, the merge fields. */
  'reply-templates': z.object(conversationTarget),
  /** Keeps a snippet of the user's (new); replies with all of them. */
  'reply-snippet-save': z.object({ name: z.string().check(z.trim(), z.minLength(1), z.maxLength(SNIPPET_NAME_MAX)), text: z.string().check(z.minLength(1), z.maxLength(SNIPPET_TEXT_MAX)) }),
  /** Forgets a snippet; replies with the rest. */
  'reply-snippet-delete': z.object({ id }),
  // ---- "This page" (issue 35): a list page's people added to an audience as one batch ----
  /**
   * Content script: the people the list page shows now, in page order (each row's primary person and
   * what the row says of them); replaces what the tab listed before. Replies null.
   */
  'page-people': z.object({ pageUrl: z.string().check(z.maxLength(4096)), people: z.array(pagePerson).check(z.maxLength(PAGE_PEOPLE_MAX)) }),
  /** The panel: the tab's page people, their badges, the latest batch. */
  'this-page': z.object({ tabId }),
  /** The panel's press: these people into this audience, each once, through the outbox at list priority. */
  'this-page-add': z.object({
    tabId,
    audience: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    /** The audience's id (the picker's), to read an uncertain add back by. */
    audienceId: id,
    people: z.array(pagePerson).check(z.minLength(1), z.maxLength(PAGE_PEOPLE_MAX)),
  }),
  /** Undo of the whole batch: what it added leaves the audience (POST /leads/removefromaudience), and only that. */
  'this-page-undo': z.object({ tabId, batchId: id }),
  // Live replies (issue 36): the options page's Test of the team relay (its address and token as typed).
  'relay-test': z.object({ url: z.url({ protocol: /^https?$/ }).check(z.maxLength(2048)), token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  /** Without a live relay: the open queue's first page, read again at list priority (at most once a minute, the queue's timer). */
  'inbox-revalidate': z.object({ view: QueueView, identityId: z.optional(id), campaignId: z.optional(id), untouchedDays: z.optional(z.int().check(z.minimum(1), z.maximum(365))) }),
  /** Without a live relay: the open panel's conversation, read again (list priority; at most once a minute, the panel's timer). */
  'conversation-revalidate': z.object(conversationTarget),
} as const;

/**
 * The schema of each request's reply `value`, against which the surfaces check the background's
 * replies (`createMessenger`). Apart from `requests` so that each bundle carries only its half: a page
 * sends and checks replies (no request schema), the worker checks requests (its replies are typed).
 */
export const replies = {
  'profile-viewed': ChipState,
  'open-panel': z.null(),
  'list-badges': z.array(ListBadge),
  'list-prefetch': z.null(),
  'panel-state': PanelState,
  refresh: PanelState,
  'select-conversation': PanelState,
  'choose-lead': PanelState,
  'find-by-name': NameSearchView,
  'link-lead': PanelState,
  'lead-links': z.array(LeadLinkView),
  'unlink-lead': z.array(LeadLinkView),
  'set-lead-url': PanelState,
  'lead-activity': ActivityPageView,
  'conversation-messages': ConversationMessagesView,
  'save-note': OutboxItemView,
  archive: OutboxItemView,
  unarchive: OutboxItemView,
  snooze: OutboxItemView,
  unsnooze: OutboxItemView,
  qualify: OutboxItemView,
  'add-to-audience': OutboxItemView,
  'lead-to-audience': OutboxItemView,
  'campaign-audiences': z.array(CampaignAudienceView),
  enrich: EnrichResultView,
  credits: CreditsView,
  audiences: z.array(AudienceView),
  identities: z.array(IdentityView),
  'call-log': z.array(CallLogRow),
  'outbox-list': z.array(OutboxItemView),
  'outbox-retry': OutboxItemView,
  'outbox-discard': z.null(),
  'storage-status': z.nullable(ErrorView),
  'settings-get': SettingsView,
  'settings-set': SettingsView,
  'key-set': SettingsView,
  'key-test': KeyTestView,
  'key-clear': SettingsView,
  'inbox-page': InboxPageView,
  'inbox-leads': z.array(InboxLeadView),
  'inbox-previews': z.array(InboxPreviewView),
  'inbox-leave': z.null(),
  'inbox-choices': InboxChoicesView,
  'inbox-count': InboxCountView,
  'open-profile': z.null(),
  'reply-context': ReplyContextView,
  'reply-send': OutboxItemView,
  'reply-undo': ReplyDraftView,
  'reply-draft': z.null(),
  'reply-members': ReplyMembersView,
  'reply-member-set': z.null(),
  'reply-templates': ReplyTemplatesView,
  'reply-snippet-save': z.array(ReplySnippetView),
  'reply-snippet-delete': z.array(ReplySnippetView),
  // ---- "This page" (issue 35)
  'page-people': z.null(),
  'this-page': ThisPageView,
  'this-page-add': ThisPageView,
  'this-page-undo': ThisPageView,
  // Live replies (issue 36).
  'relay-test': z.object({ result: z.enum(['ok', 'refused', 'unreachable']) }),
  /** Null: not read (the relay is live). */
  'inbox-revalidate': z.nullable(InboxPageView),
  /** Whether a call was made (false: the relay is live, or nothing changed was asked). */
  'conversation-revalidate': z.object({ called: z.boolean() }),
} as const satisfies Record<keyof typeof requests, z.ZodMiniType>;

export type RequestType = keyof typeof requests;

/** zod infers `z.object({})` as an index signature of `never`; a request without fields is `{}`. */
type Payload<T> = string extends keyof T ? Record<never, never> : T;

/** Request type → `{ request: payload without 'type'; reply: the reply's value }`. */
export type Protocol = {
  [K in RequestType]: { request: Payload<z.infer<(typeof requests)[K]>>; reply: z.infer<(typeof replies)[K]> };
};
export type PayloadOf<K extends RequestType> = Protocol[K]['request'];
export type ReplyOf<K extends RequestType> = Protocol[K]['reply'];
/** A whole request as it travels: `{ type, ...payload }`. */
export type RequestOf<K extends RequestType> = { type: K } & PayloadOf<K>;
export type Request = { [K in RequestType]: RequestOf<K> }[RequestType];

/** Requests a content script may send (from a tab on a profile host); everything else is pages-only. */
export const CONTENT_SCRIPT_REQUESTS: readonly RequestType[] = ['profile-viewed', 'open-panel', 'list-badges', 'list-prefetch', 'page-people'];
/** Requests a content script may send from any other page of a profile host (search results, feed, company pages). */
export const LIST_SCRIPT_REQUESTS: readonly RequestType[] = ['open-panel', 'list-badges', 'list-prefetch', 'page-people'];

export const REQUEST_TYPES = /* @__PURE__ */ Object.keys(requests) as RequestType[];

function isRequestType(value: unknown): value is RequestType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(requests, value);
}

/**
 * Validates an incoming message. On success returns the typed request (with unknown fields dropped);
 * on failure, an ErrorView with code `bad-request` whose detail names the offending field.
 */
export function parseRequest(raw: unknown): { ok: true; request: Request } | { ok: false; error: ErrorView } {
  if (typeof raw !== 'object' || raw === null) return badRequest('a message must be an object');
  const type = (raw as { type?: unknown }).type;
  if (!isRequestType(type)) return badRequest(`unknown message type ${JSON.stringify(String(type)).slice(0, 60)}`);
  const { type: _type, ...payload } = raw as Record<string, unknown>;
  const parsed = requests[type].safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'message';
    return badRequest(`${type}: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return { ok: true, request: { type, ...(parsed.data as object) } as Request };
}

function badRequest(detail: string): { ok: false; error: ErrorView } {
  return { ok: false, error: { code: 'bad-request', detail } };
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

/** The state a PANEL_PORT push carries for `tabId`, or undefined (the envelope checked by hand, as replies are). */
export function panelPushState(raw: unknown, tabId: number): PanelState | undefined {
  if (!isRecord(raw) || raw.type !== 'panel-state' || raw.tabId !== tabId || !isRecord(raw.state)) return undefined;
  return raw.state as PanelState;
}

/** The items an OUTBOX_PORT push carries, or undefined. */
export function outboxPushItems(raw: unknown): OutboxPush['items'] | undefined {
  return isRecord(raw) && raw.type === 'outbox' && Array.isArray(raw.items) ? (raw.items as OutboxPush['items']) : undefined;
}

// Live replies (issue 36): background → the open queues over a LIVE_PORT port, a row a relayed event changed.
export const LIVE_PORT = 'live';
export const LivePush = z.object({ type: z.literal('inbox-live'), row: InboxRowView, preview: z.nullable(InboxPreviewView) });
export type LivePush = z.infer<typeof LivePush>;
/** The row (and its preview) a LIVE_PORT push carries, or undefined. */
export function livePushRow(raw: unknown): Omit<LivePush, 'type'> | undefined {
  return isRecord(raw) && raw.type === 'inbox-live' && isRecord(raw.row) ? (raw as LivePush) : undefined;
}

/** Background → content script via `tabs.sendMessage`. */
export const ChipPush = z.object({ type: z.literal('chip-state'), state: ChipState });
export type ChipPush = z.infer<typeof ChipPush>;

/** Background → content script via `tabs.sendMessage`: badges resolved or changed for listed profiles. */
export const ListBadgePush = z.object({ type: z.literal('list-badges'), badges: z.array(ListBadge) });
export type ListBadgePush = z.infer<typeof ListBadgePush>;

// Issue 34, the toolbar count pushed: the popup's "N waiting" follows the count as it moves (a
// reply, an archive), instead of the number it read when it opened.
/** Background → extension pages via `runtime.sendMessage` (a page not open just misses it). */
export const InboxCountPush = z.object({ type: z.literal('inbox-count-changed'), count: z.nullable(z.number()) });
export type InboxCountPush = z.infer<typeof InboxCountPush>;

/** The count an `inbox-count-changed` push carries (null: not known), or undefined for any other message. */
export function inboxCountPushed(raw: unknown): number | null | undefined {
  if (!isRecord(raw) || raw.type !== 'inbox-count-changed') return undefined;
  return raw.count === null || (typeof raw.count === 'number' && Number.isFinite(raw.count)) ? raw.count : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Typed sender for the surfaces

/** `browser.runtime.sendMessage` or any transport with the same shape. */
export type Transport = (message: unknown) => Promise<unknown>;

export interface Messenger {
  /** Sends a request; resolves to the reply envelope (never rejects for an error the background reports). */
  send<K extends RequestType>(type: K, payload: PayloadOf<K>): Promise<Reply<ReplyOf<K>>>;
}

/**
 * Wraps a transport into a typed messenger. A reply that is no envelope (or a transport failure, such
 * as a worker being restarted) becomes an `internal` error value. The envelope is checked by hand, not
 * by its schema: the worker that answers is of the same build as the surface that asks, so the full
 * check belongs at the trust boundaries (the worker validates every request; the API client every
 * answer of the service), and the surfaces carry no zod, a quarter of the store zip.
 */
export function createMessenger(transport: Transport): Messenger {
  return {
    async send<K extends RequestType>(type: K, payload: PayloadOf<K>): Promise<Reply<ReplyOf<K>>> {
      let raw: unknown;
      try {
        raw = await transport({ type, ...(payload as object) });
      } catch (error) {
        return { ok: false, error: { code: 'internal', reason: 'no-answer', detail: describe(error) } };
      }
      if (!isReplyEnvelope(raw)) {
        return { ok: false, error: { code: 'internal', reason: 'unexpected-reply', detail: type } };
      }
      return raw as Reply<ReplyOf<K>>;
    },
  };
}

function isRecord(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw);
}

/** `{ok: true, value}` (a value of `undefined` does not survive the transport) or `{ok: false, error}`. */
export function isReplyEnvelope(raw: unknown): raw is Reply<unknown> {
  if (!isRecord(raw)) return false;
  if (raw.ok === true) return true;
  return raw.ok === false && isRecord(raw.error) && typeof raw.error.code === 'string';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
