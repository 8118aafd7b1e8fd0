import { describe, expect, it } from 'vitest';
import { parseRetryAfter, retryDelayMs, type RetryPolicy } from '../../../lib/api/backoff';

const policy = (random: number): RetryPolicy => ({ maxAttempts: 5, baseMs: 200, capMs: 1500, random: () => random });

describe('retryDelayMs', () => {
  it('doubles the jitter ceiling per attempt up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((a) => retryDelayMs(a, policy(0.999999)))).toEqual([199, 399, 799, 1499, 1499]);
  });

  it('draws uniformly below the ceiling (full jitter)', () => {
    expect(retryDelayMs(3, policy(0))).toBe(0);
    expect(retryDelayMs(3, policy(0.25))).toBe(200);
  });

  it('lets Retry-After win, beyond the cap too', () => {
    expect(retryDelayMs(1, policy(0.5), 2)).toBe(2000);
    expect(retryDelayMs(4, policy(0.5), 30)).toBe(30_000);
    expect(retryDelayMs(1, policy(0.5), 0)).toBe(0);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2030, 0, 1, 12, 0, 0);
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });
  it('reads an HTTP date relative to now', () => {
    expect(parseRetryAfter(new Date(now + 4500).toUTCString(), now)).toBe(4);
    expect(parseRetryAfter(new Date(now - 10_000).toUTCString(), now)).toBe(0);
  });
  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
  });
});
