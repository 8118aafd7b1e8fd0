/**
 * "This page" batches (issue 35): which people of a list page one press added to which audience, what
 * became of each, and whether the batch was undone. Kept in IndexedDB (`meta`) so that progress and
 * Undo survive a closed panel and a stopped worker; one key per batch, and the latest batch of each
 * tab. Writes go one at a time (`update`): several adds of a batch land at once.
 */
import type { ErrorView, PagePersonFacts, PersonResult } from '../views';
import type { MetaStore } from './meta';

export interface BatchPerson {
  profileUrl: string;
  facts: PagePersonFacts;
  result: PersonResult;
  /** The outbox record of its add (while queued), then of its removal (while undoing). */
  outboxId?: number;
  leadId?: string;
  /** Why the service refused it (kept once its failed record is discarded). */
  error?: ErrorView;
}

export interface AudienceBatch {
  id: string;
  tabId: number;
  audience: string;
  audienceId: string;
  createdAt: number;
  people: BatchPerson[];
  /** Undo was pressed. */
  undo: boolean;
}

export interface AudienceBatches {
  get(id: string): Promise<AudienceBatch | undefined>;
  latestOf(tabId: number): Promise<AudienceBatch | undefined>;
  put(batch: AudienceBatch): Promise<void>;
  /** Reads, changes and writes a batch, after every earlier update. Undefined when there is none. */
  update(id: string, change: (batch: AudienceBatch) => void): Promise<AudienceBatch | undefined>;
}

const key = (id: string) => `audience-batch:${id}`;
const tabKey = (tabId: number) => `audience-batch-of-tab:${tabId}`;

export function createAudienceBatches(meta: MetaStore): AudienceBatches {
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
  const get = (id: string) => meta.get<AudienceBatch>(key(id));
  return {
    get,
    async latestOf(tabId) {
      const id = await meta.get<string>(tabKey(tabId));
      return id === undefined ? undefined : get(id);
    },
    put: (batch) =>
      serial(async () => {
        await meta.set(key(batch.id), batch);
        await meta.set(tabKey(batch.tabId), batch.id);
      }),
    update: (id, change) =>
      serial(async () => {
        const batch = await get(id);
        if (!batch) return undefined;
        change(batch);
        await meta.set(key(id), batch);
        return batch;
      }),
  };
}
