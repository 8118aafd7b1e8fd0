import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../api/http';
import { createCallLog } from './call-log';
import { openCompanionDb } from './db';

const call = (i: number, ok: boolean): CallRecord => ({
  endpoint: ok ? 'searchLeads' : 'updateNote',
  method: ok ? 'GET' : 'POST',
  ok,
  status: ok ? 200 : 503,
  summary: ok ? 'lead found' : '503 unavailable',
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
});
