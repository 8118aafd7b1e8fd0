import { describe, expect, it } from 'vitest';
import { createWakeAlarm } from './wake-alarm';

describe('createWakeAlarm', () => {
  it('sets the alarm at the earliest time any part needs, and clears it once none needs one', () => {
    const set: (number | null)[] = [];
    const alarm = createWakeAlarm<'outbox' | 'enrichments'>((at) => set.push(at));
    const outbox = alarm.for('outbox').onNextWake!;
    const enrichments = alarm.for('enrichments').onNextWake!;
    outbox(5_000);
    enrichments(2_000);
    outbox(1_000);
    outbox(null);
    enrichments(null);
    expect(set).toEqual([5_000, 2_000, 1_000, 2_000, null]);
  });

  it('gives a part no onNextWake when nothing sets an alarm', () => {
    expect(createWakeAlarm<'outbox'>(undefined).for('outbox')).toEqual({});
  });
});
