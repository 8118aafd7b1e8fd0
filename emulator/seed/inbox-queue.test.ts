import { describe, expect, it } from 'vitest';
import { wakesToday } from './inbox-queue';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const at = (h: number, m = 0) => Date.UTC(2026, 10, 24, h, m);

describe('wakesToday', () => {
  it.each([
    ['the morning', at(8)],
    ['the afternoon', at(15, 30)],
    ['an hour and a half before midnight', at(22, 30)],
  ])('wakes twice later today, at least an hour after the seed, in %s', (_, now) => {
    const [a, b] = wakesToday(now);
    expect(a).toBeGreaterThanOrEqual(now + HOUR);
    expect(b).toBeGreaterThan(a);
    expect(Math.floor(b / DAY)).toBe(Math.floor(now / DAY));
  });

  it.each([at(23, 0), at(23, 59)])('within the last hour of the day, wakes early tomorrow, still an hour ahead (%s)', (now) => {
    const [a, b] = wakesToday(now);
    expect(a).toBeGreaterThanOrEqual(now + HOUR);
    expect(b).toBeGreaterThan(a);
    expect(Math.floor(a / DAY)).toBe(Math.floor(now / DAY) + 1);
  });
});
