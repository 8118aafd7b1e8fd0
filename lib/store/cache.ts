/**
 * The profile cache: what resolution last found for a canonical profile URL. Freshness is decided by
 * the resolver (it knows the clock and the policy); this module only stores and patches entries.
 *
 * IndexedDB keeps the entries across worker restarts; a memory in front of it answers the hot path
 * (every navigation reads the cache once or twice) without a round trip to the database: the
 * recently used entries, and the set of profiles stored at all, so that a profile never seen costs
 * no read. This instance is the database's only writer, so the memory stays true to it.
 */
import type { ConversationSummary } from '../api/schemas';
import type { CacheEntry, CompanionDb } from './db';

export interface ProfileCache {
  /** Entries are shared with the memory: read them, never change them in place. */
  get(profileUrl: string): Promise<CacheEntry | undefined>;
  /** `get` sees the entry as soon as `put` is called; the promise settles once it is on disk. */
  put(entry: CacheEntry): Promise<void>;
  delete(profileUrl: string): Promise<void>;
  /** Entries of a lead (usually one: a lead has one canonical profile URL). */
  byLead(leadId: string): Promise<CacheEntry[]>;
  /**
   * A profile the lead was resolved from (any one, when several), null when none: from memory when it
   * holds one (an action on the lead the user is looking at reads no disk, nor waits behind the
   * cache writes of a list resolving meanwhile), else from the database's index.
   */
  profileOfLead(leadId: string): Promise<string | null>;
  /** `byLead` for several leads, read in one transaction (a page of rows costs one, not one per row). */
  byLeads(leadIds: readonly string[]): Promise<Map<string, CacheEntry[]>>;
  /**
   * Replaces (or patches) one conversation in every entry of its lead, as a mutation's answer
   * reports it. Returns the profile URLs touched.
   */
  patchConversation(leadId: string, conversationId: string, patch: Partial<ConversationSummary>): Promise<string[]>;
  /** Drops entries fetched before `olderThan`. */
  prune(olderThan: number): Promise<void>;
}

/** How many entries the memory keeps (the least recently used go first). */
export const CACHE_MEMORY_ENTRIES = 300;

export function createProfileCache(db: CompanionDb, opts: { memoryEntries?: number } = {}): ProfileCache {
  const capacity = opts.memoryEntries ?? CACHE_MEMORY_ENTRIES;
  const recent = new Map<string, CacheEntry>();
  /** The profiles on disk, read once; null until then. */
  let stored: Set<string> | null = null;
  let loading: Promise<Set<string>> | null = null;

  function remember(entry: CacheEntry) {
    recent.delete(entry.profileUrl);
    recent.set(entry.profileUrl, entry);
    while (recent.size > capacity) recent.delete(recent.keys().next().value as string);
  }

  function storedKeys(): Promise<Set<string>> {
    if (stored) return Promise.resolve(stored);
    loading ??= db.getAllKeys('cache').then(
      (keys) => {
        // Writes made while the keys were read are already in `recent`: keep them too.
        stored = new Set([...keys, ...recent.keys()]);
        return stored;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  function forget(profileUrl: string) {
    recent.delete(profileUrl);
    stored?.delete(profileUrl);
  }

  return {
    async get(profileUrl) {
      const hit = recent.get(profileUrl);
      if (hit) {
        remember(hit);
        return hit;
      }
      if (!(await storedKeys()).has(profileUrl)) return undefined;
      const entry = await db.get('cache', profileUrl);
      // A put or delete may have come meanwhile: it wins over what was read.
      if (recent.has(profileUrl)) return recent.get(profileUrl);
      if (entry && stored?.has(profileUrl)) remember(entry);
      return stored?.has(profileUrl) ? entry : undefined;
    },
    async put(entry) {
      remember(entry);
      stored?.add(entry.profileUrl);
      await db.put('cache', entry);
    },
    async delete(profileUrl) {
      forget(profileUrl);
      await db.delete('cache', profileUrl);
    },
    byLead: (leadId) => db.getAllFromIndex('cache', 'byLead', leadId),
    async profileOfLead(leadId) {
      for (const entry of recent.values()) if (entry.leadId === leadId) return entry.profileUrl;
      return (await db.getKeyFromIndex('cache', 'byLead', leadId)) ?? null;
    },
    async byLeads(leadIds) {
      const ids = [...new Set(leadIds)];
      if (ids.length === 0) return new Map();
      const index = db.transaction('cache').store.index('byLead');
      const lists = await Promise.all(ids.map((id) => index.getAll(id)));
      return new Map(ids.map((id, i) => [id, lists[i] ?? []]));
    },
    async patchConversation(leadId, conversationId, patch) {
      const tx = db.transaction('cache', 'readwrite');
      const entries = await tx.store.index('byLead').getAll(leadId);
      const touched: CacheEntry[] = [];
      for (const entry of entries) {
        const i = entry.conversations.findIndex((c) => c.id === conversationId);
        const current = entry.conversations[i];
        if (!current) continue;
        entry.conversations[i] = { ...current, ...patch };
        await tx.store.put(entry);
        touched.push(entry);
      }
      await tx.done;
      for (const entry of touched) {
        const kept = recent.get(entry.profileUrl);
        if (!kept) continue;
        // A newer answer put meanwhile is on its way to disk, after this patch: read it from there.
        if (kept.fetchedAt === entry.fetchedAt) remember(entry);
        else recent.delete(entry.profileUrl);
      }
      return touched.map((e) => e.profileUrl);
    },
    async prune(olderThan) {
      const tx = db.transaction('cache', 'readwrite');
      let cursor = await tx.store.openCursor();
      while (cursor) {
        if (cursor.value.fetchedAt < olderThan) {
          forget(cursor.value.profileUrl);
          await cursor.delete();
        }
        cursor = await cursor.continue();
      }
      await tx.done;
    },
  };
}
