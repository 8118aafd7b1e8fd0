/**
 * Learning a shared key's headroom without a coordinator: additive increase, multiplicative
 * decrease (as TCP congestion control does). The key's budget (50 per 10 s) belongs to the whole
 * workspace, so a browser cannot know how much of it its teammates use; the service's 429s tell it.
 * Each browser keeps a learned rate (calls per window of the work that sheds first): a 429 cuts
 * what it used by `decrease` (at most once per window: the 429s of one burst are one signal), and
 * every call that goes through while the rate held calls back raises it a little
 * (`increasePerWindow` per window's worth of calls), never above the service's limit.
 * Jitter on both moves keeps browsers that saw the same 429 from moving in step.
 * Pure: the limiter (`rate-limiter.ts`) owns the clock and the state.
 */

export interface AimdOptions {
  /**
   * The floor of the rate, calls per window: below one when the key is past its limit (a team whose
   * demand exceeds it). Each cut halves the rate, and a rate under one spaces the calls it holds by
   * `window ÷ rate` (2, 4, 8 windows ...): exponential backoff between probes, as TCP's
   * retransmission timer does, down to one call per `window ÷ minRate`.
   */
  minRate?: number;
  /**
   * Once the key has pushed back, work of the learned classes that would wait longer than this for
   * its slot is shed (rejected with `ShedError`): a badge not shown rather than a badge late.
   */
  shedAfterMs?: number;
  /**
   * How long after the key's last pushback that shedding lasts. A key that has refused nothing
   * since (a team's morning on what it learned yesterday) is not known to be past its limit: its
   * lists wait for the learned rate, late rather than not shown.
   */
  shedForMs?: number;
  /**
   * Measure list work against every call of the window even before the key has pushed back (the
   * limiter before issue 25, kept for the team benchmark's side-by-side run): a fresh browser's
   * lists then wait for the user's own calls to leave the window.
   */
  freshCountsEveryCall?: boolean;
  /**
   * Past the limit, the user's own calls too (off by default: Infinity). Once the key has pushed back
   * in this many windows within `shedForMs`, every class waits for the learned rate, the user's
   * first, never under two calls a window (one profile's look-up), and goes on waiting while the rate
   * holds them back (ending it on a clock sends every paced teammate's queue into the same window).
   * Measured (issue 25, `bench/results.md`): twenty busy teammates see about a quarter of the 429s,
   * but ten fresh installs, whose demand fits the key once the first window's burst is over, see a
   * third fewer profiles and wait five times longer for them: a browser cannot tell a passing burst
   * from a team that asks more than the key has before its users pay for the difference.
   */
  paceUsersAfterPushbacks?: number;
  /** Factor applied to the rate on a 429. */
  decrease?: number;
  /** Calls per window added to the rate for each window's worth of accepted calls. */
  increasePerWindow?: number;
  /** Relative jitter (0..1) on each move. */
  jitter?: number;
  /**
   * The rate of a browser that has learned nothing yet, as a share of the service's limit: it then
   * doubles each window in which it bound: held calls back or was used to its last slot (slow start, one call per call accepted) until
   * the first 429, so that a team installing at once does not all start at the whole key.
   */
  initialShare?: number;
  /**
   * The calls of the learned classes (list, idle) that may be on the wire at once. The learned rate
   * and slow start decide how many go per window; this only bounds how many answers are pending.
   * 5, as many as the connection gate lets them hold (`connections.ts`): a cold page of 10 badges
   * takes 3 round trips (5, 5, then the conversation search), where a tenth of the rate (1 or 2 on
   * the wire) took 11 (the lists benchmark: 1145 ms at 80 ms latency). The cost is on a full key:
   * up to 5 list calls sent before the first 429 comes back instead of 1; the team benchmark's 429s
   * did not grow with it (26 against 30 in a 60 s run side by side), and after a 429 a single probe
   * goes first (`rate-limiter.ts`). A function is read at each decision: the worker passes the cap
   * of the connection its answers come over (`transport.ts`: 5 under HTTP/1.1, 10 multiplexed, where
   * a page's 10 look-ups go together and the page takes two round trips).
   */
  lowInFlight?: number | (() => number);
  /** Uniform in [0, 1). */
  random?: () => number;
}

export type AimdConfig = Required<AimdOptions>;

/**
 * Tuned with the team benchmark (bench/team.ts): ten busy browsers on one key. A faster increase
 * makes the team overshoot the key's budget more often (each overshoot costs 429s); a browser alone
 * needs far less than the budget, so a slow climb back costs it nothing.
 */
export const DEFAULT_AIMD: Omit<AimdConfig, 'random'> = { minRate: 1 / 8, shedAfterMs: 3_000, shedForMs: 60_000, freshCountsEveryCall: false, paceUsersAfterPushbacks: Infinity, decrease: 0.5, increasePerWindow: 0.05, jitter: 0.2, initialShare: 0.1, lowInFlight: 5 };

export function aimdConfig(opts: AimdOptions = {}): AimdConfig {
  const c = { ...DEFAULT_AIMD, random: Math.random, ...opts };
  if (!(c.minRate > 0)) throw new RangeError('minRate must be positive');
  if (!(c.shedAfterMs >= 0)) throw new RangeError('shedAfterMs must be at least 0');
  if (!(c.shedForMs >= 0)) throw new RangeError('shedForMs must be at least 0');
  if (!(c.paceUsersAfterPushbacks >= 1)) throw new RangeError('paceUsersAfterPushbacks must be at least 1 (Infinity: never)');
  if (!(c.decrease > 0 && c.decrease < 1)) throw new RangeError('decrease must be in (0, 1)');
  if (!(c.increasePerWindow > 0)) throw new RangeError('increasePerWindow must be positive');
  if (!(c.jitter >= 0 && c.jitter < 1)) throw new RangeError('jitter must be in [0, 1)');
  if (!(c.initialShare > 0 && c.initialShare <= 1)) throw new RangeError('initialShare must be in (0, 1]');
  if (typeof c.lowInFlight === 'number' && !(Number.isInteger(c.lowInFlight) && c.lowInFlight >= 1)) throw new RangeError('lowInFlight must be a positive integer');
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

/** Slow start: the rate after one accepted call while nothing was learned yet (a window's worth doubles it). */
export function slowStarted(rate: number, limit: number): number {
  return Math.min(limit, rate + 1);
}

/** The rate of a browser that learned nothing yet: at least one call per window (the floor is for a key that pushed back). */
export function initialRate(limit: number, c: AimdConfig): number {
  return Math.max(1, c.minRate, Math.min(limit, limit * c.initialShare));
}

/** The rate restored from storage: a number in [minRate, limit], else null (nothing learned). */
export function sanitizedRate(rate: unknown, limit: number, c: AimdConfig): number | null {
  return typeof rate === 'number' && Number.isFinite(rate) ? Math.min(limit, Math.max(c.minRate, rate)) : null;
}

/**
 * A random pause extension in [0, jitter × half a window): browsers throttled together resume
 * apart, and the profile on screen is not held much longer than the service asked.
 */
export function pauseJitterMs(windowMs: number, c: AimdConfig): number {
  return Math.floor((c.random() * c.jitter * windowMs) / 2);
}

