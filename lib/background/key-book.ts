/**
 * What the worker keeps of the service's answers for one key, in IndexedDB's meta store: another key
 * (another workspace) starts from nothing, and the key itself is never stored, only a digest of it.
 * Writes go one after another; an ask already on its way is shared by whoever asks again meanwhile.
 */
import type { MetaStore } from '../store/meta';

/** A key's digest (never the key): what a kept answer says it belongs to. */
export async function keyDigest(key: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  return [...bytes.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface KeyBook<T> {
  /** The book of the current key; null when no key is set. */
  read(): Promise<T | null>;
  /** Changes the current key's book and stores it (nothing without a key). */
  update(change: (book: T) => void): Promise<void>;
  /** `load` once for `name` while it runs: a second ask gets the same answer. */
  once<R>(name: string, load: () => Promise<R>): Promise<R>;
}

interface Stored<T> {
  key: string;
  book: T;
}

export function createKeyBook<T>(opts: {
  meta: Pick<MetaStore, 'get' | 'set'>;
  /** The meta record's name. */
  name: string;
  key(): string | null;
  empty(): T;
  /** A stored book of another shape (an older version) is dropped, not trusted. */
  valid(book: unknown): book is T;
}): KeyBook<T> {
  const inflight = new Map<string, Promise<unknown>>();
  let writes: Promise<unknown> = Promise.resolve();

  /** The current key's digest and its book; null without a key. */
  async function current(): Promise<Stored<T> | null> {
    const key = opts.key();
    if (!key) return null;
    const digest = await keyDigest(key);
    const stored = await opts.meta.get<Stored<unknown>>(opts.name).catch(() => undefined);
    return { key: digest, book: stored && stored.key === digest && opts.valid(stored.book) ? stored.book : opts.empty() };
  }

  return {
    read: async () => (await current())?.book ?? null,
    update(change) {
      const write = writes.then(async () => {
        const stored = await current();
        if (!stored) return;
        change(stored.book);
        await opts.meta.set(opts.name, stored);
      });
      writes = write.catch(() => undefined);
      return write;
    },
    once<R>(name: string, load: () => Promise<R>): Promise<R> {
      const pending = (inflight.get(name) as Promise<R> | undefined) ?? load();
      inflight.set(name, pending);
      const settle = () => inflight.delete(name);
      pending.then(settle, settle);
      return pending;
    },
  };
}
