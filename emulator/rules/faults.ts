/**
 * Injected faults for tests and demos (`POST /_emulator/faults`): added latency, a share of 5xx
 * answers, a share of dropped connections (mutations among them applied late with `lateApplyMs`),
 * a share of mutations applied and then answered 5xx (`applyThenFailRate`, as a gateway does when
 * the service behind it succeeded), a custom rate limit, and the refusal of the mutations that name
 * a given text (`refuseMatching`). `{}` clears them all.
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
  /**
   * A share of mutations the service applies and then answers 502 for, as a gateway does when the
   * service behind it succeeded but the answer was lost: a client that resends blindly doubles it.
   * Reads are never struck by it.
   */
  applyThenFailRate: z.number().min(0).max(1).optional(),
  rateLimit: z
    .strictObject({ calls: z.number().int().min(1), windowMs: z.number().int().min(1) })
    .optional(),
  /**
   * A mutation whose body contains this text is refused for good (422, nothing applied): one chosen
   * person of a batch refused, for tests and screenshots of a refusal.
   */
  refuseMatching: z.string().min(1).max(500).optional(),
});
export type Faults = z.infer<typeof FaultsBody>;

export type FaultOutcome = 'drop' | 'error' | 'apply-then-fail' | 'pass';

/** What happens to one API call: dropped first, then failed, then (a mutation) applied and failed, else served. */
export function faultOutcome(faults: Faults, random: () => number, method = 'GET'): FaultOutcome {
  if (faults.dropRate !== undefined && faults.dropRate > 0 && random() < faults.dropRate) return 'drop';
  if (faults.errorRate !== undefined && faults.errorRate > 0 && random() < faults.errorRate) return 'error';
  if (method !== 'GET' && faults.applyThenFailRate !== undefined && faults.applyThenFailRate > 0 && random() < faults.applyThenFailRate) {
    return 'apply-then-fail';
  }
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
