import { describe, expect, it } from 'vitest';
import { DB_MIGRATIONS, errorViewOfLegacyError, LATEST_DB_VERSION, outboxSteps } from './db-migrations';
import { openCompanionDb } from './db';

describe('database migrations', () => {
  it('numbers its steps 1, 2, ... and opens at the last', () => {
    expect(DB_MIGRATIONS.map((m) => m.version)).toEqual(DB_MIGRATIONS.map((_, i) => i + 1));
    expect(LATEST_DB_VERSION).toBe(DB_MIGRATIONS.length);
  });

  it('v2: turns a legacy {code, message} error into an ErrorView, keeping the sentence as its detail', () => {
    expect(errorViewOfLegacyError({ code: 'rejected', message: 'No credits left. ', status: 402 })).toEqual({
      code: 'rejected',
      detail: 'No credits left.',
      status: 402,
    });
    expect(errorViewOfLegacyError({ code: 'rate-limited', message: '', retryAt: 5 })).toEqual({ code: 'rate-limited', retryAt: 5 });
    // A code this build does not know still renders (as internal), its sentence kept.
    expect(errorViewOfLegacyError({ code: 'quota', message: 'Too big' })).toEqual({ code: 'internal', detail: 'Too big' });
    // Today's shape and no error at all pass untouched.
    const view = { code: 'offline', reason: 'timeout' };
    expect(errorViewOfLegacyError(view)).toBe(view);
    expect(errorViewOfLegacyError(null)).toBeNull();
  });

  it('composes the record steps between two versions, none when nothing changes records', () => {
    expect(outboxSteps(2, 2)).toBeNull();
    const step = outboxSteps(1, 2)!;
    expect(step({ id: 3, kind: 'archive', error: { code: 'server', message: 'down' } })).toEqual({ id: 3, kind: 'archive', error: { code: 'server', detail: 'down' } });
    expect(step({ id: 4, kind: 'archive', error: null })).toEqual({ id: 4, kind: 'archive', error: null });
  });

  it('upgrades a version 1 database in place: every queued record kept, ids and order unchanged, errors migrated', async () => {
    const name = `migrate-${Date.now()}`;
    const v1 = await openCompanionDb(name, 1);
    const base = { conversationId: 'c1', leadId: 'l1', profileUrl: null, createdAt: 1, attempts: 1, nextAttemptAt: 1, uncertain: false };
    await v1.add('outbox', { ...base, kind: 'archive', state: 'failed', error: { code: 'rejected', message: 'Refused by the service.' } } as never);
    await v1.add('outbox', { ...base, kind: 'note', mode: 'append', text: 'hello', state: 'pending', error: null } as never);
    await v1.put('meta', { calls: [], pausedUntil: 0 }, 'limiter');
    v1.close();

    const v2 = await openCompanionDb(name);
    expect(v2.version).toBe(LATEST_DB_VERSION);
    const records = await v2.getAll('outbox');
    expect(records.map((r) => [r.id, r.kind, r.state])).toEqual([
      [1, 'archive', 'failed'],
      [2, 'note', 'pending'],
    ]);
    expect(records[0]?.error).toEqual({ code: 'rejected', detail: 'Refused by the service.' });
    expect(records[1]?.error).toBeNull();
    expect(await v2.get('meta', 'limiter')).toEqual({ calls: [], pausedUntil: 0 });
    v2.close();
  });
});
