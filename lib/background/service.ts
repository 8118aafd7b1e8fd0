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
import { createKeyStore } from '../store/key-store';
import { createMetaStore } from '../store/meta';
import { createLeadChoices } from '../store/lead-choices';
import { createLeadLinks } from '../store/lead-links';
import { createLeadStatuses } from '../store/lead-statuses';
import { createOutboxStore } from '../store/outbox-store';
import { createDispatch, type HandlerMap } from './dispatch';
import { conversationHandlers } from './handlers/conversation';
import { createInbox } from './handlers/inbox';
import { audienceCreateHandlers } from './handlers/audience-create';
import { leadHandlers } from './handlers/leads';
import { listHandlers } from './handlers/list';
import { outboxHandlers } from './handlers/outbox';
import { enrichSelected } from './handlers/enrich-selected';
import { pagePeople } from './handlers/page-people';
import { pageSelectionHandlers } from './handlers/page-selection';
import { searchImports } from './handlers/search-import';
import { profileHandlers } from './handlers/profile';
import { replyHandlers } from './handlers/reply';
import { replyTemplateHandlers } from './handlers/reply-templates';
import { settingsHandlers } from './handlers/settings';
import { storageHandlers } from './handlers/storage';
import { createFollowedEnrichments } from './enrichment-wiring';
import { createIdentityDirectory } from './identity-directory';
import { createKeySession } from './key-session';
import { createLiveWiring } from './live-wiring';
import { createMutationEffects } from './mutation-effects';
import { createOutbox, DEFAULT_OUTBOX_POLICY } from './outbox';
import { uncertainFor } from './outbox-send';
import { createFollowUps, watchFollowUps } from './follow-ups';
import { queueFollowUp } from './outbox-reply';
import { createPagesOutbox } from './pages-outbox';
import { createPanelData } from './panel-data';
import { createPanelFeed } from './panel-feed';
import { createResolver, DEFAULT_FRESH_MS } from './resolver';
import { leadIdentityHandlers } from './handlers/lead-identity';
import { leadLinkHandlers } from './handlers/lead-links';
import { crmHandlers } from './handlers/crm';
import { campaignStandingHandlers } from './handlers/campaign-standing';
import { createSerialLock } from './serial-lock';
import { createServiceClient } from './service-client';
import type { BackgroundDeps, BackgroundService } from './service-types';
import { createTabRegistry } from './tab-registry';
import { createTabResolution } from './tab-resolution';
import { systemTimers } from '../timers';
import { createWakeAlarm } from './wake-alarm';

export type { BackgroundDeps, BackgroundService } from './service-types';
export type { RequestContext } from './dispatch';
export type { PushChannels } from './panel-feed';

const CACHE_MAX_AGE_MS = 7 * 24 * 3_600_000;
/** A panel opening refreshes the toolbar count, unless it is younger than this (panels opened in a row). */
const PANEL_COUNT_MIN_AGE_MS = 15_000;

export function createBackgroundService(deps: BackgroundDeps): BackgroundService {
  const clock = deps.clock ?? { now: () => Date.now() };
  const timers = deps.timers ?? systemTimers;
  const meta = createMetaStore(deps.db);
  // Every conversation written to the cache is checked against the follow-ups the product set (issue 41).
  const cache = watchFollowUps(createProfileCache(deps.db), () => followUps);
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
  const hosts = () => current().profileHosts;
  const notify = () => {
    feed.notify();
    lists.feed.notify();
    page.refresh();
  };

  const storageProblem = deps.storageProblem ?? null;
  /** The outbox and the enrichments followed share the one wake-up alarm. */
  const alarm = createWakeAlarm<'outbox' | 'enrichments'>(deps.onNextWake);
  const keys = createKeySession({ store: createKeyStore({ db: deps.db, session: deps.session, sessionOnly: storageProblem !== null }), onKeyChange: keyChanged, onProblemChange: notify });
  const keyUsable = () => keys.current() !== null && keys.problem() === null;
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
  const tabs = createTabRegistry({ session: deps.session, clock, hosts, ...(deps.getTabUrl ? { getTabUrl: deps.getTabUrl } : {}) });
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
      await imports.applied(record, outcome);
      await enriching.applied(record, outcome);
      queueFollowUp(record, clock.now(), enqueue, followUps.remember);
    },
    settle: underLock,
    ...alarm.for('outbox'),
    secret: keys.current,
  });
  const enrichments = createFollowedEnrichments({ api, meta, cache, resolver, resolution, underLock, clock, timers, notify, ...alarm.for('enrichments') });
  const inbox = createInbox({
    onConversations: (conversations) => void followUps.seen(conversations),
    api,
    panelData,
    cache,
    identities,
    meta,
    clock,
    keys,
    freshMs: deps.freshMs ?? DEFAULT_FRESH_MS,
    cachingEnabled,
    hosts,
    // The address the tab was last seen at (webNavigation gives it without a host permission).
    getTabUrl: async (tabId) => (await tabs.known(tabId)).url ?? (await deps.getTabUrl?.(tabId).catch(() => undefined)),
    ...(deps.navigateTab ? { navigateTab: deps.navigateTab } : {}),
    ...(deps.onInboxCount ? { onCount: deps.onInboxCount } : {}),
    pendingOutbox: async () => new Set((await outbox.list()).filter((r) => r.state !== 'failed').map((r) => r.id)),
    ...(deps.onInboxNews ? { onNews: deps.onInboxNews } : {}),
    notifications: () => current().inboxNotifications,
    myIdentityIds: () => current().myIdentityIds,
    onLiveRow: (row, preview) => deps.push.live?.(row, preview),
  });
  const { enqueue, outbox: pagesOutbox } = createPagesOutbox({ outbox, inbox, storageProblem, key: keys.current });
  const followUps = createFollowUps({ meta, clock, enqueue });
  const lists = listHandlers({ resolver, clock, keyUsable, settings: () => settings, push: (tabId, badges) => deps.push.list?.(tabId, badges) });
  const { thisPage, peopleWanted } = deps.push;
  const imports = searchImports({
    api,
    enqueue,
    outbox,
    resolver,
    meta,
    clock,
    timers,
    keyUsable,
    pageOf: (tabId) => page.pageOf(tabId),
    view: (tabId) => page.view(tabId),
    changed: notify,
  });
  const enriching = enrichSelected({
    enqueue,
    outbox,
    resolver,
    meta,
    hosts,
    keyUsable,
    clock,
    enrichments,
    creditsSpent: () => panelData.credits.drop(),
    view: (tabId) => page.view(tabId),
  });
  const page = pagePeople({
    imports,
    enrich: enriching,
    resolver,
    cache,
    enqueue,
    outbox,
    meta,
    session: deps.session,
    clock,
    timers,
    keyUsable,
    hosts,
    ...(thisPage && peopleWanted ? { push: { view: thisPage, wanted: peopleWanted } } : {}),
  });
  const feed = createPanelFeed({ tabs, cache, outbox, keys, identities, statuses, enrichments: () => enrichments.all(), settings: () => settings, push: deps.push, clock, underLock, isStopped });
  // Live replies (issue 36): one stream from the team relay while a surface is open.
  const live = createLiveWiring({ settings: () => settings, meta, api, cache, panelData, inbox, underLock, notify, timers, ...(deps.fetch ? { fetch: deps.fetch } : {}) });

  async function applySettings(next: Settings, previous: Settings | null) {
    settings = next;
    // The client reads the base URL per call; what was fetched from the previous service goes.
    if (previous && previous.baseUrl !== next.baseUrl) panelData.forget();
    if (previous && JSON.stringify(previous.profileHosts) !== JSON.stringify(next.profileHosts)) tabs.rehost();
    if (previous) live.settingsChanged(previous, next);
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
    ...profileHandlers({ tabs, feed, resolution, panelData, api, hosts, ...(deps.openPanel ? { openPanel: deps.openPanel } : {}) }),
    ...lists.handlers,
    ...page.handlers,
    ...pageSelectionHandlers({ session: deps.session }),
    ...imports.handlers,
    ...enriching.handlers,
    ...conversationHandlers({ enqueue, cache, clock }),
    ...leadHandlers({ enqueue, api, panelData, identities, hosts, followEnrichment: enrichments.follow, enrichmentUnderWay: enrichments.underWay }),
    ...audienceCreateHandlers({ api, panelData, clock, timers, timeoutMs: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
    ...outboxHandlers({ outbox: pagesOutbox, cache }),
    ...replyHandlers({ enqueue, outbox: pagesOutbox, api, cache, panelData, meta, clock, settings: current, key: keys.current }),
    ...replyTemplateHandlers({ api, cache, meta, clock, key: keys.current }),
    ...storageHandlers({ problem: storageProblem }),
    ...live.handlers,
    ...inbox.handlers,
    ...leadIdentityHandlers({ tabs, feed, resolution, choices, api, enqueue, cache, statuses, queued: () => outbox.list() }),
    ...leadLinkHandlers({ tabs, feed, resolution, links, cache, api, invalidate: resolver.invalidate, clock }),
    ...crmHandlers({ api, tabs, cache, meta, clock, key: keys.current }),
    ...campaignStandingHandlers({ api, meta, clock, key: keys.current }),
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
    thisPageSubscribed: (tabId) => page.watch(tabId),
    thisPageClosed: (tabId) => page.unwatch(tabId),
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
