/**
 * Profile resolution: canonical pronetUrl → `GET /leads/search` → `GET /leads/{id}/conversations`,
 * at most two calls cold, none when the cache is fresh.
 *
 * - Freshness: a lead entry is fresh for `freshMs`, a "no lead" entry only for `noLeadFreshMs` (the
 *   profile may be added from elsewhere). Older entries are still shown (stale) while revalidated;
 *   the caller decides that with `peek`.
 * - Coalescing: identical resolutions in flight share one pair of calls.
 * - Cancellation: each caller passes its own signal (the tab's); the shared calls are given up only
 *   when every caller waiting for them has given up, and only while they wait for the limiter: a
 *   call already sent has spent the key's budget, its answer is kept in the cache.
 * - Priority: a caller joining work in flight raises it to its own priority (the user opens a
 *   profile whose list badge is still queued: it jumps the queue, and does not wait for the rest of
 *   the list's batch).
 * - With caching disabled (the benchmark's naive baseline) `peek` finds nothing and nothing is shared.
 * - Duplicates: when several leads have the profile URL, each one's conversations are counted (the
 *   picker shows the one with a conversation first) and the entry names the lead the user chose for
 *   this profile (`choices`), or none until they choose: never silently the first.
 * - Links: a profile the user linked to a lead (`links`) is looked up by that lead's id; when that
 *   lead is gone, the URL decides again.
 */
import { LIMITER_PRIORITIES, priorityOf, risingPriority, type LimiterPriority, type RisingPriority } from '../api/priority';
import type { LeadMatches } from '../api/lead-search';
import type { ConversationSummary } from '../api/schemas';
import type { ProfileCache } from '../store/cache';
import type { CacheEntry } from '../store/db';
import type { LeadChoices } from '../store/lead-choices';
import type { LeadLinks } from '../store/lead-links';
import { createSharedCalls, sharedCall, type SharedCall } from './shared-calls';

export interface ResolveCallOptions {
  signal?: AbortSignal;
  priority?: LimiterPriority | RisingPriority;
  /** See `CallOptions.abortOnlyQueued`: a look-up's calls, once sent, are answered and cached. */
  abortOnlyQueued?: boolean;
  /**
   * The freshest intent within its class (the pointer rests on this profile's link): its calls, and
   * those of work in flight it joins, go before the calls of their class queued earlier.
   */
  ahead?: boolean;
}

/** The two calls resolution needs (adapted from the client in `api.ts`). */
export interface ResolverApi {
  /** The leads with this canonical profile URL (or this id, or these names), or null when there is none (404). */
  searchLead(
    query: { pronetUrl: string } | { leadId: string } | { firstname: string; lastname: string; companyName: string },
    opts: ResolveCallOptions,
  ): Promise<LeadMatches | null>;
  leadConversations(leadId: string, opts: ResolveCallOptions): Promise<ConversationSummary[]>;
  /**
   * The conversations of several leads in one search (`GET /conversations/search?leadIds=`); without
   * it, a batch asks lead by lead (the benchmark's one-by-one way).
   */
  leadsConversations?(leadIds: readonly string[], opts: ResolveCallOptions): Promise<ConversationSummary[]>;
}

export interface ResolverOptions {
  api: ResolverApi;
  cache: ProfileCache;
  /** The lead the user chose for a profile that several leads share. */
  choices?: Pick<LeadChoices, 'get'>;
  /** Profiles the user linked by hand to a lead (Find by name): they resolve to it by id. */
  links?: Pick<LeadLinks, 'get'>;
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
  /**
   * Resolves several profiles as one batch: a lead search each, then ONE conversation search for all
   * the leads found. Each profile joins work already in flight for it (the panel's, a prefetch) and
   * has its own signal: a profile given up stops its lead search; the shared conversation search
   * stops when every profile of the batch was given up. Answers in the order of `items`.
   */
  resolveMany(items: readonly { profileUrl: string; signal?: AbortSignal }[], opts?: { priority?: LimiterPriority }): Promise<CacheEntry>[];
  /** Whether an entry is still fresh (a lead for `freshMs`, "no lead" for `noLeadFreshMs`). */
  isFresh(entry: CacheEntry): boolean;
  /**
   * What the service holds for the profile changed (a mutation landed): work already in flight for it
   * answered from before the change, so it is neither joined by later callers nor stored.
   */
  invalidate(profileUrl: string): void;
  /** How many resolutions are on the wire now (for tests and the benchmark). */
  inFlight(): number;
}

/** A resolution shared by its askers (shared-calls.ts), at the highest priority one of them asked. */
interface Shared extends SharedCall<CacheEntry> {
  priority: RisingPriority;
}

const higher = (a: LimiterPriority, b: LimiterPriority) => LIMITER_PRIORITIES.indexOf(a) < LIMITER_PRIORITIES.indexOf(b);

export function createResolver(opts: ResolverOptions): Resolver {
  const freshMs = opts.freshMs ?? DEFAULT_FRESH_MS;
  const noLeadFreshMs = opts.noLeadFreshMs ?? DEFAULT_NO_LEAD_FRESH_MS;
  const cachingEnabled = opts.cachingEnabled ?? (() => true);
  const shared = createSharedCalls<CacheEntry, Shared>();
  /** Bumped by `invalidate`: an answer asked for under an older epoch is not stored. */
  const epochs = new Map<string, number>();
  const epochOf = (profileUrl: string) => epochs.get(profileUrl) ?? 0;
  let running = 0;

  async function fetchEntry(profileUrl: string, call: ResolveCallOptions): Promise<CacheEntry> {
    running += 1;
    const epoch = epochOf(profileUrl);
    try {
      const entry = await lookUp(profileUrl, call);
      // Stored even with caching off: the panel reads what it shows from here. The cache's memory
      // has it at once, so the status goes out without waiting for the disk.
      if (epoch === epochOf(profileUrl)) opts.cache.put(entry).catch((error: unknown) => console.error('profile cache write failed', error));
      return entry;
    } finally {
      running -= 1;
    }
  }

  /** The lead search for a profile: by the linked lead's id when the user linked one, else by its URL. */
  async function search(profileUrl: string, call: ResolveCallOptions): Promise<{ found: LeadMatches | null; linked: boolean }> {
    const link = await opts.links?.get(profileUrl);
    if (link) {
      const found = await opts.api.searchLead({ leadId: link.leadId }, call);
      if (found && found.leads.length > 0) return { found, linked: true };
    }
    return { found: await opts.api.searchLead({ pronetUrl: profileUrl }, call), linked: false };
  }

  async function lookUp(profileUrl: string, call: ResolveCallOptions): Promise<CacheEntry> {
    const { found, linked } = await search(profileUrl, call);
    const ids = (found?.leads ?? []).map((l) => l.id);
    const lists = new Map(await Promise.all(ids.map(async (id) => [id, await opts.api.leadConversations(id, call)] as const)));
    const entry = await entryFor(profileUrl, found, (id) => lists.get(id) ?? [], call);
    return linked ? { ...entry, linked } : entry;
  }

  /** A profile's cache entry from its lead search and the conversations of the leads it found. */
  async function entryFor(
    profileUrl: string,
    found: LeadMatches | null,
    conversationsOf: (leadId: string) => ConversationSummary[],
    call: ResolveCallOptions,
  ): Promise<CacheEntry> {
    const leads = found?.leads ?? [];
    const only = leads.length === 1 ? leads[0] : undefined;
    if (only) {
      return { profileUrl, leadId: only.id, lead: only, conversations: conversationsOf(only.id), fetchedAt: opts.clock.now(), recentLogs: found?.recentLogs ?? [] };
    }
    if (leads.length === 0) return { profileUrl, lead: null, conversations: [], fetchedAt: opts.clock.now() };
    const candidates = leads.map((lead) => ({ lead, conversations: conversationsOf(lead.id).length }));
    const tooManyResults = found?.tooManyResults ?? false;
    const chosenId = await opts.choices?.get(profileUrl);
    const chosen = leads.find((l) => l.id === chosenId);
    if (!chosen) return { profileUrl, lead: null, conversations: [], fetchedAt: opts.clock.now(), candidates, tooManyResults };
    // A search by id returns the chosen lead's recent logs (the several-leads answer has none).
    const one = await opts.api.searchLead({ leadId: chosen.id }, call);
    return {
      profileUrl,
      leadId: chosen.id,
      lead: chosen,
      conversations: conversationsOf(chosen.id),
      fetchedAt: opts.clock.now(),
      recentLogs: one?.recentLogs ?? [],
      candidates,
      tooManyResults,
    };
  }

  /** Waits for the shared work, or rejects as soon as this caller's own signal aborts. */
  function follow(work: Shared, signal: AbortSignal | undefined, priority: LimiterPriority | RisingPriority | undefined, ahead = false): Promise<CacheEntry> {
    const asked = priorityOf(priority);
    if (asked) work.priority.raise(asked);
    if (ahead) work.priority.hasten();
    return work.join(signal);
  }

  function isFresh(entry: CacheEntry): boolean {
    const age = opts.clock.now() - entry.fetchedAt;
    return age >= 0 && age < (entry.lead || entry.candidates ? freshMs : noLeadFreshMs);
  }

  function store(entry: CacheEntry, epoch: number): CacheEntry {
    if (epoch === epochOf(entry.profileUrl)) opts.cache.put(entry).catch((error: unknown) => console.error('profile cache write failed', error));
    return entry;
  }

  /** Resolves once `priority` is above `base` or hastened (at once if it already is). */
  function raisedAbove(priority: RisingPriority, base: LimiterPriority): Promise<void> {
    const out = () => priority.ahead || higher(priority.current, base);
    if (out()) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = priority.onRaise(() => {
        if (!out()) return;
        stop();
        resolve();
      });
    });
  }

  /**
   * The batch's calls for profiles nobody is resolving yet; one controller and one priority per
   * profile. A profile raised above the batch's priority (the user opened it) or hastened (the pointer
   * rests on it) does not wait for the batch's conversation search: its own leads' conversations are
   * asked for at its priority.
   */
  function fetchBatch(urls: readonly string[], controllers: readonly AbortController[], priorities: readonly RisingPriority[], base: LimiterPriority): Promise<CacheEntry>[] {
    const batch = new AbortController();
    let left = urls.length;
    for (const c of controllers) {
      c.signal.addEventListener('abort', () => {
        left -= 1;
        if (left === 0) batch.abort();
      }, { once: true });
    }
    running += urls.length;
    const started = urls.map(epochOf);
    const callOf = (i: number): ResolveCallOptions => ({ signal: controllers[i]!.signal, priority: priorities[i]!, abortOnlyQueued: true });
    const searches = urls.map((url, i) => search(url, callOf(i)));
    const leads = searches.map((s) => s.then((r) => r.found));
    const conversations = Promise.allSettled(leads).then(async (settled) => {
      const ids = [...new Set(settled.flatMap((r) => (r.status === 'fulfilled' && r.value ? r.value.leads.map((l) => l.id) : [])))];
      const byLead = new Map<string, ConversationSummary[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) return byLead;
      const call: ResolveCallOptions = { signal: batch.signal, priority: base, abortOnlyQueued: true };
      const all = opts.api.leadsConversations
        ? await opts.api.leadsConversations(ids, call)
        : (await Promise.all(ids.map((id) => opts.api.leadConversations(id, call)))).flat();
      for (const c of all) byLead.get(c.leadId)?.push(c);
      return byLead;
    });
    conversations.catch(() => undefined);
    return urls.map(async (url, i) => {
      try {
        const { found, linked } = await searches[i]!;
        const ids = (found?.leads ?? []).map((l) => l.id);
        let byLead = new Map<string, ConversationSummary[]>();
        if (ids.length > 0) {
          const raised = raisedAbove(priorities[i]!, base).then(() => null);
          byLead =
            (await Promise.race([conversations, raised])) ??
            new Map(await Promise.all(ids.map(async (id) => [id, await opts.api.leadConversations(id, callOf(i))] as const)));
        }
        const entry = await entryFor(url, found, (id) => byLead.get(id) ?? [], callOf(i));
        return store(linked ? { ...entry, linked } : entry, started[i]!);
      } finally {
        running -= 1;
      }
    });
  }

  /** Registers work as shared, so that a later caller for the same profile joins it. */
  function share(profileUrl: string, controller: AbortController, priority: RisingPriority, promise: Promise<CacheEntry>): Shared {
    return shared.add(profileUrl, controller, promise, (call) => ({ ...call, priority }));
  }

  const resolver: Resolver = {
    resolveMany(items, call = {}) {
      const caching = cachingEnabled();
      const base = call.priority ?? 'background';
      const fresh: string[] = [];
      // A look-up whose askers all left may still be answered: its profile waits for it (afterLeft), not in this batch.
      const waiting = new Map<string, Promise<CacheEntry>>();
      for (const item of items) {
        const url = item.profileUrl;
        if (caching && !shared.get(url)) {
          const waited = shared.afterLeft(url, item.signal, () => (item.signal?.aborted ? Promise.reject(item.signal.reason) : resolver.resolve(url, { ...call, ...(item.signal ? { signal: item.signal } : {}) })));
          if (waited) {
            waiting.set(url, waited);
            continue;
          }
        }
        if (!caching || !shared.get(url)) if (!fresh.includes(url)) fresh.push(url);
      }
      const controllers = fresh.map(() => new AbortController());
      const priorities = fresh.map(() => risingPriority(base));
      const promises = fresh.length > 0 ? fetchBatch(fresh, controllers, priorities, base) : [];
      const works = new Map<string, Shared>();
      fresh.forEach((url, i) => {
        const work = caching
          ? share(url, controllers[i]!, priorities[i]!, promises[i]!)
          : { ...sharedCall(controllers[i]!, promises[i]!), priority: priorities[i]! };
        work.promise.catch(() => undefined);
        works.set(url, work);
      });
      return items.map((item) => waiting.get(item.profileUrl) ?? follow(works.get(item.profileUrl) ?? shared.get(item.profileUrl)!, item.signal, base));
    },

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
        const waited = shared.afterLeft(profileUrl, call.signal, () => (call.signal?.aborted ? Promise.reject(call.signal.reason) : resolver.resolve(profileUrl, call)));
        if (waited) return waited;
        const controller = new AbortController();
        const priority = risingPriority(priorityOf(call.priority) ?? 'background');
        if (call.ahead) priority.hasten();
        work = share(profileUrl, controller, priority, fetchEntry(profileUrl, { signal: controller.signal, priority, abortOnlyQueued: true }));
      }
      return follow(work, call.signal, call.priority, call.ahead);
    },

    invalidate(profileUrl) {
      epochs.set(profileUrl, epochOf(profileUrl) + 1);
      shared.forget(profileUrl);
    },

    inFlight: () => running,
  };
  return resolver;
}
