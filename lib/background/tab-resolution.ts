/**
 * Resolving the profile a tab shows: started when its cache entry is missing or stale, cancelled
 * when the user leaves the profile, shown as revalidating while it runs, its failure kept for the
 * panel (a refused key is the key session's, and shows as such).
 */
import { isAbortError } from '../api/errors';
import { NoKeyError, toErrorView } from './error-view';
import { isKeyRefusal, type KeySession } from './key-session';
import type { PanelData } from './panel-data';
import type { PanelError } from './panel-state';
import type { Resolver } from './resolver';
import type { TabRegistry } from './tab-registry';

export interface TabResolutionOptions {
  tabs: TabRegistry;
  resolver: Resolver;
  keys: Pick<KeySession, 'current' | 'problem'>;
  panelData: Pick<PanelData, 'checkRecentMessages'>;
  clock: { now(): number };
  /** False: caching and coalescing off (the benchmark's naive baseline). */
  cachingEnabled(): boolean;
  /** Something a panel shows changed. */
  notify(): void;
}

export interface TabResolution {
  /** Starts resolution for a tab when its entry is missing or stale (or always, with `force`). */
  ensure(tabId: number, force?: boolean): Promise<void>;
  /** Resolves again every tab showing this profile (a change made it stale). */
  refreshProfile(profileUrl: string): void;
  /** Whether a forced refresh of this tab would start now. */
  canRefresh(profileUrl: string | null): boolean;
}

export function createTabResolution(opts: TabResolutionOptions): TabResolution {
  const { tabs, resolver, keys } = opts;
  const keyUsable = () => keys.current() !== null && keys.problem() === null;

  const panelError = (error: unknown): PanelError => toErrorView(error, opts.clock.now(), keys.current());

  async function ensure(tabId: number, force = false): Promise<void> {
    const tab = tabs.get(tabId);
    const profileUrl = tab?.profileUrl;
    if (!tab || !profileUrl || !keyUsable()) return;
    const coalesce = opts.cachingEnabled();
    if (tab.controller && !force && coalesce) return;
    const peeked = await resolver.peek(profileUrl);
    if (peeked?.fresh && !force) return;
    if (tab.profileUrl !== profileUrl) return;
    // Another trigger of the same view (navigation event, content script) may have started while
    // the cache was read: it is not cancelled and started again.
    if (tab.controller && !force && coalesce) return;
    const running = tab.controller;
    const controller = new AbortController();
    if (running && !coalesce) {
      // Caching off (the naive baseline): identical lookups are not coalesced, each goes on to the
      // wire and the first to answer shows. Leaving the profile still cancels all of them.
      controller.signal.addEventListener('abort', () => running.abort(), { once: true });
    } else running?.abort();
    tab.controller = controller;
    tab.revalidating = true;
    opts.notify();
    try {
      const entry = await resolver.resolve(profileUrl, {
        signal: controller.signal,
        // A cold profile is what the user is waiting for; a stale one is already shown.
        priority: peeked ? 'background' : 'user',
      });
      opts.panelData.checkRecentMessages(entry.conversations);
      tab.error = null;
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      // A refused key shows as such (the key session saw it); no key is no failure of the profile.
      if (!(error instanceof NoKeyError) && !isKeyRefusal(error)) tab.error = panelError(error);
    } finally {
      if (tab.controller === controller) {
        tab.controller = null;
        tab.revalidating = false;
      }
      // Also when a newer lookup still runs (caching off): the first answer shows at once.
      opts.notify();
    }
  }

  return {
    ensure,
    refreshProfile(profileUrl) {
      for (const tabId of tabs.showing(profileUrl)) void ensure(tabId, true);
    },
    canRefresh: (profileUrl) => profileUrl !== null && keyUsable(),
  };
}
