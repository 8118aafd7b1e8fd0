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
import { createSlidingWindowLimiter, systemClock, type LimiterState, type RateLimiter } from '../api/rate-limiter';
import { snooze as snoozeTransition } from '../inbox/conversation-state';
import type {
  ChipState,
  ErrorView,
  IdentityView,
  OutboxItemView,
  PanelState,
  Reply,
  Request,
  ReplyOf,
  RequestOf,
  RequestType,
  Settings,
  SettingsView,
} from '../messages';
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
import { NoKeyError, redact, RequestError, toErrorView } from './error-view';
import { createOutbox, DEFAULT_OUTBOX_POLICY, type Outbox, type Outcome, type Timers } from './outbox';
import { buildPanelState, chipFor, outboxItemView, type PanelError } from './panel-state';
import { createResolver, type Resolver } from './resolver';

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
  /** The current state of a tab's panel (a panel just subscribed). */
  panelState(tabId: number): Promise<PanelState>;
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
  revalidating: boolean;
  error: PanelError | null;
  pushed: { panel?: string; chip?: string; badge?: string };
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
  let identities = new Map<string, string>();
  let limiter: RateLimiter | null = null;
  let client: Client | null = null;
  let api: BackgroundApi | null = null;
  let unwatch: (() => void) | null = null;
  let notifyQueued = false;

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
    ...(deps.onNextWake ? { onNextWake: deps.onNextWake } : {}),
    secret: () => key,
  });

  async function applied(record: OutboxRecord, outcome: Outcome) {
    if (record.kind === 'add-to-audience') {
      // The "no lead" answer is now wrong: drop it and look again.
      await cache.delete(record.profileUrl);
      refreshProfile(record.profileUrl);
      return;
    }
    switch (outcome.kind) {
      case 'note':
        await cache.patchConversation(record.leadId, record.conversationId, { note: outcome.note });
        break;
      case 'conversation':
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
      tab = { url: null, profileUrl: null, selected: null, controller: null, revalidating: false, error: null, pushed: {} };
      tabs.set(tabId, tab);
    }
    return tab;
  }

  async function saveTabs() {
    const map: Record<string, { url: string | null; name?: string }> = {};
    // Only profile tabs: the background has no business remembering other pages.
    for (const [id, t] of tabs) {
      if (t.profileUrl !== null) map[id] = { url: t.url, ...(t.name ? { name: t.name } : {}) };
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
    tab.controller?.abort();
    const controller = new AbortController();
    tab.controller = controller;
    tab.revalidating = true;
    notify();
    try {
      await resolver.resolve(profileUrl, {
        signal: controller.signal,
        // A cold profile is what the user is waiting for; a stale one is already shown.
        priority: peeked ? 'background' : 'user',
      });
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
        notify();
      }
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

  async function computeState(tabId: number): Promise<PanelState> {
    const tab = tabs.get(tabId);
    const profileUrl = tab?.profileUrl ?? null;
    const entry = profileUrl ? await cache.get(profileUrl) : undefined;
    return buildPanelState({
      now: clock.now(),
      hasKey: key !== null,
      keyProblem,
      profileUrl,
      ...(tab?.name ? { displayName: tab.name } : {}),
      entry,
      stale: Boolean(tab?.revalidating) || (entry !== undefined && !resolver.isFresh(entry)),
      error: tab?.error ?? null,
      selectedConversationId: tab?.selected ?? null,
      outbox: await outbox.list(),
      identities,
    });
  }

  /** Recomputes every tab's state soon, and pushes what changed. */
  function notify() {
    if (notifyQueued) return;
    notifyQueued = true;
    queueMicrotask(() => {
      notifyQueued = false;
      void pushAll();
    });
  }

  async function pushAll() {
    for (const tabId of [...tabs.keys()]) {
      try {
        await pushTab(tabId);
      } catch (error) {
        console.error('panel push failed', error);
      }
    }
  }

  async function pushTab(tabId: number, state?: PanelState) {
    const tab = tabs.get(tabId);
    if (!tab) return;
    const current = state ?? (await computeState(tabId));
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
    // Only tabs on a profile host run the content script that shows the chip.
    if (tab.profileUrl !== null) {
      const chip = chipState(current);
      const chipJson = JSON.stringify(chip);
      if (chipJson !== tab.pushed.chip) {
        tab.pushed.chip = chipJson;
        deps.push.chip(tabId, chip);
      }
    }
  }

  /** What the chip shows; 'off' when the user turned chips off. */
  function chipState(state: PanelState): ChipState {
    return settings?.chipEnabled === false ? { kind: 'off' } : chipFor(state);
  }

  async function pushOutbox() {
    try {
      deps.push.outbox((await outbox.list()).map(outboxItemView));
    } catch (error) {
      console.error('outbox push failed', error);
    }
  }

  /** A tab's state now; starts resolution when needed (always, with `force`), without waiting for it. */
  async function tabState(tabId: number, force = false): Promise<PanelState> {
    if (!tabs.has(tabId) && deps.getTabUrl) {
      const url = await deps.getTabUrl(tabId).catch(() => undefined);
      if (url !== undefined) setTabUrl(tabId, url);
    }
    const tab = tabInfo(tabId);
    // A forced refresh shows as revalidating from this very answer on.
    if (force && tab.profileUrl !== null && key !== null && keyProblem === null) tab.revalidating = true;
    void ensureResolved(tabId, force);
    return computeState(tabId);
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

  function outboxId(id: string): number {
    const n = Number(id);
    if (!Number.isInteger(n) || n <= 0) throw new RequestError('not-found', 'This action is no longer in the outbox.');
    return n;
  }

  async function applySettings(next: Settings, previous: Settings | null) {
    settings = next;
    if (!previous || previous.baseUrl !== next.baseUrl) rebuildClient();
    if (previous && JSON.stringify(previous.profileHosts) !== JSON.stringify(next.profileHosts)) {
      for (const [tabId, tab] of tabs) if (tab.url) setTabUrl(tabId, tab.url);
    }
    notify();
  }

  async function afterKeyChange() {
    const stored = await keyStore.get();
    key = stored?.key ?? null;
    keyProblem = null;
    notify();
    if (key !== null) {
      await outbox.hurry();
      for (const tabId of tabs.keys()) void ensureResolved(tabId, true);
    }
  }

  const user = { priority: 'user' as const };

  const handlers: Handlers = {
    async 'profile-viewed'(req, ctx) {
      if (ctx.tabId === undefined) throw new RequestError('bad-request', 'profile-viewed must come from a tab.');
      const tab = setTabUrl(ctx.tabId, req.url, req.name);
      void saveTabs();
      void ensureResolved(ctx.tabId);
      const state = await computeState(ctx.tabId);
      void pushTab(ctx.tabId, state);
      return tab.profileUrl === null ? { kind: 'not-profile' } : chipState(state);
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
      const state = await computeState(req.tabId);
      void pushTab(req.tabId, state);
      return state;
    },
    async 'conversation-messages'(req) {
      const page = req.page ?? 0;
      const res = await apiProxy.conversationMessages(req.conversationId, page, user);
      return {
        conversationId: req.conversationId,
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
      if ('leadId' in req) return apiProxy.enrich({ enrichType: req.enrichType, leadId: req.leadId }, user);
      return apiProxy.enrich(
        { enrichType: req.enrichType, pronetUrl: canonicalOrThrow(req.profileUrl), firstname: req.firstname, lastname: req.lastname },
        user,
      );
    },
    credits: () => apiProxy.credits(user),
    async audiences() {
      return (await apiProxy.audiences(user)).map((a) => ({ id: a.id, name: a.name, size: a.size }));
    },
    async identities() {
      const list: IdentityView[] = (await apiProxy.identities(user)).map((i) => ({ id: i.id, name: i.name }));
      identities = new Map(list.map((i) => [i.id, i.name]));
      await meta.set(IDENTITIES_META, list);
      notify();
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
      }
      return { members };
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
      const savedIdentities = await meta.get<IdentityView[]>(IDENTITIES_META);
      if (Array.isArray(savedIdentities)) identities = new Map(savedIdentities.map((i) => [i.id, i.name]));
      const savedTabs = (await deps.session.get(TABS_SESSION).catch((): Record<string, unknown> => ({})))[TABS_SESSION];
      if (savedTabs && typeof savedTabs === 'object') {
        for (const [id, t] of Object.entries(savedTabs as Record<string, { url?: unknown; name?: unknown }>)) {
          if (typeof t.url === 'string') setTabUrl(Number(id), t.url, typeof t.name === 'string' ? t.name : undefined);
        }
      }
      unwatch = deps.settings.watch((next) => {
        if (JSON.stringify(next) !== JSON.stringify(settings)) void applySettings(next, settings);
      });
      void cache.prune(clock.now() - CACHE_MAX_AGE_MS).catch(() => undefined);
      await outbox.start();
    },
    stop() {
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
    wake: () => outbox.wake(),
    profileHosts: () => settings?.profileHosts ?? [],
    outbox,
    callLog,
    cache,
    callStats: () => ({ ...figures }),
  };
}
