/**
 * Learning a shared key's headroom without a coordinator: additive increase, multiplicative
 * decrease (as TCP congestion control does). The key's budget (50 per 10 s) belongs to the whole
 * workspace, so a browser cannot know how much of it its teammates use; the service's 429s tell it.
 * Each browser keeps a learned rate (calls per window): a 429 cuts it by `decrease` (at most once
 * per window: the 429s of one burst are one signal), and every call that goes through raises it a
 * little (`increasePerWindow` per window's worth of calls), never above the service's limit.
 * Jitter on both moves keeps browsers that saw the same 429 from moving in step.
 * Pure: the limiter (`rate-limiter.ts`) owns the clock and the state.
 */

export interface AimdOptions {
  /** Never below this many calls per window (a browser alone must not starve itself). */
  minRate?: number;
  /** Factor applied to the rate on a 429. */
  decrease?: number;
  /** Calls per window added to the rate for each window's worth of accepted calls. */
  increasePerWindow?: number;
  /** Relative jitter (0..1) on each move. */
  jitter?: number;
  /** Uniform in [0, 1). */
  random?: () => number;
}

export type AimdConfig = Required<AimdOptions>;

/**
 * Tuned with the team benchmark (bench/team.ts): ten busy browsers on one key. A faster increase
 * makes the team overshoot the key's budget more often (each overshoot costs 429s); a browser alone
 * needs far less than the budget, so a slow climb back costs it nothing.
 */
export const DEFAULT_AIMD: Omit<AimdConfig, 'random'> = { minRate: 2, decrease: 0.5, increasePerWindow: 0.1, jitter: 0.2 };

export function aimdConfig(opts: AimdOptions = {}): AimdConfig {
  const c = { ...DEFAULT_AIMD, random: Math.random, ...opts };
  if (!(c.minRate >= 1)) throw new RangeError('minRate must be at least 1');
  if (!(c.decrease > 0 && c.decrease < 1)) throw new RangeError('decrease must be in (0, 1)');
  if (!(c.increasePerWindow > 0)) throw new RangeError('increasePerWindow must be positive');
  if (!(c.jitter >= 0 && c.jitter < 1)) throw new RangeError('jitter must be in [0, 1)');
  return c;
}

/** A factor in [1 - jitter, 1 + jitter). */
function jittered(c: AimdConfig): number {
  return 1 + c.jitter * (2 * c.random() - 1);
}

/** The rate after a 429. */
export function decreased(rate: number, c: AimdConfig): number {
  return Math.max(c.minRate, rate * c.decrease * jittered(c));
}

/** The rate after one accepted call: a window's worth of them (`rate` calls) adds `increasePerWindow`. */
export function increased(rate: number, limit: number, c: AimdConfig): number {
  return Math.min(limit, rate + (c.increasePerWindow * jittered(c)) / Math.max(rate, 1));
}

/** The rate restored from storage: a number in [minRate, limit], else the service's limit. */
export function sanitizedRate(rate: unknown, limit: number, c: AimdConfig): number {
  return typeof rate === 'number' && Number.isFinite(rate) ? Math.min(limit, Math.max(c.minRate, rate)) : limit;
}

/**
 * How many calls class cap `share` allows in a window at the learned `rate`. Lower classes shed
 * first: what the rate lost below the service's `limit` comes out of the capped (list, idle) budget
 * before it touches anything else, down to one call per window so list work still moves.
 */
export function shareCap(share: number, rate: number, limit: number): number {
  return Math.max(1, Math.floor(share * limit - (limit - rate)));
}

/** A random pause extension in [0, jitter × windowMs): browsers throttled together resume apart. */
export function pauseJitterMs(windowMs: number, c: AimdConfig): number {
  return Math.floor(c.random() * c.jitter * windowMs);
}
