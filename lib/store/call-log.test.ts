import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../api/http';
import { createCallLog } from './call-log';
import { openCompanionDb } from './db';

const call = (i: number, ok: boolean): CallRecord => ({
  endpoint: ok ? 'searchLeads' : 'updateNote',
  method: ok ? 'GET' : 'POST',
  status: ok ? 200 : 503,
  ...(ok ? ({ ok: true, summary: { kind: 'leadFound' } } as const) : ({ ok: false, failure: { kind: 'refused', message: 'unavailable' } } as const)),
  at: 1_000 + i,
  durationMs: 12,
});

describe('call log', () => {
  it('keeps the newest rows only, newest first, and filters failed calls', async () => {
    const db = await openCompanionDb('call-log-test-1');
    const log = createCallLog(db, 10);
    for (let i = 0; i < 25; i += 1) await log.add(call(i, i % 3 !== 0));
    const all = await log.list();
    expect(all).toHaveLength(10);
    expect(all.map((r) => r.at)).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 16, 15].map((i) => 1_000 + i));
    const failed = await log.list({ failedOnly: true });
    expect(failed.map((r) => r.at)).toEqual([24, 21, 18, 15].map((i) => 1_000 + i));
    expect(failed.every((r) => !r.ok && r.status === 503)).toBe(true);
    expect(await log.list({ limit: 2 })).toHaveLength(2);
    db.close();
  });

  it('stores what a call did or why it failed as data, and lists rows of older builds with their text summary', async () => {
    const db = await openCompanionDb('call-log-test-2');
    // A row as builds before the data form wrote it.
    await db.add('calls', { endpoint: 'listMembers', method: 'GET', ok: false, failed: 1, status: null, summary: 'timed out', at: 1, durationMs: 3 } as never);
    const log = createCallLog(db, 10);
    await log.add(call(2, true));
    await log.add({ ...call(3, false), ok: false, failure: { kind: 'refused', message: 'x'.repeat(500) } });
    const [refused, found, legacy] = await log.list();
    expect(found).toMatchObject({ ok: true, summary: { kind: 'leadFound' } });
    expect(found).not.toHaveProperty('failure');
    expect(refused!.failure).toEqual({ kind: 'refused', message: 'x'.repeat(200) });
    expect(legacy).toMatchObject({ ok: false, summary: 'timed out' });
    db.close();
  });
});
