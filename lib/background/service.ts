/**
 * The background worker's composition root: builds the parts and wires them; each rule lives in the
 * part named for it (docs/architecture.md draws them). Every browser API comes in through `deps`, so
 * the whole service runs in unit tests (fake-indexeddb, fake clock) and contract tests (real HTTP).
 */
import { DEFAULT_TIMEOUT_MS } from '../api/http';
import type { RequestType } from '../messages';
import type { Settings } from '../settings';
import { createProfileCache } from '../store/cache';
import { createCallLog } from '../store/call-log';
import type { OutboxAction } from '../store/db';
import { createKeyStore } from '../store/key-store';
import { createMetaStore } from '../store/meta';
import { createLeadChoices } from '../store/lead-choices';
import { createLeadLinks } from '../store/lead-links';
import { createLeadStatuses } from '../store/lead-statuses';
import { StorageUnavailableError } from '../store/open-storage';
import { createOutboxStore } from '../store/outbox-store';
import { createDispatch, type HandlerMap } from './dispatch';
import { NoKeyError } from './error-view';
import { conversationHandlers } from './handlers/conversation';
import { createInbox } from './handlers/inbox';
import { leadHandlers } from './handlers/leads';
import { listHandlers } from './handlers/list';
import { outboxHandlers } from './handlers/outbox';
import { pagePeople } from './handlers/page-people';
import { createAudienceBatches } from '../store/audience-batches';
import { profileHandlers } from './handlers/profile';
import { replyHandlers } from './handlers/reply';
import { replyTemplateHandlers } from './handlers/reply-templates';
import { settingsHandlers } from './handlers/settings';
import { storageHandlers } from './handlers/storage';
import { createEnrichments } from './enrichments';
import { createIdentityDirectory } from './identity-directory';
import { createKeySession } from './key-session';
import { followUpSnooze } from '../inbox/follow-up';
import { liveHandlers } from './handlers/live';
import { createLiveApply } from './live-apply';
import { createLiveRelay } from './live-relay';
import { createMutationEffects } from './mutation-effects';
import { createOutbox, DEFAULT_OUTBOX_POLICY } from './outbox';
import { uncertainFor } from './outbox-send';
import { createPanelData } from './panel-data';
import { createPanelFeed } from './panel-feed';
import { outboxItemView } from './panel-state';
import { createResolver, DEFAULT_FRESH_MS } from './resolver';
import { leadIdentityHandlers } from './handlers/lead-identity';
import { leadLinkHandlers } from './handlers/lead-links';
import { createSerialLock } from './serial-lock';
import { createServiceClient } from './service-client';
import type { BackgroundDeps, BackgroundService } from './service-types';
import { createTabRegistry } from './tab-registry';
import { createTabResolution } from './tab-resolution';
import { systemTimers } from '../timers';

export type { BackgroundDeps, BackgroundService } from './service-types';
export type { RequestContext } from './dispatch';
export type { PushChannels } from './panel-feed';

const CACHE_MAX_AGE_MS = 7 * 24 * 3_600_000;
/** A panel opening refreshes the toolbar count, unless it is younger than this (panels opened in a row). */
const PANEL_COUNT_MIN_AGE_MS = 15_000;
/** The id of the last relayed event applied: a restarted worker resumes after it. */
const LIVE_POSITION_META = 'relay-position';

export function createBackgroundService(deps: BackgroundDeps): BackgroundService {
  const clock = deps.clock ?? { now: () => Date.now() };
  const timers = deps.timers ?? systemTimers;
  const meta = createMetaStore(deps.db);
  const cache = createProfileCache(deps.db);
  const callLog = createCallLog(deps.db);
  const underLock = createSerialLock();

  let settings: Settings | null = null;
  /** After `stop()`: nothing more is computed or pushed (the database may be closing). */
  let stopped = false;
  const isStopped = () => stopped;
  const current = (): Settings => {
    if (!settings) throw new Error('The background service is not started.');
    return settings;
  };
  const cachingEnabled = () => settings?.cacheEnabled ?? true;
  const notify = () => {
    feed.notify();
    lists.feed.notify();
  };

  const storageProblem = deps.storageProblem ?? null;
  const keys = createKeySession({ store: createKeyStore({ db: deps.db, session: deps.session, sessionOnly: storageProblem !== null }), onKeyChange: keyChanged, onProblemChange: notify });
  const client = createServiceClient({
    baseUrl: () => current().baseUrl,
    keys,
    callLog,
    meta,
    timers,
    ...(deps.clock ? { clock } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.resourceTiming ? { resourceTiming: deps.resourceTiming } : {}),
    ...(deps.rateLimit ? { rateLimit: deps.rateLimit } : {}),
    ...(deps.clientRetry ? { retry: deps.clientRetry } : {}),
    ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
  });
  const { api } = client;
  const tabs = createTabRegistry({ session: deps.session, clock, hosts: () => current().profileHosts, ...(deps.getTabUrl ? { getTabUrl: deps.getTabUrl } : {}) });
  const panelData = createPanelData({ ttlMs: deps.freshMs ?? DEFAULT_FRESH_MS, clock, enabled: cachingEnabled });
  const identities = createIdentityDirectory({ api, meta, clock, keys, onChange: notify, isStopped });
  const choices = createLeadChoices(meta);
  const statuses = createLeadStatuses(meta);
  const links = createLeadLinks(meta);
  const resolver = createResolver({
    api,
    cache,
    choices,
    links,
    clock,
    cachingEnabled,
    ...(deps.freshMs !== undefined ? { freshMs: deps.freshMs } : {}),
    ...(deps.noLeadFreshMs !== undefined ? { noLeadFreshMs: deps.noLeadFreshMs } : {}),
  });
  const resolution = createTabResolution({ tabs, resolver, keys, panelData, clock, cachingEnabled, notify });
  const effects = createMutationEffects({ cache, panelData, refreshProfile: resolution.refreshProfile, statuses, invalidate: resolver.invalidate, clock });
  const outbox = createOutbox({
    store: createOutboxStore(deps.db),
    api,
    clock,
    timers,
    policy: deps.outboxPolicy ?? DEFAULT_OUTBOX_POLICY,
    uncertainForMs: uncertainFor(deps.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    ...(deps.outboxConcurrency !== undefined ? { concurrency: deps.outboxConcurrency } : {}),
    currentNote: async (leadId, conversationId) => (await cache.byLead(leadId)).flatMap((e) => e.conversations).find((c) => c.id === conversationId)?.note,
    onChange: () => {
      inbox.invalidate();
      notify();
      void feed.pushOutbox();
    },
    async onApplied(record, outcome) {
      await effects(record, outcome);
      await page.applied(record, outcome);
      // Follow-up on send (issue 36): the snooze goes into the outbox after the reply landed, outside the lock it settled under.
      const snooze = followUpSnooze(record, clock.now());
      if (snooze && record.kind === 'reply') {
        const { conversationId, leadId, profileUrl } = record;
        void Promise.resolve()
          .then(() => enqueue({ kind: 'snooze', conversationId, leadId, profileUrl, until: snooze.until }))
          .catch((error: unknown) => console.warn('The follow-up snooze could not be queued', error));
      }
    },
    settle: underLock,
    ...(deps.onNextWake ? { onNextWake: (at: number | null) => nextWake('outbox', at) } : {}),
    secret: keys.current,
  });
  /** The outbox and the enrichments followed share the one wake-up alarm: the earlier time wins. */
  const wakes = { outbox: null as number | null, enrichments: null as number | null };
  function nextWake(part: keyof typeof wakes, at: number | null) {
    wakes[part] = at;
    const due = [wakes.outbox, wakes.enrichments].filter((t): t is number => t !== null);
    deps.onNextWake?.(due.length > 0 ? Math.min(...due) : null);
  }
  const enrichments = createEnrichments({
    api,
    meta,
    clock,
    timers,
    onChange: notify,
    ...(deps.onNextWake ? { onNextWake: (at: number | null) => nextWake('enrichments', at) } : {}),
    async onFinished(record, lead) {
      // What the service found shows at once: the lead's cached entries take the enriched lead.
      if (lead) {
        await underLock(async () => {
          for (const entry of await cache.byLead(lead.id)) await cache.put({ ...entry, lead });
        });
      }
      // A profile that was no lead when enriched: the service made it one; it is looked up again.
      if (record.profileUrl) {
        resolver.invalidate(record.profileUrl);
        resolution.refreshProfile(record.profileUrl);
      }
      notify();
    },
  });
  async function followEnrichment(input: Parameters<typeof enrichments.track>[0]) {
    const before = input.leadId ? (await cache.byLead(input.leadId).catch(() => []))[0]?.lead ?? null : null;
    await enrichments.track({ ...input, before });
    // Enriching a profile makes it a lead at once (the service creates it): the panel looks again.
    if (input.profileUrl) {
      resolver.invalidate(input.profileUrl);
      resolution.refreshProfile(input.profileUrl);
    }
  }
  const inbox = createInbox({
    api,
    panelData,
    cache,
    identities,
    meta,
    clock,
    keys,
    freshMs: deps.freshMs ?? DEFAULT_FRESH_MS,
    cachingEnabled,
    hosts: () => current().profileHosts,
    // The address the tab was last seen at (webNavigation gives it without a host permission).
    getTabUrl: async (tabId) => (await tabs.known(tabId)).url ?? (await deps.getTabUrl?.(tabId).catch(() => undefined)),
    ...(deps.navigateTab ? { navigateTab: deps.navigateTab } : {}),
    ...(deps.onInboxCount ? { onCount: deps.onInboxCount } : {}),
    ...(deps.onInboxNews ? { onNews: deps.onInboxNews } : {}),
    notifications: () => current().inboxNotifications,
    myIdentityIds: () => current().myIdentityIds,
    onLiveRow: (row, preview) => deps.push.live?.(row, preview),
    following: () => live.state() === 'live',
  });
  const lists = listHandlers({
    resolver,
    clock,
    keyUsable: () => keys.current() !== null && keys.problem() === null,
    settings: () => settings,
    push: (tabId, badges) => deps.push.list?.(tabId, badges),
  });
  const page = pagePeople({
    resolver,
    cache,
    enqueue,
    outbox,
    batches: createAudienceBatches(meta),
    session: deps.session,
    clock,
    keyUsable: () => keys.current() !== null && keys.problem() === null,
    hosts: () => current().profileHosts,
  });
  const feed = createPanelFeed({ tabs, cache, outbox, keys, identities, statuses, enrichments: () => enrichments.all(), settings: () => settings, push: deps.push, clock, underLock, isStopped });

  // Live replies (issue 36): one stream from the team relay while a surface is open.
  const live = createLiveRelay({
    config: () => (settings && settings.relayUrl !== '' && settings.relayToken !== '' ? { url: settings.relayUrl, token: settings.relayToken } : null),
    position: {
      get: async () => (await meta.get<string>(LIVE_POSITION_META)) ?? null,
      set: (id) => meta.set(LIVE_POSITION_META, id),
    },
    apply: createLiveApply({ cache, panelData, inbox, underLock, notify }),
    timers,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });

  async function enqueue(action: OutboxAction) {
    // Refused, not kept in a memory the next worker stop would erase: the user sees why, nothing is lost silently.
    if (storageProblem !== null) throw new StorageUnavailableError(storageProblem);
    if (keys.current() === null) throw new NoKeyError();
    const item = outboxItemView(await outbox.enqueue(action));
    void inbox.queued(action);
    return item;
  }

  /** The outbox as the pages act on it: a reply taken back (Undo, Discard) waits again in the count. */
  const pagesOutbox: typeof outbox = {
    ...outbox,
    async discard(id, onlyIf) {
      const record = await outbox.discard(id, onlyIf);
      if (record?.kind === 'reply') void inbox.withdrawn(record.conversationId);
      return record;
    },
  };

  async function applySettings(next: Settings, previous: Settings | null) {
    settings = next;
    // The client reads the base URL per call; what was fetched from the previous service goes.
    if (previous && previous.baseUrl !== next.baseUrl) panelData.forget();
    if (previous && JSON.stringify(previous.profileHosts) !== JSON.stringify(next.profileHosts)) tabs.rehost();
    if (previous && (previous.relayUrl !== next.relayUrl || previous.relayToken !== next.relayToken)) live.reconfigure();
    notify();
  }

  /** A key was stored or cleared: a new key starts afresh, and whatever waited for a key goes now. */
  async function keyChanged(changed: boolean) {
    if (changed) {
      await client.keyChanged();
      panelData.forget();
      await identities.forget();
    }
    notify();
    if (keys.current() === null) return;
    identities.load();
    await outbox.hurry();
    for (const tabId of tabs.ids()) void resolution.ensure(tabId, true);
  }

  const handlers: HandlerMap<RequestType> = {
    ...profileHandlers({ tabs, feed, resolution, panelData, api, hosts: () => current().profileHosts, ...(deps.openPanel ? { openPanel: deps.openPanel } : {}) }),
    ...lists.handlers,
    ...page.handlers,
    ...conversationHandlers({ enqueue, cache, clock }),
    ...leadHandlers({
      enqueue,
      api,
      panelData,
      identities,
      hosts: () => current().profileHosts,
      followEnrichment,
      enrichmentUnderWay: (target) =>
        enrichments.all().some((r) => r.state === 'pending' && ('leadId' in target ? r.leadId === target.leadId : r.profileUrl === target.profileUrl)),
    }),
    ...outboxHandlers({ outbox: pagesOutbox, cache }),
    ...replyHandlers({ enqueue, outbox: pagesOutbox, api, cache, panelData, meta, clock, settings: current, key: keys.current }),
    ...replyTemplateHandlers({ api, cache, meta, clock, key: keys.current }),
    ...storageHandlers({ problem: storageProblem }),
    ...liveHandlers({ ...(deps.fetch ? { fetch: deps.fetch } : {}), following: () => live.state() === 'live', api, cache, panelData, underLock, notify }),
    ...inbox.handlers,
    ...leadIdentityHandlers({ tabs, feed, resolution, choices, api, enqueue, cache, statuses, queued: () => outbox.list() }),
    ...leadLinkHandlers({ tabs, feed, resolution, links, cache, api, invalidate: resolver.invalidate, clock }),
    ...settingsHandlers({
      settings: { current, store: deps.settings, apply: applySettings },
      keys,
      client,
      identities,
      callLog,
      hasHostPermission: deps.hasHostPermission,
    }),
  };
  const handle = createDispatch(handlers, { clock, secret: keys.current });
  let unwatch: (() => void) | null = null;

  return {
    async start() {
      stopped = false;
      const loaded = await deps.settings.get();
      await keys.load();
      await client.restore();
      await applySettings(loaded, settings);
      await identities.restore();
      await tabs.restore();
      unwatch = deps.settings.watch((next) => {
        if (JSON.stringify(next) !== JSON.stringify(settings)) void applySettings(next, settings);
      });
      void cache.prune(clock.now() - CACHE_MAX_AGE_MS).catch(() => undefined);
      await outbox.start();
      await enrichments.start();
      identities.load();
    },
    stop() {
      stopped = true;
      outbox.stop();
      enrichments.stop();
      live.release();
      unwatch?.();
      tabs.abortAll();
    },
    handle,
    async tabNavigated(tabId, url, name) {
      if (!settings) return;
      tabs.navigate(tabId, url, name);
      notify();
      await resolution.ensure(tabId);
    },
    tabClosed(tabId) {
      tabs.close(tabId);
      lists.feed.forget(tabId);
    },
    panelState: (tabId) => handlers['panel-state']({ type: 'panel-state', tabId }, {}),
    async panelSubscribed(tabId) {
      await tabs.known(tabId);
      void resolution.ensure(tabId);
      await feed.subscribed(tabId);
      live.want();
      void this.refreshInboxCount(PANEL_COUNT_MIN_AGE_MS);
    },
    refreshInboxCount: (minAgeMs) => inbox.refreshCount(minAgeMs).then((v) => v.count, () => null),
    panelsClosed: () => {
      inbox.leaveAll();
      live.release();
    },
    liveState: () => live.state(),
    wake: () => {
      outbox.wake();
      enrichments.wake();
    },
    profileHosts: () => settings?.profileHosts ?? [],
    outbox,
    callLog,
    cache,
    callStats: client.figures,
    api,
  };
}
