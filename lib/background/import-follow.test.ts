import { describe, expect, it } from 'vitest';
import { FOLLOW_FIRST_MS, FOLLOW_MAX_DELAY_MS, FOLLOW_MAX_MS, FOLLOW_NO_START_MS, followRead, startFollow, type FollowState } from './import-follow';

/** Reads `sizes` one after the other, each after the wait the rule asked for; the steps taken. */
function follow(sizes: number[], target: number | null, start: FollowState = startFollow(0, 0)) {
  let state = start;
  let now = 0;
  const steps = [];
  for (const size of sizes) {
    now += state.delayMs;
    const step = followRead(state, size, now, target);
    steps.push({ ...step, at: now });
    state = step.state;
    if (step.done) break;
  }
  return steps;
}

describe('following an import', () => {
  it('waits 2 s, doubling to 30 s while nothing grows, and holds the wait while it grows', () => {
    const steps = follow([0, 0, 0, 0, 0, 10, 20], null);
    expect(steps.map((s) => s.state.delayMs)).toEqual([4_000, 8_000, 16_000, FOLLOW_MAX_DELAY_MS, FOLLOW_MAX_DELAY_MS, FOLLOW_MAX_DELAY_MS, FOLLOW_MAX_DELAY_MS]);
    expect(steps[0]!.at).toBe(FOLLOW_FIRST_MS);
    expect(steps.map((s) => s.grew)).toEqual([false, false, false, false, false, true, true]);
  });

  it('stops once the audience holds the count the page stated', () => {
    const steps = follow([10, 20, 30, 40, 47, 50], 47);
    expect(steps).toHaveLength(5);
    expect(steps.at(-1)!.done).toBe(true);
  });

  it('without a count, stops after three reads in a row without growth', () => {
    const steps = follow([10, 20, 20, 20, 20, 20], null);
    expect(steps.map((s) => s.done)).toEqual([false, false, false, false, true]);
  });

  it('counts from the size when pressed: an existing audience of 30 gaining 0 is not growth', () => {
    const steps = follow([30, 30, 35], 35, startFollow(30, 0));
    expect(steps.map((s) => s.grew)).toEqual([false, false, true]);
    expect(steps.at(-1)!.done).toBe(true);
  });

  it('an import that never starts is given up after 10 minutes; any import after 2 hours', () => {
    const never = follow(Array(100).fill(0), null);
    expect(never.at(-1)!.done).toBe(true);
    expect(never.at(-1)!.at).toBeGreaterThanOrEqual(FOLLOW_NO_START_MS);
    expect(never.at(-1)!.at).toBeLessThan(FOLLOW_NO_START_MS + FOLLOW_MAX_DELAY_MS);
    const slow = follow(Array.from({ length: 4000 }, (_, i) => i + 1), null);
    expect(slow.at(-1)!.done).toBe(true);
    expect(slow.at(-1)!.at).toBeGreaterThanOrEqual(FOLLOW_MAX_MS);
  });

  it('a smaller size (people removed meanwhile) is no growth and does not lower the mark', () => {
    const [step] = follow([5], null, { ...startFollow(10, 0) });
    expect(step!.grew).toBe(false);
    expect(step!.state.size).toBe(10);
  });
});
