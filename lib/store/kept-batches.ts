/**
 * Batches a press made, kept in IndexedDB (`meta`) so that their progress survives a closed panel and
 * a stopped worker: one key per batch, and the latest batch of each tab. Writes go one at a time
 * (`update`): several results of a batch land at once. "This page"'s adds (`audience-batches.ts`) and
 * its enrichments (`enrich-batches.ts`) keep theirs so.
 */
import type { MetaStore } from './meta';

export interface KeptBatches<B extends { id: string; tabId: number }> {
  get(id: string): Promise<B | undefined>;
  latestOf(tabId: number): Promise<B | undefined>;
  put(batch: B): Promise<void>;
  /** Reads, changes and writes a batch, after every earlier write. Undefined when there is none. */
  update(id: string, change: (batch: B) => void): Promise<B | undefined>;
}

/** `prefix`: the meta keys' (`<prefix>:<id>`, `<prefix>-of-tab:<tabId>`). */
export function createKeptBatches<B extends { id: string; tabId: number }>(meta: Pick<MetaStore, 'get' | 'set'>, prefix: string): KeptBatches<B> {
  const key = (id: string) => `${prefix}:${id}`;
  const tabKey = (tabId: number) => `${prefix}-of-tab:${tabId}`;
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
  const get = (id: string) => meta.get<B>(key(id));
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
