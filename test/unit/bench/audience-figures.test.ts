import { describe, expect, it } from 'vitest';
import { earliestLanded, parseAudienceFaultRun } from '../../../bench/this-page';

describe('This page bench figures', () => {
  it('reads the fault run line; a missing figure is an error', () => {
    const line =
      'this-page exactly-once: adds=200 inAudience=200 duplicates=0 missing=0 addCalls=206 readBacks=39 readBackHits=30 durationMs=15393 | naive: attempts=361 inAudience=200 duplicates=0 wrongResults=15';
    expect(parseAudienceFaultRun(line)).toEqual({
      adds: 200, inAudience: 200, duplicates: 0, missing: 0, addCalls: 206, readBacks: 39, readBackHits: 30, durationMs: 15393,
      naiveAttempts: 361, naiveInAudience: 200, naiveDuplicates: 0, naiveWrongResults: 15,
    });
    expect(parseAudienceFaultRun('this-page exactly-once: adds=200')).toBeNull();
    expect(() => parseAudienceFaultRun('adds=200 | naive: attempts=1')).toThrow(/no inAudience/);
  });

  it('the earliest 25 adds can all go: at once under the list share, else when the look-ups leave the 10 s window', () => {
    // No list work before: 25 under the share of 30, at the press (plus the round trip).
    expect(earliestLanded([], 1_000, 25, 100)).toBe(100);
    // 25 look-ups at 0: 5 slots left; the 6th add waits for the first look-up to leave the window.
    expect(earliestLanded(Array.from({ length: 25 }, () => 0), 1_000, 25, 100)).toBe(10_000 + 1 - 1_000 + 100);
  });
});
