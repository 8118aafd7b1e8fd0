import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatDateTime, formatDuration, formatDurationExact, formatShortDateTime, formatTime, formatWaited } from './format';
import { useEnglish, useFrench } from './test-i18n';

// Local times (the formatter writes the user's local time): 24 Nov 2026, 09:05 and 18:12.
const MORNING = new Date(2026, 10, 24, 9, 5).getTime();
const EVENING = new Date(2026, 10, 24, 18, 12).getTime();

describe('one date and time formatter, in the user locale', () => {
  it.each([
    ['en-US', '9:05 AM', '6:12 PM', 'Nov 24, 2026, 9:05 AM', 'Tue, Nov 24, 6:12 PM'],
    ['en-GB', '09:05', '18:12', '24 Nov 2026, 09:05', 'Tue 24 Nov, 18:12'],
    ['fr-FR', '09:05', '18:12', '24 nov. 2026, 09:05', 'mar. 24 nov., 18:12'],
    ['fr', '09:05', '18:12', '24 nov. 2026, 09:05', 'mar. 24 nov., 18:12'],
  ])('%s writes every time one way', (locale, morning, evening, dateTime, shortEvening) => {
    expect(formatTime(MORNING, locale)).toBe(morning);
    expect(formatTime(EVENING, locale)).toBe(evening);
    expect(formatDateTime(MORNING, locale)).toBe(dateTime);
    expect(formatShortDateTime(EVENING, locale)).toBe(shortEvening);
    // The time alone is the time after a date, whichever form.
    expect(formatDateTime(EVENING, locale).endsWith(evening)).toBe(true);
    expect(formatShortDateTime(MORNING, locale).endsWith(morning)).toBe(true);
  });

  it('never writes a French time the US way', () => {
    for (const text of [formatTime(EVENING, 'fr'), formatDateTime(EVENING, 'fr'), formatShortDateTime(EVENING, 'fr')]) {
      expect(text).not.toMatch(/AM|PM|\d{1,2}\/\d{1,2}\/\d{4}/);
    }
  });
});

describe('formatters built once', () => {
  it('hands out the same formatter for the same locale and options, another for others', () => {
    const a = dateTimeFormat('en-GB', { dateStyle: 'medium' });
    expect(dateTimeFormat('en-GB', { dateStyle: 'medium' })).toBe(a);
    expect(dateTimeFormat('fr', { dateStyle: 'medium' })).not.toBe(a);
    expect(dateTimeFormat('en-GB', { dateStyle: 'short' })).not.toBe(a);
    expect(a.format(MORNING)).toBe('24 Nov 2026');
  });

  it('a locale formatted before and after another keeps its own way', () => {
    const first = formatShortDateTime(EVENING, 'en-US');
    formatShortDateTime(EVENING, 'fr');
    expect(formatShortDateTime(EVENING, 'en-US')).toBe(first);
  });
});

describe('call durations as a person reads them', () => {
  it('writes anything quick as under a tenth of a second, then tenths, then whole seconds', () => {
    useEnglish();
    expect([0, 12, 99.9, 100, 412, 2349, 9949, 9950, 12_400].map((ms) => formatDuration(ms, 'en'))).toEqual([
      '< 0.1 s', '< 0.1 s', '< 0.1 s', '0.1 s', '0.4 s', '2.3 s', '9.9 s', '10 s', '12 s',
    ]);
    expect(formatDurationExact(412.4, 'en')).toBe('412 ms');
  });

  it('uses the locale\'s digits in French', () => {
    useFrench();
    expect(formatDuration(12, 'fr')).toBe('< 0,1 s');
    expect(formatDuration(412, 'fr')).toBe('0,4 s');
    expect(formatDurationExact(1412, 'fr')).toMatch(/^1\s412 ms$/);
    useEnglish();
  });
});

describe('formatWaited: the words Intl would write, without building an Intl formatter (issue 42)', () => {
  const MIN = 60_000;
  const cases = [1, 5, 59, 60, 150, 23 * 60, 24 * 60, 6 * 24 * 60, 999 * 24 * 60, 1200 * 24 * 60].map((m) => m * MIN);
  const intl = (locale: string, ms: number) => {
    const minutes = Math.max(1, Math.floor(ms / MIN));
    const [value, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 24 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / 60 / 24), 'day'];
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: unit === 'day' ? 'long' : 'short' }).format(value);
  };
  it.each([
    ['en-US', useEnglish],
    ['fr-FR', useFrench],
  ] as const)('%s', (locale, use) => {
    use(locale);
    for (const waited of cases) expect(formatWaited(0, waited, locale).replace(/\s/g, ' ')).toBe(intl(locale, waited).replace(/\s/g, ' '));
  });
});
