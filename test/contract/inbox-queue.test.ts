// Issue 12: each saved view of the inbox queue (lib/inbox/queue) asks the emulator a question whose
// answer is what the seed's rules say, page after page, and the demo seed holds what the queue needs.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationSearchFilters, ConversationSummary } from '../../lib/api/schemas';
import { inView, queueFilters, untouchedBound, QUEUE_VIEWS, type QueueQuery } from '../../lib/inbox/queue';
import { clientFor, emulatorNow, freshRateWindow, proWorkspace, resetEmulator } from './harness';

let all: ConversationSummary[] = [];
let now = 0;

/** Every page of a view, as the queue pages it (its page size, nextToken after nextToken). */
async function viewIds(query: QueueQuery): Promise<string[]> {
  const { limit: _limit, ...filters } = queueFilters(query, now) as ConversationSearchFilters & { limit: number };
  const ids: string[] = [];
  for await (const c of clientFor(proWorkspace()).conversations.searchAll({ ...filters, limit: 100 })) ids.push(c.id);
  return ids;
}

const sortKey = (query: QueueQuery) => (c: ConversationSummary) => (query.view === 'snoozed' ? (c.snoozeUntil ?? 0) : -(c.lastMessageAt ?? -1));

function expected(query: QueueQuery): ConversationSummary[] {
  const bound = untouchedBound(now, query.untouchedDays);
  return all
    .filter((c) => inView(query.view, c, bound))
    .filter((c) => !query.identityId || c.identityId === query.identityId)
    .filter((c) => !query.campaignId || c.campaignId === query.campaignId);
}

beforeAll(async () => {
  await resetEmulator('demo');
  now = await emulatorNow();
  all = [];
  for await (const c of clientFor(proWorkspace()).conversations.searchAll({ limit: 100 })) all.push(c);
});

beforeEach(async () => {
  await freshRateWindow();
});

describe('inbox queue views against the emulator', () => {
  for (const view of QUEUE_VIEWS) {
    it(`${view}: the rows the seed's rules give, in the view's order`, async () => {
      const want = expected({ view });
      expect(want.length).toBeGreaterThan(0);
      const got = await viewIds({ view });
      expect([...got].sort()).toEqual(want.map((c) => c.id).sort());
      const key = sortKey({ view });
      const byId = new Map(all.map((c) => [c.id, c]));
      const keys = got.map((id) => key(byId.get(id)!));
      expect(keys).toEqual([...keys].sort((a, b) => a - b));
    });
  }

  it('the first page carries the exact total, later pages come by nextToken', async () => {
    const first = await clientFor(proWorkspace()).conversations.search(queueFilters({ view: 'waiting' }, now));
    expect(first.total).toBe(expected({ view: 'waiting' }).length);
    expect(first.data).toHaveLength(20);
    const second = await clientFor(proWorkspace()).conversations.search({ ...queueFilters({ view: 'waiting' }, now), searchAfter: first.nextToken! });
    expect(second.total).toBeNull();
    expect(second.data.map((c) => c.id)).toEqual(expected({ view: 'waiting' }).sort((a, b) => (b.lastMessageAt ?? 0) - (a.lastMessageAt ?? 0) || (a.id < b.id ? 1 : -1)).slice(20, 40).map((c) => c.id));
  });

  it('narrows to one identity, and to one campaign', async () => {
    const waiting = expected({ view: 'waiting' });
    const identityId = waiting[0]!.identityId;
    expect((await viewIds({ view: 'waiting', identityId })).sort()).toEqual(expected({ view: 'waiting', identityId }).map((c) => c.id).sort());
    const campaignId = waiting.find((c) => c.campaignId)!.campaignId!;
    expect((await viewIds({ view: 'waiting', campaignId })).sort()).toEqual(expected({ view: 'waiting', campaignId }).map((c) => c.id).sort());
  });

  it('an untouched view takes its number of days', async () => {
    const week = expected({ view: 'untouched' }).length;
    const month = expected({ view: 'untouched', untouchedDays: 30 });
    expect(month.length).toBeLessThan(week);
    expect((await viewIds({ view: 'untouched', untouchedDays: 30 })).sort()).toEqual(month.map((c) => c.id).sort());
  });
});

describe('the demo seed holds a queue', () => {
  it('sixty or more conversations wait for a reply, across two identities at least twenty each', () => {
    const waiting = expected({ view: 'waiting' });
    expect(waiting.length).toBeGreaterThanOrEqual(60);
    const perIdentity = new Map<string, number>();
    for (const c of waiting) perIdentity.set(c.identityId, (perIdentity.get(c.identityId) ?? 0) + 1);
    expect([...perIdentity.values()].filter((n) => n >= 20).length).toBeGreaterThanOrEqual(2);
  });

  it('ten or more snoozed with different wake dates, two waking later today on the emulator clock', () => {
    const snoozed = expected({ view: 'snoozed' });
    expect(new Set(snoozed.map((c) => c.snoozeUntil)).size).toBeGreaterThanOrEqual(10);
    // Never within the hour after the seed (no run sees them wake); in the last hour of the day, early tomorrow.
    const endOfDay = Math.max(Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000, now + 2 * 3_600_000);
    expect(snoozed.filter((c) => c.snoozeUntil! > now + 3_000_000 && c.snoozeUntil! < endOfDay).length).toBeGreaterThanOrEqual(2);
  });
});
