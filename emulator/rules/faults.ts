/**
 * Injected faults for tests and demos (`POST /_emulator/faults`): added latency, a share of 5xx
 * answers, a share of dropped connections (mutations among them applied late with `lateApplyMs`),
 * and a custom rate limit. `{}` clears them all.
 */
import { z } from 'zod';
import type { RateLimitConfig } from './rate-limit';

export const FaultsBody = z.strictObject({
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  errorRate: z.number().min(0).max(1).optional(),
  dropRate: z.number().min(0).max(1).optional(),
  /**
   * A mutation whose connection is dropped is applied anyway, a random 0..lateApplyMs later (as a
   * real server may finish a request whose client has gone). Reads are dropped as before.
   */
  lateApplyMs: z.number().int().min(0).max(120_000).optional(),
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

/** How long after its dropped connection a mutation is applied, or null: not at all. */
export function lateApplyDelay(faults: Faults, method: string, random: () => number): number | null {
  if (!faults.lateApplyMs || method === 'GET') return null;
  return Math.floor(random() * faults.lateApplyMs);
}

export function effectiveRateLimit(faults: Faults, base: RateLimitConfig): RateLimitConfig {
  return faults.rateLimit ?? base;
}
