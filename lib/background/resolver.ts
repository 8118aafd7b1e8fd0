/**
 * Profile resolution: canonical pronetUrl → `GET /leads/search` → `GET /leads/{id}/conversations`,
 * at most two calls cold, none when the cache is fresh.
 *
 * - Freshness: a lead entry is fresh for `freshMs`, a "no lead" entry only for `noLeadFreshMs` (the
 *   profile may be added from elsewhere). Older entries are still shown (stale) while revalidated;
 *   the caller decides that with `peek`.
 * - Coalescing: identical resolutions in flight share one pair of calls.
 * - Cancellation: each caller passes its own signal (the tab's); the shared calls are aborted only
 *   when every caller waiting for them has given up.
 * - With caching disabled (the benchmark's naive baseline) `peek` finds nothing and nothing is shared.
 */
import type { LimiterPriority } from '../api/rate-limiter';
import type { ConversationSummary, Lead } from '../api/schemas';
import type { ProfileCache } from '../store/cache';
import type { CacheEntry } from '../store/db';

export interface ResolveCallOptions {
  signal?: AbortSignal;
  priority?: LimiterPriority;
}

/** The two calls resolution needs (adapted from the client in `api.ts`). */
export interface ResolverApi {
  /** The lead with this canonical profile URL, or null when there is none (404). */
  searchLead(pronetUrl: string, opts: ResolveCallOptions): Promise<Lead | null>;
  leadConversations(leadId: string, opts: ResolveCallOptions): Promise<ConversationSummary[]>;
}

export interface ResolverOptions {
  api: ResolverApi;
  cache: ProfileCache;
  clock: { now(): number };
  freshMs?: number;
  noLeadFreshMs?: number;
  /** False turns caching and coalescing off. Read at each call. */
  cachingEnabled?: () => boolean;
}

export const DEFAULT_FRESH_MS = 60_000;
export const DEFAULT_NO_LEAD_FRESH_MS = 15_000;

export interface Peeked {
  entry: CacheEntry;
  fresh: boolean;
}

export interface Resolver {
  /** What the cache holds for a profile, and whether it is fresh. */
  peek(profileUrl: string): Promise<Peeked | null>;
  /** Fetches the profile from the service and stores it (coalesced with identical work in flight). */
  resolve(profileUrl: string, opts?: ResolveCallOptions): Promise<CacheEntry>;
  /** Whether an entry is still fresh (a lead for `freshMs`, "no lead" for `noLeadFreshMs`). */
  isFresh(entry: CacheEntry): boolean;
  /** How many resolutions are on the wire now (for tests and the benchmark). */
  inFlight(): number;
}

interface Shared {
  promise: Promise<CacheEntry>;
  controller: AbortController;
  waiters: number;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function createResolver(opts: ResolverOptions): Resolver {
  const freshMs = opts.freshMs ?? DEFAULT_FRESH_MS;
  const noLeadFreshMs = opts.noLeadFreshMs ?? DEFAULT_NO_LEAD_FRESH_MS;
  const cachingEnabled = opts.cachingEnabled ?? (() => true);
  const shared = new Map<string, Shared>();
  let running = 0;

  async function fetchEntry(profileUrl: string, call: ResolveCallOptions): Promise<CacheEntry> {
    running += 1;
    try {
      const lead = await opts.api.searchLead(profileUrl, call);
      const conversations = lead ? await opts.api.leadConversations(lead.id, call) : [];
      const entry: CacheEntry = {
        profileUrl,
        ...(lead ? { leadId: lead.id } : {}),
        lead,
        conversations,
        fetchedAt: opts.clock.now(),
      };
      // Stored even with caching off: the panel reads what it shows from here. The cache's memory
      // has it at once, so the status goes out without waiting for the disk.
      opts.cache.put(entry).catch((error: unknown) => console.error('profile cache write failed', error));
      return entry;
    } finally {
      running -= 1;
    }
  }

  /** Waits for the shared work, or rejects as soon as this caller's own signal aborts. */
  function follow(work: Shared, signal: AbortSignal | undefined): Promise<CacheEntry> {
    work.waiters += 1;
    if (!signal) return work.promise;
    if (signal.aborted) {
      leave(work);
      return Promise.reject(abortError(signal));
    }
    return new Promise<CacheEntry>((resolve, reject) => {
      const onAbort = () => {
        leave(work);
        reject(abortError(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      work.promise.then(
        (entry) => {
          signal.removeEventListener('abort', onAbort);
          resolve(entry);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  function leave(work: Shared) {
    work.waiters -= 1;
    if (work.waiters === 0) work.controller.abort();
  }

  function isFresh(entry: CacheEntry): boolean {
    const age = opts.clock.now() - entry.fetchedAt;
    return age >= 0 && age < (entry.lead ? freshMs : noLeadFreshMs);
  }

  return {
    async peek(profileUrl) {
      if (!cachingEnabled()) return null;
      const entry = await opts.cache.get(profileUrl);
      return entry ? { entry, fresh: isFresh(entry) } : null;
    },
    isFresh,

    resolve(profileUrl, call = {}) {
      if (!cachingEnabled()) return fetchEntry(profileUrl, call);
      let work = shared.get(profileUrl);
      if (!work) {
        const controller = new AbortController();
        const created: Shared = {
          controller,
          waiters: 0,
          promise: fetchEntry(profileUrl, { signal: controller.signal, priority: call.priority }),
        };
        created.promise
          .finally(() => {
            if (shared.get(profileUrl) === created) shared.delete(profileUrl);
          })
          .catch(() => undefined);
        // Aborted work must not be joined by a later caller.
        controller.signal.addEventListener('abort', () => {
          if (shared.get(profileUrl) === created) shared.delete(profileUrl);
        });
        shared.set(profileUrl, created);
        work = created;
      }
      return follow(work, call.signal);
    },

    inFlight: () => running,
  };
}
