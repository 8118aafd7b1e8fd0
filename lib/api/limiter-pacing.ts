/**
 * When the rate limiter's next call of a class may go (`rate-limiter.ts`): the sliding log against
 * the service's limit and the learned rate, the share caps of the classes, the lower classes' calls
 * on the wire and the probe after a 429. Each answers the earliest time, the pause aside.
 */
import { LIMITER_PRIORITIES, type LimiterPriority } from './priority';
import type { LimiterCore } from './limiter-memory';
import { congested, learned } from './limiter-shedding';

/** Past the limit, the fewest of the user's calls a browser sends per window: one profile's look-up. */
export const USER_FLOOR_PER_WINDOW = 2;

/** Drops what no longer counts at `now`. */
export function prune(s: LimiterCore, now: number): void {
  const { windowMs, limit } = s;
  // A call counts while now - t < windowMs. Stamps far in the future can only come from a clock
  // that jumped back; left in place they would block every call until the clock caught up.
  s.calls = s.calls.filter((t) => now - t < windowMs && t - now <= windowMs);
  // Only the last `limit` calls can ever decide when the next slot frees.
  if (s.calls.length > limit) s.calls = s.calls.slice(s.calls.length - limit);
  if (s.low.length > 0) s.low = s.low.filter((t) => now - t < windowMs && t - now <= windowMs).slice(-limit);
  if (s.pausedUntil !== 0 && s.pausedUntil <= now) s.pausedUntil = 0;
  for (const p of LIMITER_PRIORITIES) {
    const log = s.classCalls[p];
    if (log.length > 0 && now - log[0]! >= windowMs) s.classCalls[p] = log.filter((t) => now - t < windowMs && t - now <= windowMs);
  }
}

/** The most calls class `p` and the classes below it may hold in a window (Infinity: no cap). */
export function capOf(s: LimiterCore, p: LimiterPriority): number {
  const share = s.shares[p];
  if (share === undefined) return Infinity;
  return Math.max(1, Math.floor(share * s.limit));
}

/** The earliest time class `q`'s cap (over the calls of `q` and the classes below it) has room. */
function underCapAt(s: LimiterCore, q: LimiterPriority, now: number): number {
  const cap = capOf(s, q);
  if (cap === Infinity) return now;
  const stamps = LIMITER_PRIORITIES.slice(LIMITER_PRIORITIES.indexOf(q)).flatMap((c) => s.classCalls[c]).sort((a, b) => a - b);
  return stamps.length < cap ? now : stamps[stamps.length - cap]! + s.windowMs;
}

/** The earliest time class `p` may go as far as caps go: its own cap and every cap above it cover it. */
export function capSlotAt(s: LimiterCore, p: LimiterPriority, now: number): number {
  const covering = LIMITER_PRIORITIES.slice(0, LIMITER_PRIORITIES.indexOf(p) + 1);
  return Math.max(now, ...covering.map((q) => underCapAt(s, q, now)));
}

/** The earliest time the log lets a call of class `p` go, the pause aside (assumes a pruned log). */
export function logSlotAt(s: LimiterCore, p: LimiterPriority, now: number): number {
  const { calls, limit, windowMs, rate } = s;
  const atLimit = calls.length >= limit ? (calls[calls.length - limit] ?? now) + windowMs : now;
  if (!learned(s, p)) {
    if (!congested(s, now)) return atLimit;
    // Past the limit the user's calls wait for the learned rate too, ahead of everything else
    // (rounded: a rate of 1.9 held to one call a window leaves the key idle), never under the two
    // calls that show a profile (its lead, then its conversations).
    const max = Math.max(USER_FLOOR_PER_WINDOW, Math.round(rate));
    return Math.max(atLimit, calls.length >= max ? (calls[calls.length - max] ?? now) + windowMs : now);
  }
  // Past the limit: under one call per window, one every window ÷ rate (exponential between probes).
  if (rate < 1) return Math.max(atLimit, s.lastLowAt + windowMs / rate);
  // The learned rate counts every call of the window: the work it holds gets what the others left.
  // Its share caps count every call too (not only their own classes'): a browser alone learns the
  // whole key, and list work filling its 60% on top of the user's calls would leave the profile
  // the user just opened waiting for the service's limit (the browse trace: 30 list calls and 20 of
  // the user's in a window, the next first visit held for a second).
  // Until the key pushes back, though, nothing says the user's calls compete with anybody's: the
  // rate and caps then count the learned classes' own calls, and the service's limit the rest.
  const ceiling = Math.min(...LIMITER_PRIORITIES.slice(0, LIMITER_PRIORITIES.indexOf(p) + 1).map((q) => capOf(s, q)));
  const max = Math.max(1, Math.floor(Math.min(rate, ceiling)));
  const own = s.starting && !s.aimd!.freshCountsEveryCall;
  const counted = own ? s.low : calls;
  const atRate = counted.length >= max ? (counted[counted.length - max] ?? now) + windowMs : now;
  return own ? Math.max(atLimit, atRate) : atRate;
}

/** When a call of class `p` may go as far as calls on the wire go: now, or at the latest when the oldest stops counting. */
export function inFlightSlotAt(s: LimiterCore, p: LimiterPriority, now: number): number {
  const { aimd, windowMs } = s;
  if (!aimd || !learned(s, p)) return now;
  if (s.inFlight.length > 0 && now - s.inFlight[0]!.at >= windowMs) s.inFlight = s.inFlight.filter((f) => now - f.at < windowMs);
  const lower = s.inFlight.filter((f) => f.lower);
  return lower.length < (typeof aimd.lowInFlight === 'function' ? aimd.lowInFlight() : aimd.lowInFlight) ? now : lower[0]!.at + windowMs;
}

/** After a 429: now while no probe is on the wire, else when it stops counting (a window at most). */
export function probeSlotAt(s: LimiterCore, now: number): number {
  if (s.probeSince === null) return now;
  const since = s.probeSince;
  const probe = s.inFlight.find((f) => f.at > since && now - f.at < s.windowMs);
  return probe ? probe.at + s.windowMs : now;
}
