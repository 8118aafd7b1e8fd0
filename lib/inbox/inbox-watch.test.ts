import { describe, expect, it } from 'vitest';
import { mineFirst, waitingDelta, watchDiff, type WatchedConversation, type WatchState } from './inbox-watch';

const facts = (status: 'OPEN' | 'SNOOZED' | 'ARCHIVED', replied = true) => ({ status, lastMessageStatus: 'RECEIVED', leadReplied: replied, lastMessageAt: 1, read: true });

describe('waitingDelta', () => {
  it.each([
    ['archive', facts('OPEN'), undefined, -1],
    ['snooze', facts('OPEN'), 5, -1],
    ['unarchive', facts('ARCHIVED'), undefined, 1],
    ['unsnooze', facts('SNOOZED'), undefined, 1],
    ['archive', facts('SNOOZED'), undefined, 0],
    ['archive', facts('OPEN', false), undefined, 0],
    ['note', facts('OPEN'), undefined, 0],
    ['reply', facts('OPEN'), undefined, -1],
    ['reply', facts('SNOOZED'), undefined, 0],
    ['archive', undefined, undefined, 0],
  ] as const)('%s of %j moves the waiting count by %i', (kind, before, until, delta) => {
    expect(waitingDelta(before, kind, until)).toBe(delta);
  });
});

const conv = (id: string, lastMessageAt: number | null, status: WatchedConversation['status'] = 'OPEN', snoozeUntil: number | null = null): WatchedConversation => ({
  id,
  leadId: `lead_${id}`,
  status,
  lastMessageAt,
  snoozeUntil,
});

describe('watchDiff', () => {
  it('the first check records what it saw and tells nothing', () => {
    const { next, news } = watchDiff(null, 1000, [conv('a', 900), conv('b', 800)], [conv('s', 10, 'SNOOZED', 2000)]);
    expect(news).toEqual({ replies: [], woke: [] });
    expect(next).toEqual({ at: 1000, newestReplyAt: 900, seenAtNewest: ['a'], snoozes: [{ id: 's', leadId: 'lead_s', until: 2000 }] });
  });

  it('a reply newer than the last check is news; the ones seen are not', () => {
    const first = watchDiff(null, 1000, [conv('a', 900)], []).next;
    const { news, next } = watchDiff(first, 2000, [conv('c', 1500), conv('a', 900)], []);
    expect(news.replies.map((c) => c.id)).toEqual(['c']);
    expect(watchDiff(next, 3000, [conv('c', 1500), conv('a', 900)], []).news.replies).toEqual([]);
  });

  it('a reply of the same instant as the newest seen, not seen itself, is news', () => {
    const first = watchDiff(null, 1000, [conv('a', 900)], []).next;
    expect(watchDiff(first, 2000, [conv('a', 900), conv('b', 900)], []).news.replies.map((c) => c.id)).toEqual(['b']);
  });

  it('after an empty view, an old conversation coming back is no news, a reply after the check is', () => {
    const first = watchDiff(null, 1000, [], []).next;
    expect(watchDiff(first, 2000, [conv('old', 500), conv('new', 1200)], []).news.replies.map((c) => c.id)).toEqual(['new']);
  });

  it('a snooze whose date passed and that is no longer snoozed woke; one snoozed again did not', () => {
    const first = watchDiff(null, 1000, [], [conv('s1', 1, 'SNOOZED', 1500), conv('s2', 1, 'SNOOZED', 1600), conv('s3', 1, 'SNOOZED', 5000)]).next;
    const { news, next } = watchDiff(first, 2000, [], [conv('s2', 1, 'SNOOZED', 9000), conv('s3', 1, 'SNOOZED', 5000)]);
    expect(news.woke.map((s) => s.id)).toEqual(['s1']);
    expect(next.snoozes.map((s) => s.id)).toEqual(['s3', 's2']);
    expect(watchDiff(next, 3000, [], [conv('s2', 1, 'SNOOZED', 9000), conv('s3', 1, 'SNOOZED', 5000)]).news.woke).toEqual([]);
  });

  it('keeps the known snoozes when the snoozed view was not asked', () => {
    const first: WatchState = { at: 1000, newestReplyAt: null, seenAtNewest: [], snoozes: [{ id: 's', leadId: 'l', until: 1500 }, { id: 't', leadId: 'l', until: 9000 }] };
    const { news, next } = watchDiff(first, 2000, [], null);
    expect(news.woke.map((s) => s.id)).toEqual(['s']);
    expect(next.snoozes.map((s) => s.id)).toEqual(['t']);
  });
});

describe('mineFirst', () => {
  it('lists the identities the user sends as first, in the order given, and marks them', () => {
    const ids = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
    expect(mineFirst(ids, ['d', 'b']).map((i) => `${i.id}${i.mine ? '*' : ''}`)).toEqual(['b*', 'd*', 'a', 'c']);
    expect(mineFirst(ids, []).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
