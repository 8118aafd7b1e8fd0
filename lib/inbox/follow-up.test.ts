import { describe, expect, it } from 'vitest';
import { followUpMorning, followUpSnooze, followUpVerdict, type FollowUpMark } from './follow-up';

const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();

describe('a follow-up on send', () => {
  it('snoozes until 09:00 of the user’s day N days after the reply landed', () => {
    const landed = at(2026, 12, 6, 2, 24);
    expect(followUpSnooze({ kind: 'reply', remindInDays: 3 }, landed)).toEqual({ until: at(2026, 12, 9, 9) });
    // Late in the evening too: the morning of the day N days on, not N × 24 h.
    expect(followUpMorning(at(2026, 12, 6, 23, 50), 1)).toBe(at(2026, 12, 7, 9));
    // Across a month's end.
    expect(followUpMorning(at(2026, 11, 29, 10), 3)).toBe(at(2026, 12, 2, 9));
  });
  it('asks nothing for a reply without it, or another action', () => {
    expect(followUpSnooze({ kind: 'reply' }, 1_000)).toBeNull();
    expect(followUpSnooze({ kind: 'archive', remindInDays: 3 }, 1_000)).toBeNull();
  });
});

describe('what a conversation read makes of a follow-up the product set', () => {
  const mark: FollowUpMark = { conversationId: 'c1', leadId: 'l1', profileUrl: null, until: 10_000_000, setAt: 1_000 };
  const snoozed = { status: 'SNOOZED' as const, snoozeUntil: 10_000_000, lastMessageStatus: 'SENT' as const, lastMessageAt: 1_000 };
  const now = 5_000;
  it('the lead answered while our snooze holds it: take it back', () => {
    expect(followUpVerdict(mark, { ...snoozed, lastMessageStatus: 'RECEIVED', lastMessageAt: 2_000 }, now)).toBe('unsnooze');
    // The service's date rounded to the second is still ours.
    expect(followUpVerdict(mark, { ...snoozed, snoozeUntil: 10_000_400, lastMessageStatus: 'RECEIVED', lastMessageAt: 2_000 }, now)).toBe('unsnooze');
  });
  it('no answer yet, or the one before our reply: keep waiting', () => {
    expect(followUpVerdict(mark, snoozed, now)).toBe('keep');
    expect(followUpVerdict(mark, { ...snoozed, lastMessageStatus: 'RECEIVED', lastMessageAt: 500 }, now)).toBe('keep');
  });
  it('answered before our snooze landed (still open): kept, so that the snooze is taken back once it lands', () => {
    expect(followUpVerdict(mark, { ...snoozed, status: 'OPEN', snoozeUntil: null, lastMessageStatus: 'RECEIVED', lastMessageAt: 2_000 }, now)).toBe('keep');
  });
  it('a snooze set by hand to another date, an archive, or the date passed: forgotten, left as it is', () => {
    expect(followUpVerdict(mark, { ...snoozed, snoozeUntil: 20_000_000, lastMessageStatus: 'RECEIVED', lastMessageAt: 2_000 }, now)).toBe('forget');
    expect(followUpVerdict(mark, { ...snoozed, status: 'ARCHIVED', lastMessageStatus: 'RECEIVED', lastMessageAt: 2_000 }, now)).toBe('forget');
    expect(followUpVerdict(mark, snoozed, 10_000_000)).toBe('forget');
  });
});
