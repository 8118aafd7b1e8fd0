import { describe, expect, it } from 'vitest';
import { openCompanionDb, type CompanionDb } from './db';
import { createMemoryDb } from './memory-db';
import { openStorage, storageProblemOf, type OpenStorageDeps } from './open-storage';

/** The blocked wait is shortened to a timer turn (the open's events must be able to run meanwhile). */
const shortSleep = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
const memory = () => createMemoryDb('stand-in');

function deps(open: OpenStorageDeps['open'], extra: Partial<OpenStorageDeps> = {}): OpenStorageDeps {
  return { open, memory, sleep: shortSleep, ...extra };
}

describe('opening the database when IndexedDB fails', () => {
  it('names each failure by its DOMException', () => {
    expect(storageProblemOf(new DOMException('full', 'QuotaExceededError'))).toBe('quota');
    expect(storageProblemOf(new DOMException('broken', 'UnknownError'))).toBe('corrupt');
    expect(storageProblemOf(new DOMException('newer', 'VersionError'))).toBe('corrupt');
    expect(storageProblemOf('nonsense')).toBe('corrupt');
  });

  it('uses the real database when it opens', async () => {
    const name = `open-storage-ok-${Date.now()}`;
    const opened = await openStorage(deps((hooks) => openCompanionDb(name, undefined, hooks)));
    expect(opened.problem).toBeNull();
    expect(opened.db.name).toBe(name);
    opened.db.close();
  });

  it.each([
    ['quota', new DOMException('The quota has been exceeded.', 'QuotaExceededError')],
    ['corrupt', new DOMException('Internal error opening backing store.', 'UnknownError')],
  ] as const)('%s: an open that fails leaves the worker on the in-memory stand-in, the problem named', async (problem, error) => {
    const failures: string[] = [];
    const opened = await openStorage(deps(() => Promise.reject(error), { onFailure: (p) => failures.push(p) }));
    expect(opened).toMatchObject({ problem });
    expect(opened.db.name).toBe('stand-in');
    expect(failures).toEqual([problem]);
  });

  it('corrupt: a database of a newer version (a rolled-back build) is a real VersionError', async () => {
    const name = `open-storage-newer-${Date.now()}`;
    (await openCompanionDb(name, 99)).close();
    const opened = await openStorage(deps((hooks) => openCompanionDb(name, undefined, hooks)));
    expect(opened.problem).toBe('corrupt');
  });

  it('blocked: an older connection that does not give way holds the upgrade; the worker goes on, and the late connection is closed', async () => {
    const name = `open-storage-blocked-${Date.now()}`;
    // A connection of version 1 that ignores versionchange (an old worker of a build before the fix).
    const old = await new Promise<IDBDatabase>((ok, ko) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
      request.onsuccess = () => ok(request.result);
      request.onerror = () => ko(request.error);
    });
    let late: CompanionDb | null = null;
    const sleeps: number[] = [];
    const opened = await openStorage(
      deps(
        async (hooks) => {
          late = await openCompanionDb(name, 2, hooks);
          return late;
        },
        { sleep: (ms) => (sleeps.push(ms), new Promise((r) => setTimeout(r, 5))), blockedWaitMs: 1_000 },
      ),
    );
    expect(opened.problem).toBe('blocked');
    expect(opened.db.name).toBe('stand-in');
    expect(sleeps[0]).toBe(1_000);
    // The old connection goes: the upgrade completes, and that connection is closed at once.
    old.close();
    await expect.poll(() => late).not.toBeNull();
    const again = await openCompanionDb(name, 3);
    expect(again.version).toBe(3);
    again.close();
  });

  it('an older connection of this code gives way: the upgrade is not blocked', async () => {
    const name = `open-storage-gives-way-${Date.now()}`;
    const older = await openCompanionDb(name, 1);
    const opened = await openStorage(deps((hooks) => openCompanionDb(name, 2, hooks)));
    expect(opened.problem).toBeNull();
    expect(opened.db.version).toBe(2);
    opened.db.close();
    older.close();
  });
});
