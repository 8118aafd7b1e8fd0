/**
 * Persistence of the outbox: every mutation is written here before it is sent, and leaves only once
 * it has succeeded or the user discards it. The state machine is in `lib/background/outbox.ts`.
 * A memory in front of IndexedDB answers the reads (see `createOutboxStore`).
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
  /**
   * The records as on disk, read once: every panel state reads the outbox (pending changes show in
   * it), and this instance is the database's only writer, so after the first read the memory
   * answers without a round trip to IndexedDB. Updated after each write lands (a failed write
   * changes neither); handed out as copies, since callers change the records they read.
   */
  let memory: Map<number, OutboxRecord> | null = null;
  let loading: Promise<Map<number, OutboxRecord>> | null = null;
  /** Bumped by every write: a read of the disk that a write overtook is read again. */
  let writes = 0;
  const copy = (record: OutboxRecord): OutboxRecord => structuredClone(record);

  function load(): Promise<Map<number, OutboxRecord>> {
    if (memory) return Promise.resolve(memory);
    loading ??= (async () => {
      for (;;) {
        const before = writes;
        const records = await db.getAll('outbox');
        if (before === writes) return (memory = new Map(records.map((r) => [r.id, r])));
      }
    })().finally(() => {
      loading = null;
    });
    return loading;
  }
  function wrote(id: number, record: OutboxRecord | null) {
    writes += 1;
    if (!memory) return;
    if (record) memory.set(id, copy(record));
    else memory.delete(id);
  }

  return {
    async add(action, now, extra) {
      const draft = {
        ...action,
        ...extra,
        createdAt: now,
        state: 'pending',
        attempts: 0,
        // A reply waits out its undo window.
        nextAttemptAt: action.kind === 'reply' ? Math.max(now, action.holdUntil) : now,
        uncertain: false,
        error: null,
      } as Omit<OutboxRecord, 'id'>;
      // autoIncrement assigns the id; idb's types want the full record.
      const id = await db.add('outbox', draft as OutboxRecord);
      const record = { ...draft, id } as OutboxRecord;
      wrote(id, record);
      return record;
    },
    async get(id) {
      const record = (await load()).get(id);
      return record ? copy(record) : undefined;
    },
    async all() {
      return [...(await load()).values()].sort((a, b) => a.id - b.id).map(copy);
    },
    put: async (record) => {
      await db.put('outbox', record);
      wrote(record.id, record);
    },
    delete: async (id) => {
      await db.delete('outbox', id);
      wrote(id, null);
    },
  };
}
