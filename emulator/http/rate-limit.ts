/**
 * The rate limit (spec §8, rules/rate-limit.ts): 429 with `Retry-After` in whole seconds. Counted
 * after the key (a 401 takes no slot) and before the plan gate (a Starter key's 403s count), at
 * the instant the call history records, so the history alone proves the limit was kept
 * (scripts/load-test.ts checks it window by window).
 */
import { createMiddleware } from 'hono/factory';
import type { EmulatorCore } from '../core';
import { effectiveRateLimit } from '../rules/faults';
import { SERVICE_RATE_LIMIT } from '../rules/rate-limit';
import type { ApiEnv } from './env';
import { HttpError } from './errors';

export function rateLimit(core: EmulatorCore) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const limit = effectiveRateLimit(core.faults, SERVICE_RATE_LIMIT);
    const decision = core.limiter.take(c.get('apiKey') ?? '', c.get('at'), limit);
    if (!decision.ok) {
      const wait = decision.retryAfterSeconds;
      throw new HttpError(
        429,
        `Rate limit exceeded: at most ${limit.calls} calls per ${limit.windowMs / 1000} seconds; retry in ${wait} s.`,
        { retryAfter: wait },
        { 'Retry-After': String(wait) },
      );
    }
    await next();
  });
}
