import { describe, expect, it } from 'vitest';
import { parseFaultRun } from '../../../bench/reply';

describe("the reply bench reads the fault run's figures from the line the contract test prints", () => {
  it('takes ours before the bar and the naive client after it', () => {
    const line =
      'reply exactly-once: replies=300 once=300 missing=0 doubled=0 sendCalls=327 lateApplied=32 appliedThen502=31 503=21 drops=33 429s=7 ' +
      'readBacks=94 readBackHits=69 appliedBeforeStop=102 durationMs=17398 | naive: replies=300 attempts=1126 doubledMessages=57 extraCopies=69';
    expect(parseFaultRun(line)).toEqual({
      replies: 300, once: 300, missing: 0, doubled: 0, sendCalls: 327, readBacks: 94, readBackHits: 69, durationMs: 17398,
      naiveAttempts: 1126, naiveDoubled: 57, naiveExtraCopies: 69,
    });
  });
  it('refuses a line without its figures', () => {
    expect(parseFaultRun('reply exactly-once: replies=300')).toBeNull();
    expect(() => parseFaultRun('replies=300 | naive: attempts=1')).toThrow(/no once/);
  });
});
