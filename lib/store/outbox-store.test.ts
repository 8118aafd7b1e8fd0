import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCompanionDb, type CompanionDb, type OutboxRecord } from './db';
import { createOutboxStore } from './outbox-store';

const archive = (conversationId: string) => ({ kind: 'archive' as const, conversationId, leadId: 'lead_1', profileUrl: 'https://www.pronet.example/in/ada-lovelace/' });
const conversationOf = (r: OutboxRecord) => ('conversationId' in r ? r.conversationId : null);

let n = 0;
let db: CompanionDb;
beforeEach(async () => {
  n += 1;
  db = await openCompanionDb(`outbox-store-test-${n}`);
});
afterEach(() => db.close());

/** The database, counting the reads of the outbox made through it. */
function counted(target: CompanionDb) {
  let reads = 0;
  let failPut = false;
  const watched = new Proxy(target, {
    get(t, prop) {
      const value: unknown = Reflect.get(t, prop);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (prop === 'getAll' || prop === 'get') reads += 1;
        if (prop === 'put' && failPut) return Promise.reject(new DOMException('quota', 'QuotaExceededError'));
        return (value as (...a: unknown[]) => unknown).apply(t, args);
      };
    },
  });
  return { db: watched, reads: () => reads, failPuts: (on: boolean) => void (failPut = on) };
}

describe('outbox store', () => {
  it('reads the disk once, then answers from memory what it wrote, oldest first', async () => {
    await createOutboxStore(db).add(archive('c1'), 1);
    const { db: watched, reads } = counted(db);
    const store = createOutboxStore(watched);
    expect((await store.all()).map(conversationOf)).toEqual(['c1']);
    const second = await store.add(archive('c2'), 2);
    await store.put({ ...second, state: 'sending', attempts: 1 });
    const first = (await store.all())[0]!;
    await store.delete(first.id);
    expect(await store.all()).toMatchObject([{ conversationId: 'c2', state: 'sending', attempts: 1 }]);
    expect(await store.get(second.id)).toMatchObject({ state: 'sending' });
    expect(await store.get(first.id)).toBeUndefined();
    expect(reads()).toBe(1);
    // The disk holds the same: a next worker reads it there.
    expect(await createOutboxStore(db).all()).toMatchObject([{ conversationId: 'c2', state: 'sending', attempts: 1 }]);
  });

  it('hands out copies: a record changed by its reader is not changed in the store until written', async () => {
    const store = createOutboxStore(db);
    const added = await store.add(archive('c1'), 1);
    const read = (await store.all())[0]!;
    read.state = 'failed';
    added.state = 'failed';
    expect((await store.get(added.id))?.state).toBe('pending');
  });

  it('a write that fails changes neither the disk nor the memory', async () => {
    const { db: watched, failPuts } = counted(db);
    const store = createOutboxStore(watched);
    const added = await store.add(archive('c1'), 1);
    await store.all();
    failPuts(true);
    await expect(store.put({ ...added, state: 'failed' })).rejects.toThrow();
    expect((await store.get(added.id))?.state).toBe('pending');
    expect((await createOutboxStore(db).get(added.id))?.state).toBe('pending');
  });
});
