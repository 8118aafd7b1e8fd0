/**
 * What every tab's panel, chip and toolbar badge show, computed from the cache, the outbox, the key
 * and the tab, and pushed when it changes. Each state carries a revision: pushes go out in the order
 * their states were computed, so an older state never undoes a newer one.
 */
import type { ProfileCache } from '../store/cache';
import type { Settings } from '../settings';
import type { ChipState, ChipView, InboxPreviewView, InboxRowView, ListBadge, OutboxItemView, PanelState, ThisPageView } from '../views';
import { badgeFor, type Badge } from './badge';
import type { LeadStatuses } from '../store/lead-statuses';
import type { EnrichmentRecord } from './enrichments';
import type { IdentityDirectory } from './identity-directory';
import type { KeySession } from './key-session';
import type { Outbox } from './outbox';
import { buildPanelState, chipFor, outboxItemView } from './panel-state';
import type { SerialLock } from './serial-lock';
import type { TabRegistry } from './tab-registry';

/** Where the background pushes what changed. Each is best effort (a closed port, a tab without chip). */
export interface PushChannels {
  panel(tabId: number, state: PanelState): void;
  chip(tabId: number, state: ChipState): void;
  badge(tabId: number, badge: Badge): void;
  outbox(items: OutboxItemView[]): void;
  /** Badges of the profiles a tab lists (`handlers/list.ts`); absent where nothing shows them. */
  list?(tabId: number, badges: ListBadge[]): void;
  /** A queue row a relayed event changed (issue 36), to the open queues. */
  live?(row: InboxRowView, preview: InboxPreviewView | null): void;
  /** A tab's "This page" view, to the panels that show it (issue 42). */
  thisPage?(tabId: number, view: ThisPageView): void;
  /** Whether the tab's content script reads its page's people (only while a "This page" view shows). */
  peopleWanted?(tabId: number, wanted: boolean): void;
}

/** A tab's state as computed, with the profile it was computed for and its revision. */
export interface Computed {
  state: PanelState;
  profileUrl: string | null;
  rev: number;
}

export interface PanelFeedOptions {
  tabs: TabRegistry;
  cache: ProfileCache;
  outbox: Pick<Outbox, 'list'>;
  keys: Pick<KeySession, 'current' | 'problem'>;
  identities: Pick<IdentityDirectory, 'names' | 'load'>;
  /** The last lead status set from this browser per lead and campaign. */
  statuses?: Pick<LeadStatuses, 'all'>;
  /** The enrichments asked from this browser, newest first. */
  enrichments?(): readonly EnrichmentRecord[];
  settings(): Settings | null;
  push: PushChannels;
  clock: { now(): number };
  /** The lock applied mutations settle under: a state never sees one half applied. */
  underLock: SerialLock;
  isStopped(): boolean;
}

export interface PanelFeed {
  compute(tabId: number): Promise<Computed>;
  /** Recomputes every tab's state soon, and pushes what changed. */
  notify(): void;
  /** Pushes the tab's state (`computed`, or computed now) where it changed. */
  pushTab(tabId: number, computed?: Computed): Promise<void>;
  /** A panel just subscribed: the newest state goes out again, even if unchanged. */
  subscribed(tabId: number): Promise<void>;
  chipState(computed: Computed): ChipState;
  pushOutbox(): Promise<void>;
}

export function createPanelFeed(opts: PanelFeedOptions): PanelFeed {
  const { tabs, clock } = opts;
  /** The last revision handed out (see `nextRev`). */
  let lastRev = 0;
  let notifyQueued = false;
  /** The outbox push under way; `again` when a change came while it was reading the list. */
  let outboxPush: { again: boolean } | null = null;

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
    const [cached, queued, leadStatuses] = await opts.underLock(
      async () => [profileUrl ? await opts.cache.get(profileUrl) : undefined, await opts.outbox.list(), await opts.statuses?.all()] as const,
    );
    // Caching off (the naive baseline): only what was fetched since the tab came to the profile shows.
    const cachingEnabled = opts.settings()?.cacheEnabled ?? true;
    const entry = cached && (cachingEnabled || cached.fetchedAt >= (tab?.since ?? 0)) ? cached : undefined;
    const state = buildPanelState({
      now: clock.now(),
      hasKey: opts.keys.current() !== null,
      keyProblem: opts.keys.problem(),
      profileUrl,
      ...(tab?.name ? { displayName: tab.name } : {}),
      ...(tab?.company ? { company: tab.company } : {}),
      ...(tab?.jobTitle ? { jobTitle: tab.jobTitle } : {}),
      ...(tab?.via ? { via: tab.via } : {}),
      ...(tab?.leadPageWithoutLink ? { leadPage: true } : {}),
      entry,
      // While a revalidation runs, and only then: an old entry with nothing on the way showed
      // "Updating…" for good, with Refresh disabled. It is revalidated when the user comes back to it.
      stale: Boolean(tab?.revalidating),
      error: tab?.error ?? null,
      selectedConversationId: tab?.selected ?? null,
      outbox: queued,
      identities: opts.identities.names(),
      ...(leadStatuses ? { leadStatuses } : {}),
      ...(opts.enrichments ? { enrichments: opts.enrichments() } : {}),
      webAppUrl: opts.settings()?.webAppUrl ?? '',
    });
    if (state.kind === 'lead') {
      const ids = state.conversations.flatMap((c) => (c.identityName === null && c.identityId !== null ? [c.identityId] : []));
      if (ids.length > 0) opts.identities.load(ids);
    }
    return { state, profileUrl, rev };
  }

  /** What the chip shows; 'off' when the user turned chips off. */
  const chipView = (state: PanelState): ChipView => (opts.settings()?.chipEnabled === false ? { kind: 'off' } : chipFor(state));

  async function pushTab(tabId: number, computed?: Computed) {
    if (!tabs.get(tabId)) return;
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
      opts.push.panel(tabId, current);
    }
    const badge = badgeFor(current);
    const badgeJson = JSON.stringify(badge);
    if (badgeJson !== tab.pushed.badge) {
      tab.pushed.badge = badgeJson;
      opts.push.badge(tabId, badge);
    }
    // Only tabs on a profile show the chip.
    if (profileUrl !== null) {
      const view = chipView(current);
      const chipJson = JSON.stringify({ ...view, profileUrl });
      if (chipJson !== tab.pushed.chip) {
        tab.pushed.chip = chipJson;
        opts.push.chip(tabId, { ...view, profileUrl, rev });
      }
    }
  }

  async function pushAll() {
    for (const tabId of tabs.ids()) {
      if (opts.isStopped()) return;
      try {
        await pushTab(tabId);
      } catch (error) {
        if (!opts.isStopped()) console.error('panel push failed', error);
      }
    }
  }

  return {
    compute,
    notify() {
      if (notifyQueued || opts.isStopped()) return;
      notifyQueued = true;
      queueMicrotask(() => {
        notifyQueued = false;
        void pushAll();
      });
    },
    pushTab,
    async subscribed(tabId) {
      const tab = await tabs.known(tabId);
      tab.pushed.panel = undefined;
      await pushTab(tabId);
    },
    chipState: ({ state, profileUrl, rev }) =>
      profileUrl === null ? { kind: 'not-profile', profileUrl, rev } : { ...chipView(state), profileUrl, rev },
    /**
     * Pushes the outbox's list. Changes that come while it is being read make one more push, not one
     * each: with hundreds of actions queued, a list per change would read the whole outbox per change
     * (quadratic), and the pages only need the newest.
     */
    async pushOutbox() {
      if (opts.isStopped()) return;
      if (outboxPush) {
        outboxPush.again = true;
        return;
      }
      const run = { again: true };
      outboxPush = run;
      try {
        while (run.again && !opts.isStopped()) {
          run.again = false;
          const items = (await opts.outbox.list()).map(outboxItemView);
          if (!opts.isStopped()) opts.push.outbox(items);
        }
      } catch (error) {
        if (!opts.isStopped()) console.error('outbox push failed', error);
      } finally {
        outboxPush = null;
      }
    },
  };
}
