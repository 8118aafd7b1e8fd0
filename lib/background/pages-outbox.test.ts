import { describe, expect, it } from 'vitest';
import type { OutboxAction, OutboxRecord } from '../store/db';
import { StorageUnavailableError, type StorageProblem } from '../store/open-storage';
import { NoKeyError } from './error-view';
import type { Outbox } from './outbox';
import { createPagesOutbox } from './pages-outbox';

/** An outbox that keeps its records in a list, and what the queue's count was told. */
function setup(opts: { storageProblem?: StorageProblem; key?: string | null } = {}) {
  const records: OutboxRecord[] = [];
  const told: string[] = [];
  const outbox = {
    async enqueue(action: OutboxAction) {
      const record = { ...action, id: records.length + 1, createdAt: 0, state: 'pending', attempts: 0, nextAttemptAt: 0, uncertain: false, error: null } as OutboxRecord;
      records.push(record);
      return record;
    },
    async discard(id: number) {
      const i = records.findIndex((r) => r.id === id);
      return i < 0 ? undefined : records.splice(i, 1)[0];
    },
  } as Partial<Outbox> as Outbox;
  const inbox = {
    queued: async (action: { kind: string; conversationId?: string }) => void told.push(`queued ${action.kind} ${action.conversationId}`),
    withdrawn: async (conversationId: string) => void told.push(`withdrawn ${conversationId}`),
  };
  const pages = createPagesOutbox({ outbox, inbox, storageProblem: opts.storageProblem ?? null, key: () => (opts.key === undefined ? 'key' : opts.key) });
  return { pages, records, told };
}

const archive: OutboxAction = { kind: 'archive', conversationId: 'c1', leadId: 'lead_1', profileUrl: null };
const reply: OutboxAction = { kind: 'reply', conversationId: 'c2', leadId: 'lead_2', profileUrl: null, channel: 'PRONET', identityId: 'idt_1', memberId: 'mem_1', text: 'Hi', holdUntil: 0 };

describe('the outbox as the pages act on it', () => {
  it('queues an action, answers its view and tells the queue\'s count', async () => {
    const { pages, records, told } = setup();
    expect(await pages.enqueue(archive)).toMatchObject({ id: '1', kind: 'archive', conversationId: 'c1', state: 'pending' });
    expect(records).toHaveLength(1);
    expect(told).toEqual(['queued archive c1']);
  });

  it('refuses an action, keeping nothing, while the database is unavailable or no key is set', async () => {
    const noStorage = setup({ storageProblem: 'quota' });
    await expect(noStorage.pages.enqueue(archive)).rejects.toBeInstanceOf(StorageUnavailableError);
    const noKey = setup({ key: null });
    await expect(noKey.pages.enqueue(archive)).rejects.toBeInstanceOf(NoKeyError);
    expect([...noStorage.records, ...noKey.records, ...noStorage.told, ...noKey.told]).toEqual([]);
  });

  it('a reply taken back waits again in the count; another action taken back says nothing', async () => {
    const { pages, told } = setup();
    await pages.enqueue(archive);
    await pages.enqueue(reply);
    expect((await pages.outbox.discard(1))?.kind).toBe('archive');
    expect((await pages.outbox.discard(2))?.kind).toBe('reply');
    expect(await pages.outbox.discard(2)).toBeUndefined();
    expect(told).toEqual(['queued archive c1', 'queued reply c2', 'withdrawn c2']);
  });
});
