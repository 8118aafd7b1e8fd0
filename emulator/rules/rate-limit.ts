/**
 * Spec §8: 50 calls per rolling 10 seconds per API key; the excess gets 429 with `Retry-After` in
 * whole seconds. Counted on the emulator clock; only accepted calls take a slot, so a client that
 * waits `Retry-After` seconds is sure to get through.
 */
export interface RateLimitConfig {
  calls: number;
  windowMs: number;
}

export const SERVICE_RATE_LIMIT: RateLimitConfig = { calls: 50, windowMs: 10_000 };

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly calls = new Map<string, number[]>();

  /** Takes a slot for `key` at `now`, or says how long to wait. */
  take(key: string, now: number, config: RateLimitConfig = SERVICE_RATE_LIMIT): RateDecision {
    const since = now - config.windowMs;
    const kept = (this.calls.get(key) ?? []).filter((t) => t > since && t <= now);
    if (kept.length >= config.calls) {
      this.calls.set(key, kept);
      // The call at index length-calls must leave the window before one more fits.
      const blocking = kept[kept.length - config.calls] ?? now;
      const waitMs = blocking + config.windowMs - now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    kept.push(now);
    this.calls.set(key, kept);
    return { ok: true };
  }

  reset(): void {
    this.calls.clear();
  }
}
