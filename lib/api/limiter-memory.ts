/**
 * The rate limiter's state (`rate-limiter.ts`): its call log, its pause, and what an adaptive
 * limiter learned of the key (its rate, slow start, when the key pushed back). The state is plain
 * JSON so that the background worker can persist it and a restarted worker take it over; the
 * learned rate is part of it, so a restarted worker does not rediscover it through a new round of
 * 429s, and a key's memory (`key-memory.ts`) follows the key a user switches to.
 */
import type { LimiterPriority } from './priority';
import { initialRate, sanitizedRate, type AimdConfig } from './aimd';
import { recent, type KeyMemory } from './key-memory';

export interface LimiterState {
  /** Grant times (epoch ms, ascending) of the calls still inside the window. */
  calls: number[];
  /** Epoch ms before which nobody may go (set after a 429); 0 when not paused. */
  pausedUntil: number;
  /** Adaptive limiters only: the learned rate, calls per window. */
  rate?: number;
  /** Adaptive limiters only: true while no 429 was seen yet (slow start). */
  starting?: boolean;
  /** Adaptive only: the counting stamps (ascending) of the learned classes' calls still in the window. */
  low?: number[];
  /** Adaptive only: the newest of them, kept past the window (a rate under one spaces calls by more). */
  lastLowAt?: number;
  /** Adaptive only: when the key last pushed back (a 429 that cut the rate). */
  settledAt?: number;
  /** Adaptive only: when it pushed back lately (`key-memory.ts`). */
  pushbacks?: number[];
}

/** A limiter's settings and live state, read by its pacing and shedding rules (`limiter-*.ts`). */
export interface LimiterCore {
  readonly limit: number;
  readonly windowMs: number;
  readonly aimd: AimdConfig | null;
  /** Per class, the share of `limit` (0..1] it and the classes below it may use in a window. */
  readonly shares: Partial<Record<LimiterPriority, number>>;
  calls: number[];
  pausedUntil: number;
  /** The learned rate (calls per window); the service's limit when not adaptive. */
  rate: number;
  /** Slow start: nothing learned yet, the rate doubles per window while it binds (holds calls back, or is used to its last slot). */
  starting: boolean;
  /** When the rate was last cut: one cut per window. */
  lastDecreaseAt: number;
  /**
   * When the learned rate, a cap or the calls on the wire last held a call back, or a grant took the
   * rate's last slot: the rate grows only then (a rate used below its last slot says nothing of the key).
   */
  heldBackAt: number;
  /**
   * Adaptive only: the calls granted and not completed yet (grant time, and whether of a class below
   * 'user'). The lower classes may have at most `lowInFlight` on the wire at once (as many as the
   * connection gate lets them have, `connections.ts`). A call never completed stops counting after a window.
   */
  inFlight: { at: number; lower: boolean }[];
  /**
   * Adaptive only: after a 429, the first call granted once the pause ends is a probe, and nothing
   * else goes (whatever its class) until a call granted since the 429 is accepted. Teammates
   * throttled by the same full window resume together into a window with a slot or two: one call
   * each learns whether there is room, instead of each one's whole queue costing a 429.
   */
  probeSince: number | null;
  /**
   * Adaptive only: the counting stamps of the learned classes' calls. Until the key pushes back, the
   * learned rate is measured against these alone: a lone user's own clicks never hold their lists
   * back (the issue's 8 s stall: a panel's calls filling a fresh browser's rate of 5).
   */
  low: number[];
  lastLowAt: number;
  /** Adaptive only: when the key last pushed back, and when lately (the memory of the key). */
  settledAt: number | null;
  pushbacks: number[];
  /** Adaptive only: when the learned rate last held a user's call back (`congested`). */
  usersPacedAt: number;
  /**
   * Grant times per class, for the share caps only (in memory: after a restart the shared log still
   * bounds the total, and the caps start afresh).
   */
  classCalls: Record<LimiterPriority, number[]>;
}

export function createCore(limit: number, windowMs: number, aimd: AimdConfig | null, shares: Partial<Record<LimiterPriority, number>>): LimiterCore {
  return {
    limit,
    windowMs,
    aimd,
    shares,
    calls: [],
    pausedUntil: 0,
    rate: limit,
    starting: false,
    lastDecreaseAt: -Infinity,
    heldBackAt: -Infinity,
    inFlight: [],
    probeSince: null,
    low: [],
    lastLowAt: -Infinity,
    settledAt: null,
    pushbacks: [],
    usersPacedAt: -Infinity,
    classCalls: { user: [], background: [], list: [], idle: [] },
  };
}

const sortedStamps = (xs: unknown): number[] => (Array.isArray(xs) ? xs.filter((t): t is number => typeof t === 'number' && Number.isFinite(t)).sort((a, b) => a - b) : []);

/** Restored state comes from storage: keep only sane numbers, in order. */
export function restoreState(s: LimiterCore, state: LimiterState | undefined, now: () => number): void {
  const { aimd, limit } = s;
  s.calls = sortedStamps(state?.calls);
  s.pausedUntil = Number.isFinite(state?.pausedUntil) ? (state?.pausedUntil ?? 0) : 0;
  s.low = sortedStamps(state?.low);
  s.lastLowAt = typeof state?.lastLowAt === 'number' && Number.isFinite(state.lastLowAt) ? state.lastLowAt : (s.low.at(-1) ?? -Infinity);
  const kept = aimd ? sanitizedRate(state?.rate, limit, aimd) : null;
  s.rate = aimd ? (kept ?? initialRate(limit, aimd)) : limit;
  s.starting = aimd !== null && (kept === null || state?.starting === true);
  s.settledAt = null;
  s.pushbacks = [];
  if (!aimd || s.starting) return;
  const at = now();
  // A state written before the key was remembered has a learned rate and no date: it counts from now.
  const memory = recent({ rate: s.rate, settledAt: typeof state?.settledAt === 'number' ? state.settledAt : at, pushbacks: sortedStamps(state?.pushbacks) }, at);
  if (memory) {
    s.settledAt = memory.settledAt;
    s.pushbacks = memory.pushbacks;
  } else {
    // A week without pushback: the key starts as new.
    s.rate = initialRate(limit, aimd);
    s.starting = true;
  }
}

/** The key changed: start from what this browser learned about the new one (null, or older than a week, starts as new). */
export function adoptMemory(s: LimiterCore, memory: KeyMemory | null, now: number): void {
  const { aimd, limit } = s;
  if (!aimd) return;
  const known = recent(memory, now);
  const kept = known ? sanitizedRate(known.rate, limit, aimd) : null;
  s.rate = kept ?? initialRate(limit, aimd);
  s.starting = kept === null;
  s.settledAt = kept === null ? null : known!.settledAt;
  s.pushbacks = kept === null ? [] : known!.pushbacks;
  // The old key's pause, probe and pacing say nothing of this one.
  s.usersPacedAt = -Infinity;
  s.pausedUntil = 0;
  s.probeSince = null;
  s.lastDecreaseAt = -Infinity;
}

export function snapshotOf(s: LimiterCore): LimiterState {
  return {
    calls: [...s.calls],
    pausedUntil: s.pausedUntil,
    ...(s.aimd
      ? {
          rate: s.rate,
          ...(s.starting ? { starting: s.starting } : {}),
          low: [...s.low],
          ...(Number.isFinite(s.lastLowAt) ? { lastLowAt: s.lastLowAt } : {}),
          ...(s.settledAt !== null ? { settledAt: s.settledAt, pushbacks: [...s.pushbacks] } : {}),
        }
      : {}),
  };
}

/** What an adaptive limiter learned about the key in use, or null while it never pushed back. */
export function memoryOf(s: LimiterCore): KeyMemory | null {
  return s.aimd && !s.starting && s.settledAt !== null ? { rate: s.rate, settledAt: s.settledAt, pushbacks: [...s.pushbacks] } : null;
}
