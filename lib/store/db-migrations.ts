/**
 * The IndexedDB schema's versions, one step each, applied in order when a new version of the
 * extension opens a database an older one made (`openCompanionDb`). A step may create stores (its
 * `schema`) and rewrite the outbox's records (its `outbox`, a pure function of one stored record):
 * a queued action must survive every update, so each step of a record is unit-tested on its own.
 */
import type { IDBPDatabase } from 'idb';
import { ErrorCode, ErrorReason } from '../views/error';

export interface DbMigration {
  /** The version this step brings the database to (1, 2, ...). */
  version: number;
  /** Stores and indexes this version adds. */
  schema?(db: IDBPDatabase<unknown>): void;
  /** A stored outbox record of the previous version, as this version stores it. Pure. */
  outbox?(record: Record<string, unknown>): Record<string, unknown>;
}

function createStoresV1(db: IDBPDatabase<unknown>): void {
  db.createObjectStore('secrets');
  db.createObjectStore('cache', { keyPath: 'profileUrl' }).createIndex('byLead', 'leadId');
  db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
  db.createObjectStore('calls', { keyPath: 'id', autoIncrement: true }).createIndex('byFailed', 'failed');
  db.createObjectStore('meta');
}

/**
 * Version 2: a failed record's error is an `ErrorView` (`{code, reason?, detail?, status?, retryAt?}`).
 * Builds before it stored `{code, message}` (an English sentence): the sentence is kept as the
 * detail, shown beneath the sentence the UI words from the code; a code this version does not know
 * becomes `internal`, so the record still renders with Retry and Discard.
 */
export function errorViewOfLegacyError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || !('message' in error)) return error;
  const legacy = error as { code?: unknown; reason?: unknown; message?: unknown; status?: unknown; retryAt?: unknown };
  const code = ErrorCode.safeParse(legacy.code);
  const reason = ErrorReason.safeParse(legacy.reason);
  const detail = typeof legacy.message === 'string' ? legacy.message.trim() : '';
  return {
    code: code.success ? code.data : 'internal',
    ...(reason.success ? { reason: reason.data } : {}),
    ...(detail !== '' ? { detail } : {}),
    ...(Number.isInteger(legacy.status) ? { status: legacy.status } : {}),
    ...(typeof legacy.retryAt === 'number' && Number.isFinite(legacy.retryAt) ? { retryAt: legacy.retryAt } : {}),
  };
}

export const DB_MIGRATIONS: readonly DbMigration[] = [
  { version: 1, schema: createStoresV1 },
  { version: 2, outbox: (record) => ('error' in record ? { ...record, error: errorViewOfLegacyError(record.error) } : record) },
];

/** The newest version: what this build opens. */
export const LATEST_DB_VERSION = DB_MIGRATIONS.length;

/** The record steps from `oldVersion` to `newVersion`, composed (identity when there are none). */
export function outboxSteps(oldVersion: number, newVersion: number): ((record: Record<string, unknown>) => Record<string, unknown>) | null {
  const steps = DB_MIGRATIONS.filter((m) => m.version > oldVersion && m.version <= newVersion && m.outbox).map((m) => m.outbox!);
  if (steps.length === 0) return null;
  return (record) => steps.reduce((r, step) => step(r), record);
}
