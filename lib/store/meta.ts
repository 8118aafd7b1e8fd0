/** Small JSON values of the background worker that must survive its restarts (the limiter state, ...). */
import type { CompanionDb } from './db';

export interface MetaStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
}

export function createMetaStore(db: CompanionDb): MetaStore {
  return {
    get: async <T>(key: string) => (await db.get('meta', key)) as T | undefined,
    set: async (key, value) => {
      await db.put('meta', value, key);
    },
  };
}
