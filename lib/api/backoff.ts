// Retry timing: exponential backoff with full jitter, capped; a server's Retry-After always wins.

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Upper bound of the first delay. */
  baseMs: number;
  /** No computed delay exceeds this. */
  capMs: number;
  /** Uniform in [0, 1). */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseMs: 500,
  capMs: 8_000,
  random: Math.random,
};

/** A Retry-After is honoured up to 10 minutes: a longer one is a misconfigured server, not a wait. */
export const MAX_RETRY_AFTER_MS = 600_000;

/**
 * Delay before the attempt following failed attempt number `attempt` (1-based): Retry-After when
 * the server gave one (at most `MAX_RETRY_AFTER_MS`), else a uniform draw in [0, min(capMs, baseMs * 2^(attempt-1))].
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, retryAfterSeconds?: number): number {
  if (retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0) {
    return Math.min(MAX_RETRY_AFTER_MS, Math.round(retryAfterSeconds * 1000));
  }
  const exp = Math.max(0, attempt - 1);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(exp, 30));
  return Math.floor(policy.random() * ceiling);
}

/**
 * Seconds to wait from a Retry-After header: delta-seconds, or an HTTP date relative to `nowMs`.
 * Undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its day and month; V8 would otherwise read '-3' as a year.
  if (!/[A-Za-z]{3}/.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}
