/**
 * Where the API key lives: the extension-origin IndexedDB (`secrets` store), or, when the user asks
 * for "this browser session only", `storage.session` (memory only, gone when the browser closes, and
 * not readable by content scripts at its default access level). Never `storage.local` or `sync`,
 * which content scripts can read.
 *
 * The key never leaves this module but as the value of `get()`, which only the HTTP client's
 * `Authorization` header uses.
 */
import type { CompanionDb } from './db';

/** The part of `browser.storage.session` the key store needs. */
export interface SessionArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

export type KeyLocation = 'persistent' | 'session';

export interface KeyStore {
  get(): Promise<{ key: string; location: KeyLocation } | null>;
  /** Stores the key in one place and removes it from the other. */
  set(key: string, sessionOnly: boolean): Promise<void>;
  clear(): Promise<void>;
}

const SLOT = 'apiKey';

/**
 * `sessionOnly`: the database is an in-memory stand-in (open-storage.ts), gone at the next worker
 * stop: every key goes to `storage.session`, which outlives the worker.
 */
export function createKeyStore(deps: { db: CompanionDb; session: SessionArea; sessionOnly?: boolean }): KeyStore {
  const { db, session } = deps;
  return {
    async get() {
      const fromSession = (await session.get(SLOT))[SLOT];
      if (typeof fromSession === 'string' && fromSession !== '') return { key: fromSession, location: 'session' };
      const stored = await db.get('secrets', SLOT);
      return typeof stored === 'string' && stored !== '' ? { key: stored, location: 'persistent' } : null;
    },
    async set(key, sessionOnly) {
      if (sessionOnly || deps.sessionOnly) {
        await db.delete('secrets', SLOT);
        await session.set({ [SLOT]: key });
      } else {
        await session.remove(SLOT);
        await db.put('secrets', key, SLOT);
      }
    },
    async clear() {
      await session.remove(SLOT);
      await db.delete('secrets', SLOT);
    },
  };
}
