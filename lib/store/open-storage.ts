/**
 * Opening the database when IndexedDB may fail. Three faults of the real world:
 * - `quota`: the disk or the browser's quota is full (`QuotaExceededError`, at the upgrade or a write);
 * - `blocked`: a connection of an older worker keeps the upgrade waiting (it does not give way);
 * - `corrupt`: the database cannot be opened (`UnknownError`, a newer build's version after a
 *   rollback: `VersionError`, anything else).
 * The worker then runs on an in-memory stand-in (`memory-db.ts`): profiles are read from the
 * network, not cached; the service refuses new actions with the problem's sentence rather than keep
 * them where a worker stop would lose them; the panel and the options page say so. The next worker
 * start tries the database again. Pure: the opener, the stand-in and the timer are parameters.
 */
import type { CompanionDb, OpenDbHooks } from './db';

export type StorageProblem = 'quota' | 'blocked' | 'corrupt';

/** How long an upgrade may stay blocked before the worker goes on without its database. */
export const BLOCKED_WAIT_MS = 5_000;

/** The problem an IndexedDB failure is (by its DOMException name). */
export function storageProblemOf(error: unknown): StorageProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? (error as { name: unknown }).name : null;
  return name === 'QuotaExceededError' ? 'quota' : 'corrupt';
}

/** A write IndexedDB refused for lack of space. */
export function isQuotaError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'QuotaExceededError';
}

/** Nothing can be stored durably: an action is refused rather than kept where it could be lost. */
export class StorageUnavailableError extends Error {
  readonly kind = 'storage';
  constructor(readonly problem: StorageProblem) {
    // For consoles only: the UI words the `storage` code and its reason.
    super(`The extension's storage is not usable (${problem}).`);
    this.name = 'StorageUnavailableError';
  }
}

export interface OpenStorageDeps {
  open(hooks: OpenDbHooks): Promise<CompanionDb>;
  /** The stand-in used when the database cannot be opened. */
  memory(): CompanionDb;
  /** Resolves after `ms` (the wait for a blocked upgrade). */
  sleep(ms: number): Promise<void>;
  blockedWaitMs?: number;
  /** For the worker's console: the database could not be opened (never shown to the user as is). */
  onFailure?(problem: StorageProblem, error: unknown): void;
}

export interface OpenedStorage {
  db: CompanionDb;
  /** Null when the real database opened. */
  problem: StorageProblem | null;
}

export async function openStorage(deps: OpenStorageDeps): Promise<OpenedStorage> {
  let blocked = false;
  let settled = false;
  const opening = deps.open({ blocked: () => (blocked = true) });
  void opening.then(
    () => (settled = true),
    () => (settled = true),
  );
  const gaveUp = Symbol('blocked');
  // A block is only reported: give the other connection a few seconds to close before going on.
  const watchdog = (async () => {
    while (!settled) {
      await deps.sleep(deps.blockedWaitMs ?? BLOCKED_WAIT_MS);
      if (blocked && !settled) return gaveUp;
    }
    return null;
  })();
  try {
    const winner: CompanionDb | typeof gaveUp = await Promise.race([opening, watchdog.then((w): Promise<CompanionDb | typeof gaveUp> => (w === gaveUp ? Promise.resolve(gaveUp) : opening))]);
    if (winner !== gaveUp) return { db: winner, problem: null };
    // The open may still succeed later: that connection must not stay open, blocking the next worker.
    void opening.then((db) => db.close(), () => undefined);
    deps.onFailure?.('blocked', null);
    return { db: deps.memory(), problem: 'blocked' };
  } catch (error) {
    const problem = storageProblemOf(error);
    deps.onFailure?.(problem, error);
    return { db: deps.memory(), problem };
  }
}
