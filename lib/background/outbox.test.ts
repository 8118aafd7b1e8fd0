import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutboxStore } from '../store/outbox-store';
import { openCompanionDb, type CompanionDb, type OutboxAction } from '../store/db';
import { conversation, fakeService, flush, manualClock, type FakeService, type ManualClock } from '../../test/unit/background/fakes';
import { createOutbox, type Outbox, type OutboxOptions } from './outbox';

let dbCount = 0;
let dbName = '';
let db: CompanionDb;
let clock: ManualClock;
let service: FakeService;
const instances: Outbox[] = [];

const policy = { maxAttempts: Infinity, baseMs: 1_000, capMs: 60_000, random: () => 1 };

function outbox(extra: Partial<OutboxOptions> = {}): Outbox {
  const o = createOutbox({
    store: createOutboxStore(db),
    api: service.api,
    clock,
    timers: clock,
    policy,
    uncertainForMs: 0,
    currentNote: async (_leadId, conversationId) => service.conversations.get(conversationId)?.note,
    ...extra,
  });
  instances.push(o);
  return o;
}

const target = (id: string) => ({ conversationId: id, leadId: 'lead_1', profileUrl: null });

beforeEach(async () => {
  dbCount += 1;
  dbName = `outbox-test-${dbCount}`;
  db = await openCompanionDb(dbName);
  clock = manualClock();
  service = fakeService(() => clock.now());
  service.conversations.set('c1', conversation('c1', 'lead_1', { note: 'base' }));
  service.conversations.set('c2', conversation('c2', 'lead_1', { note: null }));
});

/**
 * An outbox over its own connection to the test database, and a kill switch: the instance stops and
 * its connection closes, so that whatever it still had running can no longer write.
 */
async function killableOutbox(): Promise<{ outbox: Outbox; kill(): void }> {
  const own = await openCompanionDb(dbName);
  const o = outbox({ store: createOutboxStore(own) });
  return {
    outbox: o,
    kill() {
      o.stop();
      own.close();
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const o of instances.splice(0)) o.stop();
  db.close();
});

describe('outbox', () => {
  it('writes a mutation to IndexedDB before sending it, and removes it once applied', async () => {
    const hold = service.hold('action');
    const o = outbox();
    await o.start();
    await o.enqueue({ kind: 'archive', ...target('c1') });
    await flush();
    const stored = await createOutboxStore(db).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'archive', conversationId: 'c1', state: 'sending', attempts: 1 });
    hold.release();
    await o.idle();
    expect(await createOutboxStore(db).all()).toEqual([]);
    expect(service.conversations.get('c1')?.status).toBe('ARCHIVED');
  });

  it('keeps the order of one conversation and lets other conversations run alongside', async () => {
    const o = outbox();
    await o.start();
    service.fail('action', 'server');
    await o.enqueue({ kind: 'archive', ...target('c1') });
    await o.enqueue({ kind: 'unarchive', ...target('c1') });
    await o.enqueue({ kind: 'note', mode: 'replace', text: 'other', ...target('c2') });
    await o.idle();
    // c1's archive failed and waits for its retry; its unarchive must not overtake it; c2 goes on.
    expect(service.calls).toEqual(['archive c1', 'note c2']);
    expect(service.conversations.get('c2')?.note).toBe('other');
    await clock.advance(1_000);
    await o.idle();
    expect(service.calls).toEqual(['archive c1', 'note c2', 'archive c1', 'unarchive c1']);
    expect(service.conversations.get('c1')?.status).toBe('OPEN');
  });

  it('retries network errors, 429 and 5xx with growing delays until it succeeds', async () => {
    const o = outbox();
    await o.start();
    service.fail('note', 'drop', 'server', 'server', 'server');
    await o.enqueue({ kind: 'note', mode: 'replace', text: 'hello', ...target('c1') });
    await o.idle();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const [record] = await o.list();
      delays.push((record?.nextAttemptAt ?? 0) - clock.now());
      await clock.advance(delays.at(-1) ?? 0);
      await o.idle();
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(await o.list()).toEqual([]);
    expect(service.conversations.get('c1')?.note).toBe('hello');
    expect(o.stats()).toMatchObject({ applied: 1, retries: 4 });
  });

  it('holds a lane whose send got no answer until the client timeout has passed since it went out', async () => {
    const o = outbox({ uncertainForMs: 15_000 });
    await o.start();
    service.fail('action', 'drop');
    await o.enqueue({ kind: 'archive', ...target('c1') });
    await o.enqueue({ kind: 'unarchive', ...target('c1') });
    await o.idle();
    const [archive] = await o.list();
    // Backoff alone would say 1 s: the archive may still land late, so neither it nor the unarchive moves.
    expect(archive?.nextAttemptAt).toBe(clock.now() + 15_000);
    const callsBefore = service.calls.length;
    await clock.advance(14_999);
    await o.idle();
    expect(service.calls.length).toBe(callsBefore);
    await clock.advance(1);
    await o.idle();
    expect(await o.list()).toEqual([]);
    expect(service.conversations.get('c1')?.status).toBe('OPEN');
  });

  it('does not hold a lane after a 5xx: the service answered', async () => {
    const o = outbox({ uncertainForMs: 15_000 });
    await o.start();
    service.fail('action', 'server');
    await o.enqueue({ kind: 'archive', ...target('c1') });
    await o.idle();
    const [archive] = await o.list();
    expect(archive?.nextAttemptAt).toBe(clock.now() + 1_000);
  });

  it('waits as long as Retry-After says after a 429', async () => {
    const o = outbox();
    await o.start();
    service.fail('action', 'rate-limit');
    await o.enqueue({ kind: 'unsnooze', ...target('c1') });
    await o.idle();
    const [record] = await o.list();
    expect(record?.nextAttemptAt).toBe(clock.now() + 2_000);
    expect(record?.error?.code).toBe('rate-limited');
    expect(o.stats().rateLimited).toBe(1);
  });

  it('fails for good on a 4xx, keeps the service message, blocks the lane, and offers Retry and Discard', async () => {
    const o = outbox();
    await o.start();
    service.fail('action', { status: 400, message: 'snoozeUntil must be in the future' });
    const failing = await o.enqueue({ kind: 'snooze', until: clock.now() + 86_400_000, ...target('c1') });
    const behind = await o.enqueue({ kind: 'note', mode: 'replace', text: 'later', ...target('c1') });
    await o.idle();
    await clock.advance(600_000);
    await o.idle();
    const [failed, waiting] = await o.list();
    expect(failed).toMatchObject({ id: failing.id, state: 'failed', error: { code: 'rejected', status: 400, detail: 'snoozeUntil must be in the future' } });
    expect(waiting).toMatchObject({ id: behind.id, state: 'pending', attempts: 0 });
    expect(service.calls).toEqual(['snooze c1']);

    await o.retry(failing.id);
    await o.idle();
    expect(service.calls).toEqual(['snooze c1', 'snooze c1', 'note c1']);
    expect(await o.list()).toEqual([]);
  });

  it('discards a failed mutation and lets the lane go on', async () => {
    const o = outbox();
    await o.start();
    service.fail('action', { status: 409, message: 'ambiguous' });
    const failing = await o.enqueue({ kind: 'archive', ...target('c1') });
    await o.enqueue({ kind: 'note', mode: 'replace', text: 'after', ...target('c1') });
    await o.idle();
    await o.discard(failing.id);
    await o.idle();
    expect(service.calls).toEqual(['archive c1', 'note c1']);
    expect(service.conversations.get('c1')?.status).toBe('OPEN');
    expect(service.conversations.get('c1')?.note).toBe('after');
  });

  it('survives a killed worker: a new instance over the same database sends what is left', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // the dead instance's failed writes
    const first = await killableOutbox();
    await first.outbox.start();
    service.fail('action', 'server');
    await first.outbox.enqueue({ kind: 'archive', ...target('c1') });
    const hold = service.hold('note');
    await first.outbox.enqueue({ kind: 'note', mode: 'replace', text: 'kept', ...target('c2') });
    await flush();
    first.kill(); // the note is on the wire, the archive waits for its retry
    hold.release();
    await flush();

    const second = outbox();
    await second.start();
    await clock.advance(1_000);
    await second.idle();
    expect(await second.list()).toEqual([]);
    expect(service.conversations.get('c1')?.status).toBe('ARCHIVED');
    expect(service.conversations.get('c2')?.note).toBe('kept');
  });

  it('does not append twice when a timeout hid the outcome: it reads the note back first', async () => {
    const o = outbox();
    await o.start();
    service.fail('note', 'timeout-after-apply');
    await o.enqueue({ kind: 'note', mode: 'append', text: 'call them Tuesday', ...target('c1') });
    await o.idle();
    const [record] = await o.list();
    expect(record).toMatchObject({ state: 'pending', uncertain: true, baseNote: 'base' });
    await clock.advance(1_000);
    await o.idle();
    expect(await o.list()).toEqual([]);
    const note = service.conversations.get('c1')?.note ?? '';
    expect(note.match(/call them Tuesday/g)).toHaveLength(1);
    expect(service.calls).toEqual(['note c1', 'leadConversations lead_1']);
    expect(o.stats()).toMatchObject({ readBacks: 1, readBackHits: 1 });
  });

  it('sends an uncertain append again when the read-back shows it did not land', async () => {
    const o = outbox();
    await o.start();
    service.fail('note', 'drop');
    await o.enqueue({ kind: 'note', mode: 'append', text: 'follow up', ...target('c1') });
    await o.idle();
    await clock.advance(1_000);
    await o.idle();
    expect(service.calls).toEqual(['note c1', 'leadConversations lead_1', 'note c1']);
    expect(service.conversations.get('c1')?.note?.match(/follow up/g)).toHaveLength(1);
  });

  it('tells an earlier identical append from its own by the note it started from', async () => {
    const o = outbox();
    await o.start();
    await o.enqueue({ kind: 'note', mode: 'append', text: 'same', ...target('c1') });
    await o.idle();
    service.fail('note', 'drop');
    await o.enqueue({ kind: 'note', mode: 'append', text: 'same', ...target('c1') });
    await o.idle();
    await clock.advance(1_000);
    await o.idle();
    expect(service.conversations.get('c1')?.note?.match(/same/g)).toHaveLength(2);
  });

  it('reads back an append left on the wire by a killed worker', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = await killableOutbox();
    await first.outbox.start();
    const hold = service.hold('note');
    await first.outbox.enqueue({ kind: 'note', mode: 'append', text: 'once only', ...target('c1') });
    await flush();
    first.kill();
    hold.release(); // the service applies it; the answer goes nowhere
    await flush();
    expect(await createOutboxStore(db).all()).toMatchObject([{ state: 'sending', uncertain: true }]);

    const second = outbox();
    await second.start();
    await second.idle();
    expect(service.conversations.get('c1')?.note?.match(/once only/g)).toHaveLength(1);
    expect(service.calls.filter((c) => c === 'note c1')).toHaveLength(1);
    expect(second.stats()).toMatchObject({ readBacks: 1, readBackHits: 1 });
    expect(await second.list()).toEqual([]);
  });

  it('reports each applied mutation with what the service answered', async () => {
    const applied: string[] = [];
    const o = outbox({ onApplied: (record, outcome) => void applied.push(`${record.kind}:${outcome.kind}`) });
    await o.start();
    const actions: OutboxAction[] = [
      { kind: 'note', mode: 'replace', text: 'x', ...target('c1') },
      { kind: 'snooze', until: clock.now() + 60_000, ...target('c2') },
      { kind: 'add-to-audience', profileUrl: 'https://www.pronet.example/in/margaret-hamilton/', audience: 'Pioneers' },
    ];
    for (const a of actions) await o.enqueue(a);
    await o.idle();
    expect(applied.sort()).toEqual(['add-to-audience:lead', 'note:note', 'snooze:conversation']);
  });
});
