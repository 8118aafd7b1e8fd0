/**
 * The profile cache: what resolution last found for a canonical profile URL. Freshness is decided by
 * the resolver (it knows the clock and the policy); this module only stores and patches entries.
 */
import type { ConversationSummary } from '../api/schemas';
import type { CacheEntry, CompanionDb } from './db';

export interface ProfileCache {
  get(profileUrl: string): Promise<CacheEntry | undefined>;
  put(entry: CacheEntry): Promise<void>;
  delete(profileUrl: string): Promise<void>;
  /** Entries of a lead (usually one: a lead has one canonical profile URL). */
  byLead(leadId: string): Promise<CacheEntry[]>;
  /**
   * Replaces (or patches) one conversation in every entry of its lead, as a mutation's answer
   * reports it. Returns the profile URLs touched.
   */
  patchConversation(leadId: string, conversationId: string, patch: Partial<ConversationSummary>): Promise<string[]>;
  /** Drops entries fetched before `olderThan`. */
  prune(olderThan: number): Promise<void>;
}

export function createProfileCache(db: CompanionDb): ProfileCache {
  return {
    get: (profileUrl) => db.get('cache', profileUrl),
    put: async (entry) => {
      await db.put('cache', entry);
    },
    delete: (profileUrl) => db.delete('cache', profileUrl),
    byLead: (leadId) => db.getAllFromIndex('cache', 'byLead', leadId),
    async patchConversation(leadId, conversationId, patch) {
      const tx = db.transaction('cache', 'readwrite');
      const entries = await tx.store.index('byLead').getAll(leadId);
      const touched: string[] = [];
      for (const entry of entries) {
        const i = entry.conversations.findIndex((c) => c.id === conversationId);
        const current = entry.conversations[i];
        if (!current) continue;
        entry.conversations[i] = { ...current, ...patch };
        await tx.store.put(entry);
        touched.push(entry.profileUrl);
      }
      await tx.done;
      return touched;
    },
    async prune(olderThan) {
      const tx = db.transaction('cache', 'readwrite');
      let cursor = await tx.store.openCursor();
      while (cursor) {
        if (cursor.value.fetchedAt < olderThan) await cursor.delete();
        cursor = await cursor.continue();
      }
      await tx.done;
    },
  };
}
