/**
 * The identities' names for the panels, loaded in the background when due (`identities.ts` says
 * when): a failure only means ids are shown a while longer. Kept in IndexedDB, forgotten with the key.
 * One fetch at a time: every ask while it is in flight shares it, and a fresh list answers without one
 * (each call spends the key's shared budget).
 */
import type { MetaStore } from '../store/meta';
import type { IdentityView } from '../views';
import type { BackgroundApi } from './api';
import {
  EMPTY_IDENTITY_BOOK,
  identitiesDue,
  identitiesFresh,
  identityBook,
  readSavedIdentities,
  type IdentityBook,
  type SavedIdentities,
} from './identities';
import type { KeySession } from './key-session';

const IDENTITIES_META = 'identities';

export interface IdentityDirectoryOptions {
  api: Pick<BackgroundApi, 'identities'>;
  meta: MetaStore;
  clock: { now(): number };
  keys: Pick<KeySession, 'current' | 'problem'>;
  /** The names changed. */
  onChange(): void;
  isStopped(): boolean;
}

export interface IdentityDirectory {
  names(): ReadonlyMap<string, string>;
  restore(): Promise<void>;
  /** Loads the list when due; `unknownIds`: identity ids a panel shows without a name. */
  load(unknownIds?: readonly string[]): void;
  /** The list now, at the user's request (the options page). */
  list(): Promise<IdentityView[]>;
  /** A new key (or none): the previous workspace's names no longer apply. */
  forget(): Promise<void>;
}

export function createIdentityDirectory(opts: IdentityDirectoryOptions): IdentityDirectory {
  let book: IdentityBook = EMPTY_IDENTITY_BOOK;
  /** Bumped by a key change: a load started for the previous key is ignored. */
  let generation = 0;
  /** The fetch in flight for the current key, shared by every ask (a background load, a page's list). */
  let inflight: Promise<IdentityView[]> | null = null;
  let list: IdentityView[] = [];

  async function store(saved: SavedIdentities, triedAt?: number) {
    book = identityBook(saved, triedAt);
    list = saved.list;
    await opts.meta.set(IDENTITIES_META, saved);
    opts.onChange();
  }

  const views = (items: readonly { id: string; name: string }[]): IdentityView[] => items.map((i) => ({ id: i.id, name: i.name }));

  function fetchList(priority: 'user' | 'background'): Promise<IdentityView[]> {
    if (inflight) return inflight;
    const started = generation;
    const triedAt = opts.clock.now();
    book = { ...book, triedAt };
    const pending = opts.api.identities({ priority }).then(async (items) => {
      const fetched = views(items);
      if (started === generation) await store({ fetchedAt: opts.clock.now(), list: fetched }, triedAt);
      return fetched;
    });
    inflight = pending;
    const settle = () => {
      if (inflight === pending) inflight = null;
    };
    pending.then(settle, settle);
    return pending;
  }

  return {
    names: () => book.names,
    async restore() {
      const saved = readSavedIdentities(await opts.meta.get<unknown>(IDENTITIES_META));
      if (saved) {
        book = identityBook(saved, null);
        list = saved.list;
      }
    },
    load(unknownIds = []) {
      if (opts.keys.current() === null || opts.keys.problem() !== null || inflight || opts.isStopped()) return;
      if (!identitiesDue(book, opts.clock.now(), unknownIds)) return;
      // A refused key is the key session's business; anything else: tried again when due.
      fetchList('background').catch(() => undefined);
    },
    async list() {
      if (identitiesFresh(book, opts.clock.now())) return list;
      return await fetchList('user');
    },
    async forget() {
      generation += 1;
      inflight = null;
      book = EMPTY_IDENTITY_BOOK;
      list = [];
      await opts.meta.set(IDENTITIES_META, null);
    },
  };
}
