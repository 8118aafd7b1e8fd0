import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('accepts 50 calls in 10 s and refuses the 51st with the wait in whole seconds', () => {
    const rl = new RateLimiter();
    for (let i = 0; i < 50; i++) expect(rl.take('k', 1_000 + i * 10)).toEqual({ ok: true });
    // Oldest call at 1000 leaves the window at 11000: from 1600 that is 9.4 s, so 10 whole seconds.
    expect(rl.take('k', 1_600)).toEqual({ ok: false, retryAfterSeconds: 10 });
  });

  it('frees a slot once the oldest call leaves the rolling window', () => {
    const rl = new RateLimiter();
    for (let i = 0; i < 50; i++) rl.take('k', i);
    expect(rl.take('k', 10_000).ok).toBe(true);
    expect(rl.take('k', 10_000).ok).toBe(false);
  });

  it('counts each key on its own', () => {
    const rl = new RateLimiter();
    for (let i = 0; i < 50; i++) rl.take('a', 0);
    expect(rl.take('a', 0).ok).toBe(false);
    expect(rl.take('b', 0).ok).toBe(true);
  });

  it('honours a custom limit', () => {
    const rl = new RateLimiter();
    const cfg = { calls: 2, windowMs: 3_000 };
    expect(rl.take('k', 0, cfg).ok).toBe(true);
    expect(rl.take('k', 0, cfg).ok).toBe(true);
    expect(rl.take('k', 500, cfg)).toEqual({ ok: false, retryAfterSeconds: 3 });
  });
});
