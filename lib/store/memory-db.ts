/**
 * The stores of `db.ts` held in memory, for a worker whose IndexedDB cannot be opened
 * (`open-storage.ts`): profiles are then read from the network and kept for the worker's life only.
 * It offers exactly the part of idb's API the store modules use (get, put, add, delete, getAll,
 * getAllKeys, getAllFromIndex, one-store transactions with count, index, cursors), with IndexedDB's
 * semantics where they use them: values are copies, keys sort as IndexedDB sorts numbers and strings,
 * auto-increment ids grow. Nothing that must survive (the outbox) is trusted to it: the service
 * refuses new actions while it stands in (`service.ts`).
 */
import type { CompanionDb } from './db';

type Key = string | number;

interface StoreShape {
  keyPath?: string;
  autoIncrement?: boolean;
  /** Index name → the value's field it indexes. */
  indexes?: Record<string, string>;
}

/** The shapes of `createStoresV1` (db-migrations.ts). */
const SHAPES: Record<string, StoreShape> = {
  secrets: {},
  cache: { keyPath: 'profileUrl', indexes: { byLead: 'leadId' } },
  outbox: { keyPath: 'id', autoIncrement: true },
  calls: { keyPath: 'id', autoIncrement: true, indexes: { byFailed: 'failed' } },
  meta: {},
};

/** IndexedDB's order: numbers before strings, each in its natural order. */
function compareKeys(a: Key, b: Key): number {
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

interface Query {
  includes(key: unknown): boolean;
}

function matches(query: Key | Query | null | undefined, key: unknown): boolean {
  if (query === undefined || query === null) return true;
  if (typeof query === 'object') return query.includes(key);
  return key === query;
}

interface MemoryCursor {
  readonly key: Key;
  readonly primaryKey: Key;
  readonly value: unknown;
  delete(): Promise<void>;
  update(value: unknown): Promise<Key>;
  continue(): Promise<MemoryCursor | null>;
}

class MemoryStore {
  readonly rows = new Map<Key, unknown>();
  private next = 1;
  constructor(readonly shape: StoreShape) {}

  private keyOf(value: unknown, key?: Key): Key {
    if (this.shape.keyPath) {
      const own = (value as Record<string, unknown>)[this.shape.keyPath];
      if (typeof own === 'string' || typeof own === 'number') return own;
      if (!this.shape.autoIncrement) throw new DOMException('The value has no key.', 'DataError');
      const id = this.next;
      (value as Record<string, unknown>)[this.shape.keyPath] = id;
      return id;
    }
    if (key === undefined) throw new DOMException('No key given.', 'DataError');
    return key;
  }

  sortedKeys(direction: IDBCursorDirection = 'next'): Key[] {
    const keys = [...this.rows.keys()].sort(compareKeys);
    return direction === 'prev' ? keys.reverse() : keys;
  }

  put(value: unknown, key?: Key, mustBeNew = false): Key {
    const copy = structuredClone(value);
    const k = this.keyOf(copy, key);
    if (mustBeNew && this.rows.has(k)) throw new DOMException('A record with this key exists.', 'ConstraintError');
    if (typeof k === 'number' && k >= this.next) this.next = Math.floor(k) + 1;
    this.rows.set(k, copy);
    return k;
  }

  get(key: Key): unknown {
    return this.rows.has(key) ? structuredClone(this.rows.get(key)) : undefined;
  }

  /** Primary keys of the rows whose `index` field matches, in index order (then primary key order). */
  indexKeys(index: string, query?: Key | Query | null, direction: IDBCursorDirection = 'next'): Key[] {
    const field = this.shape.indexes?.[index];
    if (!field) throw new DOMException(`No index ${index}.`, 'NotFoundError');
    const hits: { ik: Key; pk: Key }[] = [];
    for (const pk of this.sortedKeys()) {
      const ik = (this.rows.get(pk) as Record<string, unknown>)[field];
      if ((typeof ik === 'string' || typeof ik === 'number') && matches(query, ik)) hits.push({ ik, pk });
    }
    hits.sort((a, b) => compareKeys(a.ik, b.ik) || compareKeys(a.pk, b.pk));
    const keys = hits.map((h) => h.pk);
    return direction === 'prev' ? keys.reverse() : keys;
  }

  cursor(keys: Key[], at = 0): MemoryCursor | null {
    const pk = keys[at];
    if (pk === undefined) return null;
    if (!this.rows.has(pk)) return this.cursor(keys, at + 1);
    return {
      key: pk,
      primaryKey: pk,
      value: this.get(pk),
      delete: async () => void this.rows.delete(pk),
      update: async (value) => this.put(value, this.shape.keyPath ? undefined : pk),
      continue: async () => this.cursor(keys, at + 1),
    };
  }
}

/** A fresh, empty in-memory stand-in for the companion database. */
export function createMemoryDb(name = 'outreach-companion (memory)'): CompanionDb {
  const stores = new Map(Object.entries(SHAPES).map(([n, shape]) => [n, new MemoryStore(shape)]));
  const store = (n: string) => {
    const s = stores.get(n);
    if (!s) throw new DOMException(`No store ${n}.`, 'NotFoundError');
    return s;
  };
  const storeView = (s: MemoryStore) => ({
    get: async (key: Key) => s.get(key),
    getAll: async () => s.sortedKeys().map((k) => s.get(k)),
    put: async (value: unknown, key?: Key) => s.put(value, key),
    add: async (value: unknown, key?: Key) => s.put(value, key, true),
    delete: async (key: Key) => void s.rows.delete(key),
    count: async () => s.rows.size,
    openCursor: async (query?: Key | Query | null, direction?: IDBCursorDirection) => s.cursor(s.sortedKeys(direction).filter((k) => matches(query, k))),
    index: (index: string) => ({
      getAll: async (query?: Key | Query | null) => s.indexKeys(index, query).map((k) => s.get(k)),
      openCursor: async (query?: Key | Query | null, direction?: IDBCursorDirection) => s.cursor(s.indexKeys(index, query, direction)),
    }),
  });
  const db = {
    name,
    version: 0,
    objectStoreNames: [...stores.keys()],
    get: (n: string, key: Key) => storeView(store(n)).get(key),
    getAll: (n: string) => storeView(store(n)).getAll(),
    getAllKeys: async (n: string) => store(n).sortedKeys(),
    getAllFromIndex: (n: string, index: string, query?: Key | Query) => storeView(store(n)).index(index).getAll(query),
    put: (n: string, value: unknown, key?: Key) => storeView(store(n)).put(value, key),
    add: (n: string, value: unknown, key?: Key) => storeView(store(n)).add(value, key),
    delete: (n: string, key: Key) => storeView(store(n)).delete(key),
    clear: async (n: string) => store(n).rows.clear(),
    count: (n: string) => storeView(store(n)).count(),
    transaction: (n: string) => ({ store: storeView(store(n)), done: Promise.resolve() }),
    close: () => undefined,
  };
  return db as unknown as CompanionDb;
}
