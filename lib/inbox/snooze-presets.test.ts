import { describe, expect, it } from 'vitest';
import {
  fromDateTimeLocalValue,
  laterToday,
  nextWeek,
  snoozePresets,
  toDateTimeLocalValue,
  tomorrowMorning,
} from './snooze-presets';

// Dates are built and read in local time, so the assertions hold in any TZ the suite runs in.
const local = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi, 0, 0);
const parts = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];

describe('laterToday', () => {
  it('is three hours later, rounded up to the full hour', () => {
    expect(parts(laterToday(local(2025, 3, 12, 14, 20))!)).toEqual([2025, 3, 12, 18, 0]);
  });
  it('keeps an exact hour', () => {
    expect(parts(laterToday(local(2025, 3, 12, 14, 0))!)).toEqual([2025, 3, 12, 17, 0]);
  });
  it('is not offered when three hours later is tomorrow', () => {
    expect(laterToday(local(2025, 3, 12, 21, 30))).toBeNull();
  });
});

describe('tomorrowMorning', () => {
  it('is the next day at 09:00', () => {
    expect(parts(tomorrowMorning(local(2025, 3, 12, 23, 59)))).toEqual([2025, 3, 13, 9, 0]);
  });
  it('crosses a month and a year end', () => {
    expect(parts(tomorrowMorning(local(2025, 12, 31, 8, 0)))).toEqual([2026, 1, 1, 9, 0]);
  });
});

describe('nextWeek', () => {
  it('is the coming Monday at 09:00 from a Wednesday', () => {
    const d = nextWeek(local(2025, 3, 12, 10, 0)); // Wednesday
    expect(d.getDay()).toBe(1);
    expect(parts(d)).toEqual([2025, 3, 17, 9, 0]);
  });
  it('is a week later from a Monday', () => {
    expect(parts(nextWeek(local(2025, 3, 17, 8, 0)))).toEqual([2025, 3, 24, 9, 0]);
  });
  it('is the next day from a Sunday', () => {
    expect(parts(nextWeek(local(2025, 3, 16, 20, 0)))).toEqual([2025, 3, 17, 9, 0]);
  });
});

describe('snoozePresets', () => {
  it('lists the three presets soonest first, all in the future', () => {
    const now = local(2025, 3, 12, 10, 5);
    const presets = snoozePresets(now);
    expect(presets.map((p) => p.id)).toEqual(['later-today', 'tomorrow-morning', 'next-week']);
    for (const p of presets) expect(p.until.getTime()).toBeGreaterThan(now.getTime());
  });
  it('shows Monday 09:00 once on a Sunday, as "tomorrow" (issue 45)', () => {
    const presets = snoozePresets(local(2025, 3, 16, 10, 0)); // Sunday
    expect(presets.map((p) => p.id)).toEqual(['later-today', 'tomorrow-morning']);
    expect(parts(presets[1]!.until)).toEqual([2025, 3, 17, 9, 0]);
    expect(snoozePresets(local(2025, 3, 16, 22, 0)).map((p) => p.id)).toEqual(['tomorrow-morning']);
  });
  it('keeps next week apart from tomorrow on a Saturday', () => {
    expect(snoozePresets(local(2025, 3, 15, 22, 0)).map((p) => parts(p.until))).toEqual([
      [2025, 3, 16, 9, 0],
      [2025, 3, 17, 9, 0],
    ]);
  });
  it('drops later-today late in the evening', () => {
    expect(snoozePresets(local(2025, 3, 12, 22, 0)).map((p) => p.id)).toEqual(['tomorrow-morning', 'next-week']);
  });
});

describe('datetime-local values', () => {
  it('round-trips a local date', () => {
    const d = local(2025, 7, 4, 9, 30);
    expect(toDateTimeLocalValue(d)).toBe('2025-07-04T09:30');
    expect(fromDateTimeLocalValue('2025-07-04T09:30')?.getTime()).toBe(d.getTime());
  });
  it('accepts seconds and rejects malformed or impossible values', () => {
    expect(fromDateTimeLocalValue('2025-07-04T09:30:15')?.getSeconds()).toBe(15);
    expect(fromDateTimeLocalValue('')).toBeNull();
    expect(fromDateTimeLocalValue('tomorrow')).toBeNull();
    expect(fromDateTimeLocalValue('2025-02-30T09:00')).toBeNull();
  });
});
