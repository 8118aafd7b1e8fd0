/**
 * Badges on lists: the profiles a tab lists on screen (search results, feed, company people) and
 * prefetch of the profile the pointer rests on. Everything goes through the resolver (its cache and
 * coalescing, shared with the panel) at `list` priority, the limiter's lowest but one class, capped
 * at its share of the key's rate; revalidating a badge already shown is `idle` work, after them. A batch costs a lead search per profile not fresh in the cache and
 * ONE conversation search for all the leads found (`resolver.resolveMany`).
 *
 * The content script sends the profiles on screen (link hrefs: canonicalised here again); the answer
 * and the pushes carry only what a badge shows (`ListBadge`), never the key, a note or an id.
 */
import { isAbortError } from '../../api/errors';
import { isShedError } from '../../api/rate-limiter';
import type { LimiterPriority } from '../../api/priority';
import { canonicalProfileUrl } from '../../pronet/canonical-url';
import type { Settings } from '../../settings';
import type { CacheEntry } from '../../store/db';
import { listBadgeFor, type ListBadge } from '../../views';
import type { HandlerMap } from '../dispatch';
import { RequestError } from '../error-view';
import { selectConversation } from '../panel-state';
import type { Resolver } from '../resolver';

export interface ListHandlerDeps {
  resolver: Pick<Resolver, 'peek' | 'resolve' | 'resolveMany'>;
  clock: { now(): number };
  /** Whether the key can be used now (stored and not refused): without it nothing is resolved. */
  keyUsable(): boolean;
  settings(): Settings | null;
  /** Sends badges to a tab's content script (best effort). */
  push(tabId: number, badges: ListBadge[]): void;
}

export interface ListFeed {
  /** Something cached may have changed (a resolution, an action landed): changed badges go out. */
  notify(): void;
  /** The tab left its page or closed: its pending lookups stop. */
  forget(tabId: number): void;
}

/** Most profiles one message may list (the protocol's limit). */
export const LIST_BATCH_MAX = 100;
/** Most profiles a tab's badges are kept up to date for (the oldest listed go first). */
const SHOWN_MAX = 500;

/** The badge of a cache entry, with the conversation the panel would show first. */
export function badgeOf(entry: CacheEntry, now: number): ListBadge {
  return listBadgeFor(entry, selectConversation(entry.conversations, null), now);
}

interface TabList {
  /** Profiles whose lookup is pending, with the controller that gives it up. */
  pending: Map<string, AbortController>;
  /** Profiles listed on the tab, with what their badge last said (JSON), to push only changes. */
  shown: Map<string, string>;
  /** Profiles listed while the key could not be used: looked up once it can (issue 34: their badges came only after a reload). */
  waiting: Set<string>;
}

export function listHandlers(deps: ListHandlerDeps): { handlers: HandlerMap<'list-badges' | 'list-prefetch'>; feed: ListFeed } {
  const tabs = new Map<number, TabList>();
  let queued = false;

  const listOf = (tabId: number): TabList => {
    let list = tabs.get(tabId);
    if (!list) tabs.set(tabId, (list = { pending: new Map(), shown: new Map(), waiting: new Set() }));
    return list;
  };
  const hosts = () => deps.settings()?.profileHosts ?? [];
  const enabled = () => deps.settings()?.listBadges !== false;

  /** The badge, if it differs from what the tab was last told. */
  function changed(list: TabList, entry: CacheEntry): ListBadge | null {
    const badge = badgeOf(entry, deps.clock.now());
    const json = JSON.stringify(badge);
    if (list.shown.get(entry.profileUrl) === json) return null;
    remember(list, entry.profileUrl, json);
    return badge;
  }

  function remember(list: TabList, url: string, json: string) {
    list.shown.delete(url);
    list.shown.set(url, json);
    while (list.shown.size > SHOWN_MAX) list.shown.delete(list.shown.keys().next().value as string);
  }

  function wait(list: TabList, url: string) {
    list.waiting.delete(url);
    list.waiting.add(url);
    while (list.waiting.size > SHOWN_MAX) list.waiting.delete(list.waiting.keys().next().value as string);
  }

  /** The key can be used again: what the tabs listed meanwhile is looked up, and pushed as it comes. */
  function lookUpWaiting() {
    for (const [tabId, list] of tabs) {
      const urls = [...list.waiting].filter((url) => !list.pending.has(url));
      list.waiting.clear();
      for (let i = 0; i < urls.length; i += LIST_BATCH_MAX) resolveBatch(tabId, list, urls.slice(i, i + LIST_BATCH_MAX), 'list');
    }
  }

  /** Resolves the tab's profiles not fresh in the cache as one batch; pushes what they show. */
  function resolveBatch(tabId: number, list: TabList, urls: string[], priority: LimiterPriority) {
    const items = urls.map((profileUrl) => {
      const controller = new AbortController();
      list.pending.set(profileUrl, controller);
      return { profileUrl, signal: controller.signal };
    });
    const results = deps.resolver.resolveMany(items, { priority });
    // Each badge goes out as soon as its profile is known ("not a lead" before the batch's
    // conversation search); those that settle together go in one message.
    let outgoing: ListBadge[] = [];
    const flush = () => {
      if (outgoing.length > 0) deps.push(tabId, outgoing);
      outgoing = [];
    };
    results.forEach((result, i) => {
      const item = items[i]!;
      result.then(
        (entry) => {
          const badge = tabs.get(tabId) === list ? changed(list, entry) : null;
          if (badge) {
            if (outgoing.length === 0) queueMicrotask(flush);
            outgoing.push(badge);
          }
        },
        (error: unknown) => {
          // A badge stays unknown (nothing shows); the panel reports failures where the user acts. A
          // lookup shed (the key is past its limit) is that badge not shown rather than late: not a failure.
          if (!deps.keyUsable()) wait(list, item.profileUrl);
          else if (!isAbortError(error) && !isShedError(error) && !item.signal.aborted) console.warn('list badge lookup failed', error);
        },
      ).finally(() => {
        if (list.pending.get(item.profileUrl)?.signal === item.signal) list.pending.delete(item.profileUrl);
      });
    });
  }

  const handlers: HandlerMap<'list-badges' | 'list-prefetch'> = {
    async 'list-badges'(req, ctx) {
      if (ctx.tabId === undefined) throw new RequestError('bad-request', 'not-from-a-tab');
      const tabId = ctx.tabId;
      if (!enabled()) return [];
      const urls = [...new Set(req.urls.flatMap((u) => canonicalProfileUrl(u, hosts()) ?? []))].slice(0, LIST_BATCH_MAX);
      const list = listOf(tabId);
      // What is no longer on screen is no longer wanted.
      const wanted = new Set(urls);
      for (const url of list.waiting) if (!wanted.has(url)) list.waiting.delete(url);
      for (const [url, controller] of list.pending) {
        if (!wanted.has(url)) {
          controller.abort();
          list.pending.delete(url);
        }
      }
      const badges: ListBadge[] = [];
      const missing: string[] = [];
      const stale: string[] = [];
      for (const url of urls) {
        const peeked = await deps.resolver.peek(url);
        if (peeked) {
          const badge = badgeOf(peeked.entry, deps.clock.now());
          remember(list, url, JSON.stringify(badge));
          badges.push(badge);
        } else list.shown.delete(url);
        // A cached entry shows at once and is revalidated by the panel's freshness rules, after the
        // badges nobody has seen yet (idle work: it neither delays them nor holds their connections).
        if (!list.pending.has(url)) {
          if (!peeked) missing.push(url);
          else if (!peeked.fresh) stale.push(url);
        }
      }
      if (deps.keyUsable()) {
        if (missing.length > 0) resolveBatch(tabId, list, missing, 'list');
        if (stale.length > 0) resolveBatch(tabId, list, stale, 'idle');
      } else for (const url of [...missing, ...stale]) wait(list, url);
      return badges;
    },
    async 'list-prefetch'(req) {
      if (deps.settings()?.prefetchOnHover === false || !deps.keyUsable()) return null;
      const url = canonicalProfileUrl(req.url, hosts());
      if (url === null) return null;
      const peeked = await deps.resolver.peek(url);
      if (!peeked?.fresh) {
        // Not cancelled when the pointer moves on: the user is likely to open it. The freshest intent
        // of the user goes before the badges queued earlier, still as list work (it sheds first).
        deps.resolver.resolve(url, { priority: 'list', ahead: true }).catch((error: unknown) => {
          if (!isAbortError(error) && !isShedError(error)) console.warn('prefetch failed', error);
        });
      }
      return null;
    },
  };

  const feed: ListFeed = {
    notify() {
      // Told of every change of the key's state too: saved, or accepted again after a refusal.
      if (deps.keyUsable()) lookUpWaiting();
      if (queued || tabs.size === 0) return;
      queued = true;
      setTimeout(() => {
        queued = false;
        void (async () => {
          for (const [tabId, list] of tabs) {
            const badges: ListBadge[] = [];
            for (const url of list.shown.keys()) {
              const peeked = await deps.resolver.peek(url);
              const badge = peeked ? changed(list, peeked.entry) : null;
              if (badge) badges.push(badge);
            }
            if (badges.length > 0) deps.push(tabId, badges);
          }
        })().catch((error: unknown) => console.warn('list badges not refreshed', error));
      }, 0);
    },
    forget(tabId) {
      const list = tabs.get(tabId);
      if (!list) return;
      for (const controller of list.pending.values()) controller.abort();
      tabs.delete(tabId);
    },
  };
  return { handlers, feed };
}
