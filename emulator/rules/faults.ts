/**
 * Injected faults for tests and demos (`POST /_emulator/faults`): added latency, a share of 5xx
 * answers, a share of dropped connections, and a custom rate limit. `{}` clears them all.
 */
import { z } from 'zod';
import type { RateLimitConfig } from './rate-limit';

export const FaultsBody = z.strictObject({
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  errorRate: z.number().min(0).max(1).optional(),
  dropRate: z.number().min(0).max(1).optional(),
  rateLimit: z
    .strictObject({ calls: z.number().int().min(1), windowMs: z.number().int().min(1) })
    .optional(),
});
export type Faults = z.infer<typeof FaultsBody>;

export type FaultOutcome = 'drop' | 'error' | 'pass';

/** What happens to one API call: dropped first, then failed, else served. */
export function faultOutcome(faults: Faults, random: () => number): FaultOutcome {
  if (faults.dropRate !== undefined && faults.dropRate > 0 && random() < faults.dropRate) return 'drop';
  if (faults.errorRate !== undefined && faults.errorRate > 0 && random() < faults.errorRate) return 'error';
  return 'pass';
}

export function effectiveRateLimit(faults: Faults, base: RateLimitConfig): RateLimitConfig {
  return faults.rateLimit ?? base;
}
