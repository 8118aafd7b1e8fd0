/** What each request carries: validated by the background before anything else (`parseRequest`). */
import { z } from 'zod/mini';
import { ENRICH_TYPES } from '../api/enrichment';
import { LeadStatus } from '../api/schemas/lead-status';
import { NOTE_MODES } from '../inbox/note-rules';
import { QUEUE_PAGE_SIZE } from '../inbox/queue-shape';
import { FOLLOW_UP_DAYS_MAX } from '../inbox/follow-up';
import { SNIPPET_NAME_MAX, SNIPPET_TEXT_MAX } from '../inbox/snippets';
import {
  PageSelection,
  PostCategory,
  ReplyChannelView,
  ReplyDraftView,
  QueueView,
} from '../views';
import { Settings } from '../settings';
import { id, screen, tabId, nameWord, conversationTarget, pagePerson, PAGE_PEOPLE_MAX } from './fields';

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
  /**
   * The person's records in the team's CRMs (issue 44): by the tab's profile address, then the lead's
   * email, then its name and company. `byName`: the words the user pressed to search by (a non-lead's
   * name and company come from the page, so they are sent only at the press of a button).
   */
  'crm-records': z.object({
    tabId,
    leadId: z.optional(id),
    byName: z.optional(z.object({ firstname: nameWord, lastname: nameWord, companyName: nameWord })),
  }),
  /** Where the lead stands in a campaign (its statsleads item); `further`: the user asked to read on. */
  'campaign-standing': z.object({ leadId: id, campaignId: id, further: z.optional(z.boolean()) }),
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
  /** "New audience…" (issue 43): POST /audiences/create, once whatever fails (`handlers/audience-create.ts`). */
  'audience-create': z.object({ name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) }),
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
  'page-people': z.object({
    pageUrl: z.string().check(z.maxLength(4096)),
    people: z.array(pagePerson).check(z.maxLength(PAGE_PEOPLE_MAX)),
    /** A search page: the result count its text states (issue 43), null when it states none. */
    statedCount: z.optional(z.nullable(z.int().check(z.nonnegative()))),
  }),
  /** Content script: whether a "This page" view wants the page's people now (read only then, issue 42). */
  'page-people-wanted': z.object({}),
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
  /** The selection the tab's list pages were given (issue 43: it spans pages), kept by the worker. */
  'this-page-selection': z.object({ tabId }),
  'this-page-select': z.object({ tabId, selection: PageSelection }),
  /**
   * "Enrich the selected" (issue 43): these people, each enriched once with `enrichType`, through the
   * outbox at list priority (`handlers/enrich-selected.ts`).
   */
  'this-page-enrich': z.object({
    tabId,
    enrichType: z.enum(ENRICH_TYPES),
    people: z.array(pagePerson).check(z.minLength(1), z.maxLength(PAGE_PEOPLE_MAX)),
  }),
  /** Undo of the whole batch: what it added leaves the audience (POST /leads/removefromaudience), and only that. */
  'this-page-undo': z.object({ tabId, batchId: id }),
  /**
   * The panel's confirm of "Import all N results" (issue 43): ONE POST /audiences for the search or
   * post the tab shows, through the outbox; `audienceId`: an existing audience picked (its size then).
   */
  'this-page-import': z.object({
    tabId,
    audience: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    audienceId: z.optional(id),
    audienceSize: z.optional(z.nullable(z.int().check(z.nonnegative()))),
    identityId: id,
    postCategory: z.optional(PostCategory),
    excludeContactedLeads: z.boolean(),
    autoImport: z.boolean(),
  }),
  // Live replies (issue 36): the options page's Test of the team relay (its address and token as typed).
  'relay-test': z.object({ url: z.url({ protocol: /^https?$/ }).check(z.maxLength(2048)), token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  /** The open queue's first page, read again at list priority, relay or not (at most once a minute, the queue's timer). */
  'inbox-revalidate': z.object({ view: QueueView, identityId: z.optional(id), campaignId: z.optional(id), untouchedDays: z.optional(z.int().check(z.minimum(1), z.maximum(365))) }),
  /** The open panel's conversation, read again, relay or not (list priority; at most once a minute, the panel's timer). */
  'conversation-revalidate': z.object(conversationTarget),
} as const;

export type RequestType = keyof typeof requests;
