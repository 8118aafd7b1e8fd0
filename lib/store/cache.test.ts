import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conversation, lead } from '../../test/unit/background/fakes';
import { createProfileCache } from './cache';
import { openCompanionDb, type CacheEntry, type CompanionDb } from './db';

const ADA = 'https://www.pronet.example/in/ada-lovelace/';
const GRACE = 'https://www.pronet.example/in/grace-hopper/';

let n = 0;
let db: CompanionDb;

function entry(profileUrl: string, fetchedAt: number, note = 'first note'): CacheEntry {
  return { profileUrl, leadId: 'lead_1', lead: lead('lead_1', 'ada-lovelace'), conversations: [conversation('c1', 'lead_1', { note })], fetchedAt };
}

/** The database, counting the single-record reads made through it. */
function counted(target: CompanionDb): { db: CompanionDb; reads: () => number } {
  let reads = 0;
  const db = new Proxy(target, {
    get(t, prop) {
      const value: unknown = Reflect.get(t, prop);
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        if (prop === 'get') reads += 1;
        return fn.apply(t, args);
      };
    },
  });
  return { db, reads: () => reads };
}

beforeEach(async () => {
  n += 1;
  db = await openCompanionDb(`cache-test-${n}`);
});
afterEach(() => db.close());

describe('profile cache', () => {
  it('answers a put at once, and keeps it on disk for the next worker', async () => {
    const cache = createProfileCache(db);
    const written = cache.put(entry(ADA, 1));
    expect(await cache.get(ADA)).toMatchObject({ profileUrl: ADA, fetchedAt: 1 });
    await written;
    expect(await createProfileCache(db).get(ADA)).toMatchObject({ profileUrl: ADA, fetchedAt: 1 });
  });

  it('reads the entries of several leads in one transaction, each lead with its own (none: empty)', async () => {
    const cache = createProfileCache(db);
    await cache.put(entry(ADA, 1));
    await cache.put({ profileUrl: GRACE, leadId: 'lead_2', lead: lead('lead_2', 'grace-hopper'), conversations: [], fetchedAt: 2 });
    await cache.put({ profileUrl: 'https://www.pronet.example/in/nobody/', lead: null, conversations: [], fetchedAt: 3 });
    let transactions = 0;
    const watched = new Proxy(db, {
      get(t, prop) {
        const value: unknown = Reflect.get(t, prop);
        if (prop !== 'transaction' || typeof value !== 'function') return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
        return (...args: unknown[]) => {
          transactions += 1;
          return (value as (...a: unknown[]) => unknown).apply(t, args);
        };
      },
    });
    const found = await createProfileCache(watched).byLeads(['lead_1', 'lead_2', 'lead_9', 'lead_1']);
    expect(transactions).toBe(1);
    expect([...found.keys()]).toEqual(['lead_1', 'lead_2', 'lead_9']);
    expect(found.get('lead_1')?.map((e) => e.profileUrl)).toEqual([ADA]);
    expect(found.get('lead_2')?.map((e) => e.profileUrl)).toEqual([GRACE]);
    expect(found.get('lead_9')).toEqual([]);
    expect(await createProfileCache(watched).byLeads([])).toEqual(new Map());
    expect(transactions).toBe(1);
  });

  it('reads the database only for profiles it holds: a profile never seen costs no read', async () => {
    await createProfileCache(db).put(entry(ADA, 1));
    const { db: watched, reads } = counted(db);
    const cache = createProfileCache(watched);
    expect(await cache.get(GRACE)).toBeUndefined();
    expect(reads()).toBe(0);
    expect(await cache.get(ADA)).toMatchObject({ fetchedAt: 1 });
    expect(await cache.get(ADA)).toMatchObject({ fetchedAt: 1 });
    expect(reads()).toBe(1);
  });

  it("names a lead's profile from memory when it holds one, from the database's index otherwise", async () => {
    await createProfileCache(db).put(entry(ADA, 1));
    let indexReads = 0;
    const watched = new Proxy(db, {
      get(t, prop) {
        const value: unknown = Reflect.get(t, prop);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (prop === 'getKeyFromIndex') indexReads += 1;
          return (value as (...a: unknown[]) => unknown).apply(t, args);
        };
      },
    });
    // A new worker: the profile is on disk only.
    const cache = createProfileCache(watched);
    expect(await cache.profileOfLead('lead_1')).toBe(ADA);
    expect(await cache.profileOfLead('lead_9')).toBeNull();
    expect(indexReads).toBe(2);
    // Looked at (in memory now): no read.
    await cache.get(ADA);
    expect(await cache.profileOfLead('lead_1')).toBe(ADA);
    expect(indexReads).toBe(2);
    // Deleted: neither memory nor disk names it any more.
    await cache.delete(ADA);
    expect(await cache.profileOfLead('lead_1')).toBeNull();
  });

  it('keeps memory and disk in step through patches, deletes and pruning', async () => {
    const cache = createProfileCache(db);
    await cache.put(entry(ADA, 1));
    await cache.put(entry(GRACE, 5));
    expect(await cache.patchConversation('lead_1', 'c1', { note: 'patched' })).toEqual(expect.arrayContaining([ADA, GRACE]));
    expect((await cache.get(ADA))?.conversations[0]?.note).toBe('patched');
    expect((await createProfileCache(db).get(ADA))?.conversations[0]?.note).toBe('patched');

    await cache.delete(GRACE);
    expect(await cache.get(GRACE)).toBeUndefined();
    expect(await createProfileCache(db).get(GRACE)).toBeUndefined();

    await cache.prune(2);
    expect(await cache.get(ADA)).toBeUndefined();
    expect(await createProfileCache(db).get(ADA)).toBeUndefined();
  });

  it('forgets the least recently used entries beyond its memory, and reads them back from disk', async () => {
    const { db: watched, reads } = counted(db);
    const cache = createProfileCache(watched, { memoryEntries: 1 });
    await cache.put(entry(ADA, 1));
    await cache.put(entry(GRACE, 2));
    expect(await cache.get(GRACE)).toMatchObject({ fetchedAt: 2 });
    expect(reads()).toBe(0);
    expect(await cache.get(ADA)).toMatchObject({ fetchedAt: 1 });
    expect(reads()).toBe(1);
  });
});
