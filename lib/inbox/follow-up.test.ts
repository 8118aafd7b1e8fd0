import { describe, expect, it } from 'vitest';
import { followUpSnooze } from './follow-up';

describe('a follow-up on send', () => {
  it('snoozes until N days after the reply landed', () => {
    expect(followUpSnooze({ kind: 'reply', remindInDays: 3 }, 1_000)).toEqual({ until: 1_000 + 3 * 86_400_000 });
  });
  it('asks nothing for a reply without it, or another action', () => {
    expect(followUpSnooze({ kind: 'reply' }, 1_000)).toBeNull();
    expect(followUpSnooze({ kind: 'archive', remindInDays: 3 }, 1_000)).toBeNull();
  });
});
