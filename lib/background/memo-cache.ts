/**
 * What the panels fetch beside the status (a conversation's recent messages, the audiences, the
 * credit balance), kept in the worker's memory for as long as a resolved profile stays fresh, so
 * that going back to a profile costs no call. Identical loads in flight are shared.
 *
 * - A failed load is not kept: the next caller tries again.
 * - `drop` forgets values and loads in flight alike: a load that started before a drop never stores
 *   its (possibly outdated) answer, and callers after the drop start a new one.
 * - Bounded: beyond `max` values the oldest stored goes first.
 * - `enabled()` false (caching off, the naive baseline): every call loads, nothing is shared.
 */
import { isAbortError } from '../api/errors';

export interface MemoCacheOptions {
  ttlMs: number;
  clock: { now(): number };
  max?: number;
  /** Read at each call. */
  enabled?: () => boolean;
}

export interface MemoCache<V> {
  /** The stored value while fresh, else `load()`'s answer (shared with identical loads in flight). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** The stored value, fresh or not, without loading. */
  peek(key: string): V | undefined;
  /** Stores a value known current without a call (a pushed event said it); a load in flight is not kept. */
  set(key: string, value: V): void;
  /** Forgets `key`, or every key `which` accepts, or everything. */
  drop(which?: string | ((key: string) => boolean)): void;
  /** The stored values `which` accepts were just confirmed current (by a fresher answer): fresh from now. */
  renew(which: (key: string) => boolean): void;
}

export const DEFAULT_MEMO_MAX = 200;

export function createMemoCache<V>(opts: MemoCacheOptions): MemoCache<V> {
  const max = opts.max ?? DEFAULT_MEMO_MAX;
  const enabled = opts.enabled ?? (() => true);
  const stored = new Map<string, { value: V; at: number }>();
  /** Loads in flight; a dropped one is marked so that its answer is not stored. */
  const loading = new Map<string, { promise: Promise<V>; dropped: boolean }>();

  const cache: MemoCache<V> = {
    get(key, load) {
      if (!enabled()) return load();
      const hit = stored.get(key);
      const age = hit ? opts.clock.now() - hit.at : Infinity;
      if (hit && age >= 0 && age < opts.ttlMs) return Promise.resolve(hit.value);
      const running = loading.get(key);
      // A load given up by the caller that started it (a queue's row that left the screen) is not
      // this caller's: it loads on its own rather than show that caller's abort.
      if (running) return running.promise.catch((error: unknown) => (isAbortError(error) ? cache.get(key, load) : Promise.reject(error)));
      const entry: { promise: Promise<V>; dropped: boolean } = { promise: Promise.resolve(undefined as V), dropped: false };
      entry.promise = load().then((value) => {
        if (!entry.dropped) {
          stored.delete(key);
          stored.set(key, { value, at: opts.clock.now() });
          while (stored.size > max) stored.delete(stored.keys().next().value as string);
        }
        return value;
      });
      loading.set(key, entry);
      const settle = () => {
        if (loading.get(key) === entry) loading.delete(key);
      };
      entry.promise.then(settle, settle);
      return entry.promise;
    },
    peek: (key) => stored.get(key)?.value,
    set(key, value) {
      if (!enabled()) return;
      const running = loading.get(key);
      if (running) {
        running.dropped = true;
        loading.delete(key);
      }
      stored.delete(key);
      stored.set(key, { value, at: opts.clock.now() });
      while (stored.size > max) stored.delete(stored.keys().next().value as string);
    },
    renew(which) {
      const now = opts.clock.now();
      for (const [key, hit] of stored) if (which(key)) hit.at = now;
    },
    drop(which) {
      const matches = (key: string) => which === undefined || (typeof which === 'string' ? which === key : which(key));
      for (const key of [...stored.keys()]) if (matches(key)) stored.delete(key);
      for (const [key, entry] of [...loading]) {
        if (!matches(key)) continue;
        entry.dropped = true;
        loading.delete(key);
      }
    },
  };
  return cache;
}
