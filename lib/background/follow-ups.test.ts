import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../api/schemas';
import type { OutboxAction } from '../store/db';
import type { MetaStore } from '../store/meta';
import { createFollowUps } from './follow-ups';

function memoryMeta(): MetaStore {
  const data = new Map<string, unknown>();
  return { get: async <T,>(key: string) => data.get(key) as T | undefined, set: async (key, value) => void data.set(key, structuredClone(value)) };
}

const conversation = (extra: Partial<ConversationSummary>): ConversationSummary =>
  ({ id: 'c1', leadId: 'l1', status: 'SNOOZED', snoozeUntil: 10_000_000, lastMessageStatus: 'SENT', lastMessageAt: 1_000, ...extra }) as ConversationSummary;

describe('the follow-ups the product set', () => {
  it('takes back its own snooze once when the lead answered, and leaves a hand-set one', async () => {
    const queued: OutboxAction[] = [];
    const meta = memoryMeta();
    const followUps = createFollowUps({ meta, clock: { now: () => 5_000 }, enqueue: async (a) => void queued.push(a) });
    await followUps.remember({ conversationId: 'c1', leadId: 'l1', profileUrl: 'p', until: 10_000_000, setAt: 1_000 });
    await followUps.remember({ conversationId: 'c2', leadId: 'l2', profileUrl: null, until: 10_000_000, setAt: 1_000 });
    await followUps.seen([conversation({})]);
    expect(queued).toEqual([]);
    const answered = conversation({ lastMessageStatus: 'RECEIVED', lastMessageAt: 2_000 });
    await followUps.seen([answered, conversation({ id: 'c2', leadId: 'l2', snoozeUntil: 99_000_000, lastMessageStatus: 'RECEIVED', lastMessageAt: 2_000 })]);
    // Told again (another read of the same answer): nothing more.
    await followUps.seen([answered]);
    expect(queued).toEqual([{ kind: 'unsnooze', conversationId: 'c1', leadId: 'l1', profileUrl: 'p' }]);
    // Both marks are gone, also for a worker started again.
    const again = createFollowUps({ meta, clock: { now: () => 6_000 }, enqueue: async (a) => void queued.push(a) });
    await again.seen([answered]);
    expect(queued).toHaveLength(1);
    expect(await meta.get('followUps')).toEqual({});
  });
});
