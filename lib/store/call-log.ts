/**
 * The call log: one row per HTTP attempt (endpoint name, ok or error with status, what it did or why
 * it failed as data, time, duration), newest kept, at most `max` rows. Rows come from the client's
 * `CallRecord`, which never holds the key or note text; this module stores nothing else. Rows of
 * older builds carry a text `summary` instead: they are listed as stored.
 */
import type { CallRow, CompanionDb } from './db';
import type { CallRecord } from '../api/http';
import type { CallFailure } from '../api/summaries';

export const CALL_LOG_MAX_ROWS = 500;

/** A row as the client reports it (`onCall`); the log stores it as is, bounded. */
export type CallInput = CallRecord;

export interface CallLog {
  add(call: CallInput): Promise<void>;
  /** Newest first. */
  list(opts?: { failedOnly?: boolean; limit?: number }): Promise<Omit<CallRow, 'failed'>[]>;
}

/** The text a failure carries from the service (its message, a field path) is kept to 200 characters. */
function boundedFailure(f: CallFailure): CallFailure {
  if (f.kind === 'refused') return { kind: 'refused', message: f.message.slice(0, 200) };
  if (f.kind === 'unexpectedResponse') return { kind: 'unexpectedResponse', path: f.path.slice(0, 200) };
  return f;
}

export function createCallLog(db: CompanionDb, max: number = CALL_LOG_MAX_ROWS): CallLog {
  return {
    async add(call) {
      const tx = db.transaction('calls', 'readwrite');
      const row = {
        endpoint: call.endpoint,
        method: call.method,
        ok: call.ok,
        failed: call.ok ? 0 : 1,
        status: call.status,
        ...(call.ok ? { summary: call.summary } : { failure: boundedFailure(call.failure) }),
        at: call.at,
        durationMs: call.durationMs,
      } as CallRow;
      await tx.store.add(row);
      let excess = (await tx.store.count()) - max;
      if (excess > 0) {
        let cursor = await tx.store.openCursor();
        while (cursor && excess > 0) {
          await cursor.delete();
          excess -= 1;
          cursor = await cursor.continue();
        }
      }
      await tx.done;
    },
    async list(opts = {}) {
      const limit = opts.limit ?? max;
      const tx = db.transaction('calls', 'readonly');
      const source = opts.failedOnly ? tx.store.index('byFailed') : tx.store;
      const query = opts.failedOnly ? IDBKeyRange.only(1) : undefined;
      const rows: Omit<CallRow, 'failed'>[] = [];
      let cursor = await source.openCursor(query, 'prev');
      while (cursor && rows.length < limit) {
        const { failed: _failed, ...row } = cursor.value;
        rows.push(row);
        cursor = await cursor.continue();
      }
      await tx.done;
      return rows;
    },
  };
}
