/**
 * Persistence of the outbox: every mutation is written here before it is sent, and leaves only once
 * it has succeeded or the user discards it. The state machine is in `lib/background/outbox.ts`.
 */
import type { CompanionDb, OutboxAction, OutboxRecord } from './db';

export interface OutboxStore {
  /** Writes a new pending record; ids increase in the order of calls. */
  add(action: OutboxAction, now: number, extra?: Pick<OutboxRecord, 'baseNote'>): Promise<OutboxRecord>;
  get(id: number): Promise<OutboxRecord | undefined>;
  /** Oldest first. */
  all(): Promise<OutboxRecord[]>;
  put(record: OutboxRecord): Promise<void>;
  delete(id: number): Promise<void>;
}

export function createOutboxStore(db: CompanionDb): OutboxStore {
  return {
    async add(action, now, extra) {
      const draft = {
        ...action,
        ...extra,
        createdAt: now,
        state: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        uncertain: false,
        error: null,
      } as Omit<OutboxRecord, 'id'>;
      // autoIncrement assigns the id; idb's types want the full record.
      const id = await db.add('outbox', draft as OutboxRecord);
      return { ...draft, id } as OutboxRecord;
    },
    get: (id) => db.get('outbox', id),
    all: () => db.getAll('outbox'),
    put: async (record) => {
      await db.put('outbox', record);
    },
    delete: (id) => db.delete('outbox', id),
  };
}
