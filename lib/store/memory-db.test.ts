import { describe, expect, it } from 'vitest';
import { conversation, lead } from '../../test/unit/background/fakes';
import { createProfileCache } from './cache';
import { createCallLog } from './call-log';
import { openCompanionDb, type CacheEntry, type CompanionDb } from './db';
import { createKeyStore } from './key-store';
import { createMemoryDb } from './memory-db';
import { createMetaStore } from './meta';
import { createOutboxStore } from './outbox-store';

const entry = (slug: string, leadId: string | undefined, fetchedAt: number): CacheEntry => ({
  profileUrl: `https://www.pronet.example/in/${slug}/`,
  ...(leadId ? { leadId } : {}),
  lead: leadId ? lead(leadId, slug) : null,
  conversations: leadId ? [conversation(`c-${slug}`, leadId, { note: 'n' })] : [],
  fetchedAt,
});

/** One session of every store module, its observations in order. */
async function session(db: CompanionDb): Promise<unknown[]> {
  const seen: unknown[] = [];
  const session = new Map<string, unknown>();
  const area = {
    get: async (k: string) => (session.has(k) ? { [k]: session.get(k) } : {}),
    set: async (items: Record<string, unknown>) => void Object.entries(items).forEach(([k, v]) => session.set(k, v)),
    remove: async (k: string) => void session.delete(k),
  };
  const keys = createKeyStore({ db, session: area });
  await keys.set('k-1', false);
  seen.push(await keys.get());
  await keys.set('k-2', true);
  seen.push(await keys.get());

  // Each module on a fresh instance after writing: what it reads back comes from the database.
  const write = createProfileCache(db);
  await write.put(entry('ada', 'l1', 10));
  await write.put(entry('grace', 'l2', 20));
  await write.put(entry('nobody', undefined, 5));
  const cache = createProfileCache(db);
  seen.push(await cache.get('https://www.pronet.example/in/ada/'));
  seen.push((await cache.byLead('l2')).map((e) => e.profileUrl));
  seen.push(await cache.patchConversation('l1', 'c-ada', { note: 'patched' }));
  seen.push((await createProfileCache(db).get('https://www.pronet.example/in/ada/'))?.conversations[0]?.note);
  await cache.prune(8);
  seen.push(await createProfileCache(db).get('https://www.pronet.example/in/nobody/'));

  const log = createCallLog(db, 3);
  const endpoints = ['searchLeads', 'listAudiences', 'createLead', 'listIdentities', 'getAudience'] as const;
  for (let i = 0; i < 5; i++) await log.add({ endpoint: endpoints[i]!, method: 'GET', status: i % 2 === 0 ? 200 : 500, ...(i % 2 === 0 ? ({ ok: true, summary: { kind: 'members', n: i } } as const) : ({ ok: false, failure: { kind: 'network' } } as const)), at: i, durationMs: 1 });
  seen.push((await log.list()).map((r) => r.endpoint));
  seen.push((await log.list({ failedOnly: true })).map((r) => r.endpoint));

  const outbox = createOutboxStore(db);
  const a = await outbox.add({ kind: 'archive', conversationId: 'c1', leadId: 'l1', profileUrl: null }, 1);
  const b = await outbox.add({ kind: 'unarchive', conversationId: 'c1', leadId: 'l1', profileUrl: null }, 2);
  await outbox.put({ ...a, state: 'failed' });
  await outbox.delete(b.id);
  seen.push((await outbox.all()).map((r) => [r.id, r.kind, r.state]));

  const meta = createMetaStore(db);
  await meta.set('limiter', { calls: [1, 2] });
  seen.push(await meta.get('limiter'), await meta.get('absent'));
  return seen;
}

describe('the in-memory stand-in of the database', () => {
  it('answers every store module as IndexedDB does', async () => {
    const real = await openCompanionDb(`memory-db-reference-${Date.now()}`);
    const expected = await session(real);
    real.close();
    expect(await session(createMemoryDb())).toEqual(expected);
  });

  it('hands out copies: changing a value read does not change the stored one', async () => {
    const db = createMemoryDb();
    await db.put('meta', { n: 1 }, 'x');
    ((await db.get('meta', 'x')) as { n: number }).n = 2;
    expect(await db.get('meta', 'x')).toEqual({ n: 1 });
    await expect(db.add('outbox', { id: 1 } as never)).resolves.toBe(1);
    await expect(db.add('outbox', { id: 1 } as never)).rejects.toThrow(/exists/);
  });
});
