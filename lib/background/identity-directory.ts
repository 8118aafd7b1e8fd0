/**
 * The identities' names for the panels, loaded in the background when due (`identities.ts` says
 * when): a failure only means ids are shown a while longer. Kept in IndexedDB, forgotten with the key.
 */
import type { MetaStore } from '../store/meta';
import type { IdentityView } from '../views';
import type { BackgroundApi } from './api';
import {
  EMPTY_IDENTITY_BOOK,
  identitiesDue,
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
  let loading = false;

  async function store(saved: SavedIdentities, triedAt?: number) {
    book = identityBook(saved, triedAt);
    await opts.meta.set(IDENTITIES_META, saved);
    opts.onChange();
  }

  const views = (list: readonly { id: string; name: string }[]): IdentityView[] => list.map((i) => ({ id: i.id, name: i.name }));

  return {
    names: () => book.names,
    async restore() {
      const saved = readSavedIdentities(await opts.meta.get<unknown>(IDENTITIES_META));
      if (saved) book = identityBook(saved, null);
    },
    load(unknownIds = []) {
      if (opts.keys.current() === null || opts.keys.problem() !== null || loading || opts.isStopped()) return;
      const now = opts.clock.now();
      if (!identitiesDue(book, now, unknownIds)) return;
      book = { ...book, triedAt: now };
      loading = true;
      const started = generation;
      void opts.api
        .identities({ priority: 'background' })
        .then(async (list) => {
          if (started === generation) await store({ fetchedAt: opts.clock.now(), list: views(list) }, now);
        })
        // A refused key is the key session's business; anything else: tried again when due.
        .catch(() => undefined)
        .finally(() => {
          if (started === generation) loading = false;
        });
    },
    async list() {
      const started = generation;
      const list = views(await opts.api.identities({ priority: 'user' }));
      if (started === generation) await store({ fetchedAt: opts.clock.now(), list });
      return list;
    },
    async forget() {
      generation += 1;
      loading = false;
      book = EMPTY_IDENTITY_BOOK;
      await opts.meta.set(IDENTITIES_META, null);
    },
  };
}
