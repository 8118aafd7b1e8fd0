/**
 * The background worker's composition root: one rate-limited client (limiter state kept in IndexedDB
 * across worker restarts), the call log, the resolver, the outbox, the key and the settings, and the
 * per-tab state the panels, chips and badges show. Every browser API comes in through `deps`, so the
 * whole service runs in unit tests (fake-indexeddb, fake clock) and in contract tests (real HTTP).
 *
 * The key leaves this module only through the client's `Authorization: Bearer` header: no reply,
 * push, call-log row or error message carries it (error messages are redacted as a last guard).
 */
import type { RetryPolicy } from '../api/backoff';
import { createClient, type CallRecord, type Client } from '../api/client';
import { ApiError, isAbortError } from '../api/errors';
import type { ConversationSummary } from '../api/schemas';
import { createSlidingWindowLimiter, systemClock, type LimiterState, type RateLimiter } from '../api/rate-limiter';
import { snooze as snoozeTransition } from '../inbox/conversation-state';
import { type Reply, type Request, type ReplyOf, type RequestOf, type RequestType } from '../messages';
import { KEY_TEST_MEMBERS_MAX, type ChipState, type ChipView, type AudienceView, type ConversationMessagesView, type CreditsView, type ErrorView, type IdentityView, type OutboxItemView, type PanelState, type SettingsView } from '../views';
import { type Settings } from '../settings';
import { canonicalProfileUrl } from '../pronet/canonical-url';
import { createProfileCache, type ProfileCache } from '../store/cache';
import { createCallLog, type CallLog } from '../store/call-log';
import type { CompanionDb, OutboxAction, OutboxRecord } from '../store/db';
import { createKeyStore, type KeyStore, type SessionArea } from '../store/key-store';
import { createMetaStore, type MetaStore } from '../store/meta';
import { createOutboxStore } from '../store/outbox-store';
import type { SettingsStore } from '../store/settings';
import { createBackgroundApi, type BackgroundApi } from './api';
import { badgeFor, type Badge } from './badge';
import {
  EMPTY_IDENTITY_BOOK,
  identitiesDue,
  identityBook,
  readSavedIdentities,
  type IdentityBook,
  type SavedIdentities,
} from './identities';
import { NoKeyError, redact, RequestError, toErrorView } from './error-view';
import { createOutbox, DEFAULT_OUTBOX_POLICY, type Outbox, type Outcome, type Timers } from './outbox';
import { buildPanelState, chipFor, outboxItemView, type PanelError } from './panel-state';
import { createMemoCache } from './memo-cache';
import { createResolver, DEFAULT_FRESH_MS, type Resolver } from './resolver';

/** Where the background pushes what changed. Each is best effort (a closed port, a tab without chip). */
export interface PushChannels {
  panel(tabId: number, state: PanelState): void;
  chip(tabId: number, state: ChipState): void;
  badge(tabId: number, badge: Badge): void;
  outbox(items: OutboxItemView[]): void;
}

export interface BackgroundDeps {
  db: CompanionDb;
  settings: SettingsStore;
  /** `browser.storage.session`: the session-only key and the tab map. */
  session: SessionArea;
  push: PushChannels;
  /** `browser.permissions.contains({origins: [pattern]})`. */
  hasHostPermission(originPattern: string): Promise<boolean>;
  /** The URL a tab shows, when the background has not seen it navigate (after a worker restart). */
  getTabUrl?(tabId: number): Promise<string | undefined>;
  /** Opens the side panel for a tab (the surfaces wire `sidePanel.open` here). */
  openPanel?(tabId: number): Promise<void>;
  /** When the outbox next needs to run (null: nothing waiting); the entrypoint sets an alarm. */
  onNextWake?(at: number | null): void;
  fetch?: typeof fetch;
  clock?: { now(): number };
  timers?: Timers;
  /** Rate limit of the service (50 per 10 s); tests shorten the window. */
  rateLimit?: { limit?: number; windowMs?: number };
  clientRetry?: Partial<RetryPolicy>;
  outboxPolicy?: RetryPolicy;
  outboxConcurrency?: number;
  timeoutMs?: number;
  freshMs?: number;
  noLeadFreshMs?: number;
}

export interface RequestContext {
  /** The sender's tab (content scripts), when it has one. */
  tabId?: number;
}

export interface BackgroundService {
  start(): Promise<void>;
  stop(): void;
  handle(request: Request, ctx?: RequestContext): Promise<Reply<unknown>>;
  /** A tab shows a new URL (webNavigation, tabs.onUpdated); `name` as the page shows it, when known. */
  tabNavigated(tabId: number, url: string, name?: string): Promise<void>;
  tabClosed(tabId: number): void;
  /** The current state of a tab's panel; starts resolution when needed. */
  panelState(tabId: number): Promise<PanelState>;
  /**
   * A panel just subscribed to a tab: its current state goes out through the push channel, in order
   * with every other push (a state computed earlier never overtakes a later one).
   */
  panelSubscribed(tabId: number): Promise<void>;
  /** An alarm fired: send what the outbox has due. */
  wake(): void;
  /** The configured extra profile hosts (for the router's sender check). */
  profileHosts(): readonly string[];
  readonly outbox: Outbox;
  readonly callLog: CallLog;
  readonly cache: ProfileCache;
  /** Attempts answered 429 since start (call log figures, for tests and the benchmark). */
  callStats(): { calls: number; failed: number; rateLimited: number };
}

interface TabInfo {
  url: string | null;
  profileUrl: string | null;
  name?: string;
  selected: string | null;
  /** The resolution running for this tab, for cancellation when the user leaves the profile. */
  controller: AbortController | null;
  /** When the tab came to its profile: with caching off, older cache entries are not shown. */
  since: number;
  revalidating: boolean;
  error: PanelError | null;
  /** What was last pushed, to push only changes; `rev`: the revision of the newest state pushed. */
  pushed: { rev?: number; panel?: string; chip?: string; badge?: string };
}

/** A tab's state as computed, with the profile it was computed for and its revision. */
interface Computed {
  state: PanelState;
  profileUrl: string | null;
  rev: number;
}

const LIMITER_META = 'limiter';
const IDENTITIES_META = 'identities';
const TABS_SESSION = 'tabs';
const CACHE_MAX_AGE_MS = 7 * 24 * 3_600_000;

type Handlers = { [K in RequestType]: (req: RequestOf<K>, ctx: RequestContext) => Promise<ReplyOf<K>> };

export function createBackgroundService(deps: BackgroundDeps): BackgroundService {
  const clock = deps.clock ?? { now: () => Date.now() };
  const timers: Timers = deps.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const meta: MetaStore = createMetaStore(deps.db);
  const keyStore: KeyStore = createKeyStore({ db: deps.db, session: deps.session });
  const cache = createProfileCache(deps.db);
  const callLog = createCallLog(deps.db);
  const tabs = new Map<number, TabInfo>();
  const figures = { calls: 0, failed: 0, rateLimited: 0 };

  let settings: Settings | null = null;
  let key: string | null = null;
  /** The service's sentence after it refused the key or plan; cleared by a new key or a good call. */
  let keyProblem: string | null = null;
  let identities: IdentityBook = EMPTY_IDENTITY_BOOK;
  /** Bumped by a key change: a load of identities started for the previous key is ignored. */
  let identitiesGeneration = 0;
  let identitiesLoading = false;
  /** The last revision handed out (see `nextRev`). */
  let lastRev = 0;
  let limiter: RateLimiter | null = null;
  let client: Client | null = null;
  let api: BackgroundApi | null = null;
  let unwatch: (() => void) | null = null;
  let notifyQueued = false;
  /** After `stop()`: nothing more is computed or pushed (the database may be closing). */
  let stopped = false;

  const currentSettings = (): Settings => {
    if (!settings) throw new Error('The background service is not started.');
    return settings;
  };
  const hosts = () => currentSettings().profileHosts;
  const cachingEnabled = () => settings?.cacheEnabled ?? true;

  function recordCall(record: CallRecord) {
    figures.calls += 1;
    if (!record.ok) figures.failed += 1;
    if (record.status === 429) figures.rateLimited += 1;
    if (record.ok && record.status !== null) keyProblem = null;
    callLog.add(record).catch((error: unknown) => console.error('call log write failed', error));
  }

  function buildClient(apiKey: () => string | Promise<string>): Client {
    return createClient({
      baseUrl: currentSettings().baseUrl,
      apiKey,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(limiter ? { limiter } : {}),
      ...(deps.clientRetry ? { retry: deps.clientRetry } : {}),
      ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
      now: () => clock.now(),
      onCall: recordCall,
    });
  }

  function rebuildClient() {
    client = buildClient(() => {
      if (key === null) throw new NoKeyError();
      return key;
    });
    api = createBackgroundApi(client);
  }

  const liveApi = (): BackgroundApi => {
    if (!api) throw new Error('The background service is not started.');
    return api;
  };
  // The resolver and outbox outlive client rebuilds (base URL change): they call through this.
  const apiProxy: BackgroundApi = {
    searchLead: (...a) => liveApi().searchLead(...a),
    leadConversations: (...a) => liveApi().leadConversations(...a),
    note: (...a) => liveApi().note(...a),
    action: (...a) => liveApi().action(...a),
    createLead: (...a) => liveApi().createLead(...a),
    members: (...a) => liveApi().members(...a),
    credits: (...a) => liveApi().credits(...a),
    audiences: (...a) => liveApi().audiences(...a),
    identities: (...a) => liveApi().identities(...a),
    enrich: (...a) => liveApi().enrich(...a),
    conversationMessages: (...a) => liveApi().conversationMessages(...a),
  };

  const resolver: Resolver = createResolver({
    api: apiProxy,
    cache,
    clock,
    cachingEnabled,
    ...(deps.freshMs !== undefined ? { freshMs: deps.freshMs } : {}),
    ...(deps.noLeadFreshMs !== undefined ? { noLeadFreshMs: deps.noLeadFreshMs } : {}),
  });

  // What the panel shows beside the status, as fresh as the status: a revisit costs no call.
  const memo = { ttlMs: deps.freshMs ?? DEFAULT_FRESH_MS, clock, enabled: cachingEnabled };
  const recentMessages = createMemoCache<ConversationMessagesView>(memo);
  const audiences = createMemoCache<AudienceView[]>(memo);
  const credits = createMemoCache<CreditsView>(memo);
  const forgetPanelData = () => [recentMessages, audiences, credits].forEach((c) => c.drop());

  /** Drops the recent messages of conversations whose newest message is no longer the one kept. */
  function checkRecentMessages(conversations: readonly ConversationSummary[]) {
    for (const c of conversations) {
      const kept = recentMessages.peek(`${c.id}:0`);
      if (!kept) continue;
      const newest = kept.messages[0];
      if ((newest?.createdAt ?? null) !== c.lastMessageAt || (newest?.status ?? null) !== c.lastMessageStatus) {
        recentMessages.drop((key) => key.startsWith(`${c.id}:`));
      }
    }
  }

  /**
   * A view reads the cache and the outbox; an applied mutation leaves the outbox and then changes the
   * cache. Both run under this lock, so that no view sees the mutation in neither place.
   */
  let lockTail: Promise<unknown> = Promise.resolve();
  function underLock<T>(work: () => Promise<T>): Promise<T> {
    const run = lockTail.then(work, work);
    lockTail = run.catch(() => undefined);
    return run;
  }

  const outbox: Outbox = createOutbox({
    store: createOutboxStore(deps.db),
    api: apiProxy,
    clock,
    timers,
    policy: deps.outboxPolicy ?? DEFAULT_OUTBOX_POLICY,
    ...(deps.outboxConcurrency !== undefined ? { concurrency: deps.outboxConcurrency } : {}),
    async currentNote(leadId, conversationId) {
      for (const entry of await cache.byLead(leadId)) {
        const c = entry.conversations.find((x) => x.id === conversationId);
        if (c) return c.note;
      }
      return undefined;
    },
    onChange: () => {
      notify();
      void pushOutbox();
    },
    onApplied: applied,
    settle: underLock,
    ...(deps.onNextWake ? { onNextWake: deps.onNextWake } : {}),
    secret: () => key,
  });

  async function applied(record: OutboxRecord, outcome: Outcome) {
    if (record.kind === 'add-to-audience') {
      // The "no lead" answer is now wrong: drop it and look again. The audience grew (or is new).
      audiences.drop();
      await cache.delete(record.profileUrl);
      refreshProfile(record.profileUrl);
      return;
    }
    switch (outcome.kind) {
      case 'note':
        await cache.patchConversation(record.leadId, record.conversationId, { note: outcome.note });
        break;
      case 'conversation':
        checkRecentMessages([outcome.conversation]);
        await cache.patchConversation(record.leadId, record.conversationId, outcome.conversation);
        break;
      default:
        for (const entry of await cache.byLead(record.leadId)) refreshProfile(entry.profileUrl);
    }
  }

  // ---- Tabs, resolution, pushes ------------------------------------------------------------------

  function tabInfo(tabId: number): TabInfo {
    let tab = tabs.get(tabId);
    if (!tab) {
      tab = { url: null, profileUrl: null, selected: null, controller: null, since: 0, revalidating: false, error: null, pushed: {} };
      tabs.set(tabId, tab);
    }
    return tab;
  }

  async function saveTabs() {
    const map: Record<string, { url: string | null; name?: string; selected?: string }> = {};
    // Only profile tabs: the background has no business remembering other pages. The chosen
    // conversation too: a restarted worker must not switch the panel (and the shortcuts) to another.
    for (const [id, t] of tabs) {
      if (t.profileUrl !== null) map[id] = { url: t.url, ...(t.name ? { name: t.name } : {}), ...(t.selected ? { selected: t.selected } : {}) };
    }
    await deps.session.set({ [TABS_SESSION]: map }).catch(() => undefined);
  }

  function setTabUrl(tabId: number, url: string, name?: string): TabInfo {
    const tab = tabInfo(tabId);
    const profileUrl = canonicalProfileUrl(url, hosts());
    tab.url = url;
    if (profileUrl !== tab.profileUrl) {
      // The user left the profile: whatever was being fetched for it is no longer wanted here.
      tab.controller?.abort();
      tab.controller = null;
      tab.revalidating = false;
      tab.error = null;
      tab.selected = null;
      tab.profileUrl = profileUrl;
      tab.since = clock.now();
      tab.name = undefined;
    }
    if (name !== undefined && profileUrl !== null) tab.name = name;
    return tab;
  }

  /** Starts resolution for a tab when its entry is missing or stale (or always, with `force`). */
  async function ensureResolved(tabId: number, force = false): Promise<void> {
    const tab = tabs.get(tabId);
    const profileUrl = tab?.profileUrl;
    if (!tab || !profileUrl || key === null || keyProblem !== null) return;
    if (tab.controller && !force && cachingEnabled()) return;
    const peeked = await resolver.peek(profileUrl);
    if (peeked?.fresh && !force) return;
    if (tab.profileUrl !== profileUrl) return;
    // Another trigger of the same view (navigation event, content script) may have started while
    // the cache was read: it is not cancelled and started again.
    if (tab.controller && !force && cachingEnabled()) return;
    const running = tab.controller;
    const controller = new AbortController();
    if (running && !cachingEnabled()) {
      // Caching off (the naive baseline): identical lookups are not coalesced, each goes on to the
      // wire and the first to answer shows. Leaving the profile still cancels all of them.
      controller.signal.addEventListener('abort', () => running.abort(), { once: true });
    } else running?.abort();
    tab.controller = controller;
    tab.revalidating = true;
    notify();
    try {
      const entry = await resolver.resolve(profileUrl, {
        signal: controller.signal,
        // A cold profile is what the user is waiting for; a stale one is already shown.
        priority: peeked ? 'background' : 'user',
      });
      checkRecentMessages(entry.conversations);
      tab.error = null;
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        keyProblem = error.serviceMessage;
      } else if (!(error instanceof NoKeyError)) {
        tab.error = panelError(error);
      }
    } finally {
      if (tab.controller === controller) {
        tab.controller = null;
        tab.revalidating = false;
      }
      // Also when a newer lookup still runs (caching off): the first answer shows at once.
      notify();
    }
  }

  function panelError(error: unknown): PanelError {
    const view = toErrorView(error, clock.now(), key);
    switch (view.code) {
      case 'offline':
      case 'rate-limited':
      case 'server':
      case 'malformed':
        return { code: view.code, message: view.message, ...(view.retryAt !== undefined ? { retryAt: view.retryAt } : {}) };
      default:
        return { code: 'server', message: view.message };
    }
  }

  function refreshProfile(profileUrl: string) {
    for (const [tabId, tab] of tabs) {
      if (tab.profileUrl === profileUrl) void ensureResolved(tabId, true);
    }
  }

  /**
   * Revisions order every state the background computes, for every tab. They start from the clock so
   * that a restarted worker goes on above what the previous one handed out.
   */
  function nextRev(): number {
    lastRev = Math.max(lastRev + 1, Math.floor(clock.now()));
    return lastRev;
  }

  /** A tab's state now. Its revision is taken before anything is read, so a later one saw no less. */
  async function compute(tabId: number): Promise<Computed> {
    const rev = nextRev();
    const tab = tabs.get(tabId);
    const profileUrl = tab?.profileUrl ?? null;
    const [cached, queued] = await underLock(async () => [profileUrl ? await cache.get(profileUrl) : undefined, await outbox.list()] as const);
    // Caching off (the naive baseline): only what was fetched since the tab came to the profile shows.
    const entry = cached && (cachingEnabled() || cached.fetchedAt >= (tab?.since ?? 0)) ? cached : undefined;
    const state = buildPanelState({
      now: clock.now(),
      hasKey: key !== null,
      keyProblem,
      profileUrl,
      ...(tab?.name ? { displayName: tab.name } : {}),
      entry,
      // While a revalidation runs, and only then: an old entry with nothing on the way showed
      // "Updating…" for good, with Refresh disabled. It is revalidated when the user comes back to it.
      stale: Boolean(tab?.revalidating),
      error: tab?.error ?? null,
      selectedConversationId: tab?.selected ?? null,
      outbox: queued,
      identities: identities.names,
    });
    if (state.kind === 'lead') {
      const ids = state.conversations.flatMap((c) => (c.identityName === null && c.identityId !== null ? [c.identityId] : []));
      if (ids.length > 0) loadIdentities(ids);
    }
    return { state, profileUrl, rev };
  }

  /** Recomputes every tab's state soon, and pushes what changed. */
  function notify() {
    if (notifyQueued || stopped) return;
    notifyQueued = true;
    queueMicrotask(() => {
      notifyQueued = false;
      void pushAll();
    });
  }

  async function pushAll() {
    for (const tabId of [...tabs.keys()]) {
      if (stopped) return;
      try {
        await pushTab(tabId);
      } catch (error) {
        if (!stopped) console.error('panel push failed', error);
      }
    }
  }

  async function pushTab(tabId: number, computed?: Computed) {
    if (!tabs.has(tabId)) return;
    const { state: current, profileUrl, rev } = computed ?? (await compute(tabId));
    const tab = tabs.get(tabId);
    // Pushes go out in the order their states were computed: an older state (computed before the
    // newest one pushed, or for a profile the tab has left) would undo a newer one, and nothing
    // would correct it, since only changes are pushed.
    if (!tab || profileUrl !== tab.profileUrl || rev < (tab.pushed.rev ?? 0)) return;
    tab.pushed.rev = rev;
    const panelJson = JSON.stringify(current);
    if (panelJson !== tab.pushed.panel) {
      tab.pushed.panel = panelJson;
      deps.push.panel(tabId, current);
    }
    const badge = badgeFor(current);
    const badgeJson = JSON.stringify(badge);
    if (badgeJson !== tab.pushed.badge) {
      tab.pushed.badge = badgeJson;
      deps.push.badge(tabId, badge);
    }
    // Only tabs on a profile show the chip.
    if (profileUrl !== null) {
      const view = chipView(current);
      const chipJson = JSON.stringify({ ...view, profileUrl });
      if (chipJson !== tab.pushed.chip) {
        tab.pushed.chip = chipJson;
        deps.push.chip(tabId, { ...view, profileUrl, rev });
      }
    }
  }

  /** What the chip shows; 'off' when the user turned chips off. */
  function chipView(state: PanelState): ChipView {
    return settings?.chipEnabled === false ? { kind: 'off' } : chipFor(state);
  }

  /** The chip state of a computed state, placed: for which profile, and how recent. */
  function chipState({ state, profileUrl, rev }: Computed): ChipState {
    return profileUrl === null ? { kind: 'not-profile', profileUrl, rev } : { ...chipView(state), profileUrl, rev };
  }

  /** The outbox push under way; `again` when a change came while it was reading the list. */
  let outboxPush: { again: boolean } | null = null;

  /**
   * Pushes the outbox's list. Changes that come while it is being read make one more push, not one
   * each: with hundreds of actions queued, a list per change would read the whole outbox per change
   * (quadratic), and the pages only need the newest.
   */
  async function pushOutbox() {
    if (stopped) return;
    if (outboxPush) {
      outboxPush.again = true;
      return;
    }
    const run = { again: true };
    outboxPush = run;
    try {
      while (run.again && !stopped) {
        run.again = false;
        const items = (await outbox.list()).map(outboxItemView);
        if (!stopped) deps.push.outbox(items);
      }
    } catch (error) {
      if (!stopped) console.error('outbox push failed', error);
    } finally {
      outboxPush = null;
    }
  }

  /** The tab's entry; after a worker restart, the background asks the browser what the tab shows. */
  async function knownTab(tabId: number): Promise<TabInfo> {
    if (!tabs.has(tabId) && deps.getTabUrl) {
      const url = await deps.getTabUrl(tabId).catch(() => undefined);
      if (url !== undefined) setTabUrl(tabId, url);
    }
    return tabInfo(tabId);
  }

  /** A tab's state now; starts resolution when needed (always, with `force`), without waiting for it. */
  async function tabState(tabId: number, force = false): Promise<PanelState> {
    const tab = await knownTab(tabId);
    // A forced refresh shows as revalidating from this very answer on.
    if (force && tab.profileUrl !== null && key !== null && keyProblem === null) tab.revalidating = true;
    void ensureResolved(tabId, force);
    return (await compute(tabId)).state;
  }

  async function panelSubscribed(tabId: number): Promise<void> {
    const tab = await knownTab(tabId);
    void ensureResolved(tabId);
    // The new panel has seen nothing yet: the newest state goes out again, even if unchanged.
    tab.pushed.panel = undefined;
    await pushTab(tabId);
  }

  // ---- Identities ---------------------------------------------------------------------------------

  async function storeIdentities(saved: SavedIdentities, triedAt?: number) {
    identities = identityBook(saved, triedAt);
    await meta.set(IDENTITIES_META, saved);
    notify();
  }

  /**
   * Loads the identities' names when they are due (see `identities.ts`), in the background: a failure
   * only means ids are shown a while longer. `unknownIds`: identity ids a panel shows without a name.
   */
  function loadIdentities(unknownIds: readonly string[] = []) {
    if (key === null || keyProblem !== null || identitiesLoading || stopped) return;
    const now = clock.now();
    if (!identitiesDue(identities, now, unknownIds)) return;
    identities = { ...identities, triedAt: now };
    identitiesLoading = true;
    const generation = identitiesGeneration;
    void apiProxy
      .identities({ priority: 'background' })
      .then(async (list) => {
        if (generation !== identitiesGeneration) return;
        await storeIdentities({ fetchedAt: clock.now(), list: list.map((i) => ({ id: i.id, name: i.name })) }, now);
      })
      .catch((error: unknown) => {
        if (generation !== identitiesGeneration) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          keyProblem = error.serviceMessage;
          notify();
        }
      })
      .finally(() => {
        if (generation === identitiesGeneration) identitiesLoading = false;
      });
  }

  /** A new key (or none): the names of the previous workspace's identities no longer apply. */
  async function forgetIdentities() {
    identitiesGeneration += 1;
    identitiesLoading = false;
    identities = EMPTY_IDENTITY_BOOK;
    await meta.set(IDENTITIES_META, null);
  }

  // ---- Requests ----------------------------------------------------------------------------------

  async function settingsView(): Promise<SettingsView> {
    const stored = await keyStore.get();
    return { ...currentSettings(), key: { set: stored !== null, storage: stored?.location ?? null } };
  }

  async function enqueue(action: OutboxAction): Promise<OutboxItemView> {
    if (key === null) throw new NoKeyError();
    return outboxItemView(await outbox.enqueue(action));
  }

  async function profileOfLead(leadId: string): Promise<string | null> {
    return (await cache.byLead(leadId))[0]?.profileUrl ?? null;
  }

  function canonicalOrThrow(url: string): string {
    const canonical = canonicalProfileUrl(url, hosts());
    if (canonical === null) throw new RequestError('bad-request', 'This is not a profile address.');
    return canonical;
  }

  async function fetchMessages(conversationId: string, page: number): Promise<ConversationMessagesView> {
    const res = await apiProxy.conversationMessages(conversationId, page, user);
    return {
      conversationId,
      page,
      total: res.total,
      messages: res.data.map((m) => ({
        id: m.id,
        direction: m.direction,
        channel: m.channel,
        status: m.status,
        subject: m.subject ?? null,
        content: m.content,
        createdAt: m.createdAt,
      })),
    };
  }

  function outboxId(id: string): number {
    const n = Number(id);
    if (!Number.isInteger(n) || n <= 0) throw new RequestError('not-found', 'This action is no longer in the outbox.');
    return n;
  }

  async function applySettings(next: Settings, previous: Settings | null) {
    settings = next;
    if (!previous || previous.baseUrl !== next.baseUrl) {
      rebuildClient();
      forgetPanelData();
    }
    if (previous && JSON.stringify(previous.profileHosts) !== JSON.stringify(next.profileHosts)) {
      for (const [tabId, tab] of tabs) if (tab.url) setTabUrl(tabId, tab.url);
    }
    notify();
  }

  async function afterKeyChange() {
    const stored = await keyStore.get();
    const changed = (stored?.key ?? null) !== key;
    key = stored?.key ?? null;
    keyProblem = null;
    if (changed) {
      forgetPanelData();
      await forgetIdentities();
    }
    notify();
    if (key !== null) {
      loadIdentities();
      await outbox.hurry();
      for (const tabId of tabs.keys()) void ensureResolved(tabId, true);
    }
  }

  const user = { priority: 'user' as const };

  const handlers: Handlers = {
    async 'profile-viewed'(req, ctx) {
      if (ctx.tabId === undefined) throw new RequestError('bad-request', 'profile-viewed must come from a tab.');
      setTabUrl(ctx.tabId, req.url, req.name);
      void saveTabs();
      void ensureResolved(ctx.tabId);
      const computed = await compute(ctx.tabId);
      void pushTab(ctx.tabId, computed);
      return chipState(computed);
    },
    async 'open-panel'(req, ctx) {
      const tabId = req.tabId ?? ctx.tabId;
      if (tabId === undefined || !deps.openPanel) throw new RequestError('bad-request', 'There is no panel to open here.');
      await deps.openPanel(tabId);
      return null;
    },
    'panel-state': (req) => tabState(req.tabId),
    refresh: (req) => tabState(req.tabId, true),
    async 'select-conversation'(req) {
      tabInfo(req.tabId).selected = req.conversationId;
      void saveTabs();
      const computed = await compute(req.tabId);
      void pushTab(req.tabId, computed);
      return computed.state;
    },
    'conversation-messages'(req) {
      const page = req.page ?? 0;
      return recentMessages.get(`${req.conversationId}:${page}`, () => fetchMessages(req.conversationId, page));
    },
    async 'save-note'(req) {
      if (req.mode === 'append' && req.text.trim() === '') throw new RequestError('bad-request', 'There is nothing to append.');
      return enqueue({
        kind: 'note',
        conversationId: req.conversationId,
        leadId: req.leadId,
        profileUrl: await profileOfLead(req.leadId),
        mode: req.mode,
        text: req.text,
      });
    },
    archive: async (req) => enqueue({ kind: 'archive', ...req, profileUrl: await profileOfLead(req.leadId) }),
    unarchive: async (req) => enqueue({ kind: 'unarchive', ...req, profileUrl: await profileOfLead(req.leadId) }),
    unsnooze: async (req) => enqueue({ kind: 'unsnooze', ...req, profileUrl: await profileOfLead(req.leadId) }),
    async snooze(req) {
      // Refused here already when the date is not in the future (the service would say 400).
      snoozeTransition({ status: 'OPEN', snoozeUntil: null }, req.until, clock.now());
      return enqueue({
        kind: 'snooze',
        conversationId: req.conversationId,
        leadId: req.leadId,
        until: req.until,
        profileUrl: await profileOfLead(req.leadId),
      });
    },
    async 'add-to-audience'(req) {
      return enqueue({
        kind: 'add-to-audience',
        profileUrl: canonicalOrThrow(req.profileUrl),
        audience: req.audience.trim(),
        ...(req.firstname?.trim() ? { firstname: req.firstname.trim() } : {}),
        ...(req.lastname?.trim() ? { lastname: req.lastname.trim() } : {}),
      });
    },
    async enrich(req) {
      try {
        if ('leadId' in req) return await apiProxy.enrich({ enrichType: req.enrichType, leadId: req.leadId }, user);
        return await apiProxy.enrich(
          { enrichType: req.enrichType, pronetUrl: canonicalOrThrow(req.profileUrl), firstname: req.firstname, lastname: req.lastname },
          user,
        );
      } finally {
        // Enrichment spends credits: the balance shown next is read again.
        credits.drop();
      }
    },
    credits: () => credits.get('credits', () => apiProxy.credits(user)),
    audiences: () =>
      audiences.get('audiences', async () => (await apiProxy.audiences(user)).map((a) => ({ id: a.id, name: a.name, size: a.size }))),
    async identities() {
      const generation = identitiesGeneration;
      const list: IdentityView[] = (await apiProxy.identities(user)).map((i) => ({ id: i.id, name: i.name }));
      if (generation === identitiesGeneration) await storeIdentities({ fetchedAt: clock.now(), list });
      return list;
    },
    'call-log': (req) => callLog.list({ ...(req.failedOnly ? { failedOnly: true } : {}), ...(req.limit ? { limit: req.limit } : {}) }),
    'outbox-list': async () => (await outbox.list()).map(outboxItemView),
    'outbox-retry': async (req) => outboxItemView(await outbox.retry(outboxId(req.id))),
    async 'outbox-discard'(req) {
      await outbox.discard(outboxId(req.id));
      return null;
    },
    'settings-get': () => settingsView(),
    async 'settings-set'(req) {
      const previous = currentSettings();
      if (req.patch.baseUrl !== undefined && req.patch.baseUrl !== previous.baseUrl) {
        const origin = new URL(req.patch.baseUrl).origin;
        if (!(await deps.hasHostPermission(`${origin}/*`))) {
          throw new RequestError(
            'permission-required',
            `The extension needs permission to reach ${origin}. Grant it, then save again.`,
          );
        }
      }
      if (req.patch.sessionOnlyKey !== undefined && req.patch.sessionOnlyKey !== previous.sessionOnlyKey && key !== null) {
        // Moving the key keeps it in exactly one place.
        await keyStore.set(key, req.patch.sessionOnlyKey);
      }
      await applySettings(await deps.settings.set(req.patch), previous);
      return settingsView();
    },
    async 'key-set'(req) {
      await keyStore.set(req.key, req.sessionOnly);
      if (req.sessionOnly !== currentSettings().sessionOnlyKey) {
        await applySettings(await deps.settings.set({ sessionOnlyKey: req.sessionOnly }), currentSettings());
      }
      await afterKeyChange();
      return settingsView();
    },
    async 'key-test'(req) {
      const candidate = req.key;
      const members = candidate
        ? await createBackgroundApi(buildClient(() => candidate)).members(user)
        : await apiProxy.members(user);
      if (!candidate) {
        keyProblem = null;
        notify();
        loadIdentities();
      }
      return {
        members: members.length,
        list: members.slice(0, KEY_TEST_MEMBERS_MAX).map((m) => ({ id: m.id, name: m.name, label: m.label })),
      };
    },
    async 'key-clear'() {
      await keyStore.clear();
      await afterKeyChange();
      return settingsView();
    },
  };

  async function handle(request: Request, ctx: RequestContext = {}): Promise<Reply<unknown>> {
    try {
      const handler = handlers[request.type] as (req: Request, ctx: RequestContext) => Promise<unknown>;
      return { ok: true, value: await handler(request, ctx) };
    } catch (error) {
      const candidate = request.type === 'key-test' && 'key' in request ? request.key : undefined;
      const view: ErrorView = toErrorView(error, clock.now(), key);
      if (candidate) view.message = redact(view.message, candidate);
      if (error instanceof ApiError && (error.status === 401 || error.status === 403) && !candidate) {
        keyProblem = error.serviceMessage;
        notify();
      }
      return { ok: false, error: view };
    }
  }

  return {
    async start() {
      stopped = false;
      const previous = settings;
      const loaded = await deps.settings.get();
      const stored = await keyStore.get();
      key = stored?.key ?? null;
      const state = await meta.get<LimiterState>(LIMITER_META);
      limiter = createSlidingWindowLimiter({
        ...deps.rateLimit,
        ...(state ? { state } : {}),
        clock: deps.clock
          ? { now: () => clock.now(), setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout }
          : systemClock,
        onChange: (s) => {
          meta.set(LIMITER_META, s).catch((error: unknown) => console.error('limiter state write failed', error));
        },
      });
      await applySettings(loaded, previous);
      const savedIdentities = readSavedIdentities(await meta.get<unknown>(IDENTITIES_META));
      if (savedIdentities) identities = identityBook(savedIdentities, null);
      const savedTabs = (await deps.session.get(TABS_SESSION).catch((): Record<string, unknown> => ({})))[TABS_SESSION];
      if (savedTabs && typeof savedTabs === 'object') {
        for (const [id, t] of Object.entries(savedTabs as Record<string, { url?: unknown; name?: unknown; selected?: unknown }>)) {
          if (typeof t.url !== 'string') continue;
          const tab = setTabUrl(Number(id), t.url, typeof t.name === 'string' ? t.name : undefined);
          if (typeof t.selected === 'string') tab.selected = t.selected;
        }
      }
      unwatch = deps.settings.watch((next) => {
        if (JSON.stringify(next) !== JSON.stringify(settings)) void applySettings(next, settings);
      });
      void cache.prune(clock.now() - CACHE_MAX_AGE_MS).catch(() => undefined);
      await outbox.start();
      loadIdentities();
    },
    stop() {
      stopped = true;
      outbox.stop();
      unwatch?.();
      for (const tab of tabs.values()) tab.controller?.abort();
    },
    handle,
    async tabNavigated(tabId, url, name) {
      if (!settings) return;
      setTabUrl(tabId, url, name);
      void saveTabs();
      notify();
      await ensureResolved(tabId);
    },
    tabClosed(tabId) {
      tabs.get(tabId)?.controller?.abort();
      tabs.delete(tabId);
      void saveTabs();
    },
    panelState: tabState,
    panelSubscribed,
    wake: () => outbox.wake(),
    profileHosts: () => settings?.profileHosts ?? [],
    outbox,
    callLog,
    cache,
    callStats: () => ({ ...figures }),
  };
}
