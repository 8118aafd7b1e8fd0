/**
 * Client-side rate limiter for the service's "50 calls per rolling 10 s per key" rule.
 *
 * A sliding log (the grant time of each recent call), not fixed buckets: fixed buckets allow up to
 * twice the limit across a bucket edge, and the service counts a rolling window, so only a log
 * guarantees that no 10 s window ever holds more than `limit` of our calls.
 *
 * A call counts from the moment it is granted, and once answered, from the moment of its answer:
 * the service counted it at some instant in between, which the client cannot see. Counting a
 * window from the answer means the next call in that slot leaves a full window after the service
 * saw this one, whatever the network's delay and jitter: our own calls never earn a 429. It costs
 * one round trip per window (a call's slot frees a window after its answer, not after its start).
 *
 * Waiters are served by priority (`LIMITER_PRIORITIES`, highest first: every queued 'user' acquire
 * before any 'background' one, then 'list', then 'idle'), FIFO within a priority, a hastened call (`RisingPriority.hasten`) first. A class may be capped
 * to a share of the limit (`shares`): a capped class counts its own calls in the window and those of
 * every class below it, so list work (and the idle work under it) never takes the whole budget and a
 * user's click always finds a slot. The state (call log and pause) is plain JSON so that the background worker
 * can persist it through `onChange` and restore it with `state` after a service-worker restart.
 *
 * With `adaptive`, the limit is learned (AIMD, `aimd.ts`): a key shared by a team has less headroom
 * than the service's limit, and only the service's 429s say how much. The learned rate holds the
 * work that sheds first (`list` and `idle`: list badges, prefetch, a queue's rows, counts): it goes
 * only while the window's calls, every class's, are under the rate and under its share cap, at most
 * `lowInFlight` of it on the wire at once. A user's action, the profile on screen and its refreshes
 * wait only for the service's limit and the pause after a 429 (unless `paceUsersAfterPushbacks`,
 * off by default: `aimd.ts` says why); after the pause one probe goes first
 * and the rest follow once it is accepted. The rate is cut from what the window really used, and rises only while it
 * binds: it held calls back, or a grant took its last slot (a browser that under-uses its rate
 * learns nothing about the key): a team's lists
 * shrink to what the key has left after everybody's profiles and actions. The learned rate is part
 * of the state, so a restarted worker does not rediscover it through a new round of 429s.
 */
import { isAhead, LIMITER_PRIORITIES, priorityOf, type LimiterPriority, type RisingPriority } from './priority';
import { aimdConfig, decreased, increased, initialRate, pauseJitterMs, sanitizedRate, slowStarted, type AimdConfig, type AimdOptions } from './aimd';
import { isRecent, KEY_MEMORY_MAX_PUSHBACKS, recent, type KeyMemory } from './key-memory';

export interface LimiterClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(h: unknown): void;
}

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

/** A call of the work that sheds first, not made: the key is past its limit and its slot is too far off. */
export class ShedError extends Error {
  override readonly name = 'ShedError';
  constructor() {
    super('shed: the shared key is busy; this call of work that can wait was not made');
  }
}

export const isShedError = (e: unknown): boolean => e instanceof Error && e.name === 'ShedError';

export interface AcquireOptions {
  priority?: LimiterPriority | RisingPriority;
  signal?: AbortSignal;
}

export interface RateLimiter {
  /** Resolves when a call may go now; the slot is recorded at that moment, whose time it resolves to. */
  acquire(opts?: AcquireOptions): Promise<number>;
  /**
   * The call granted at `grantedAt` ended now: answered, its slot counts from now; given up without
   * an answer (cancelled, network error), the request may still reach the service, as late as it has
   * been on its way so far: its slot counts from then (a window at most). `accepted` (default:
   * `answered`): the service took the call (not a 429); an adaptive limiter raises its rate a little.
   */
  completed(grantedAt: number, answered?: boolean, accepted?: boolean): void;
  /** After a 429: nobody goes before `epochMs`. A pause is only ever extended, never shortened. */
  pauseUntil(epochMs: number): void;
  /**
   * The service answered 429 and asked to wait until `epochMs`: pauses until then (plus jitter when
   * adaptive) and, when adaptive, lowers the learned rate. Returns when the pause ends.
   */
  throttled(epochMs: number): number;
  snapshot(): LimiterState;
  /** Takes over a state kept by an earlier instance (a restarted service worker). */
  restore(state: LimiterState | undefined): void;
  /**
   * Adaptive only: the key changed; start from what this browser learned about the new one
   * (`key-memory.ts`: null, or older than a week, starts as new). The log stays (it only holds calls back).
   */
  adopt(memory: KeyMemory | null): void;
  /** Adaptive only: what it learned about the key in use, or null while the key never pushed back (or long ago). */
  memory(): KeyMemory | null;
}

export interface SlidingWindowLimiterOptions {
  limit?: number;
  windowMs?: number;
  clock?: LimiterClock;
  state?: LimiterState;
  onChange?: (s: LimiterState) => void;
  /** Per class, the share of `limit` (0..1] it and the classes below it may use in a window. */
  shares?: Partial<Record<LimiterPriority, number>>;
  /** Learn the key's headroom from 429s (AIMD); absent: the limit is fixed. */
  adaptive?: AimdOptions;
}

/** List work may use at most 60% of the key's rate (issue 11), so the panel and actions stay instant. */
export const DEFAULT_LIMITER_SHARES: Partial<Record<LimiterPriority, number>> = { list: 0.6 };

export const DEFAULT_RATE_LIMIT = 50;
/** Past the limit, the fewest of the user's calls a browser sends per window: one profile's look-up. */
export const USER_FLOOR_PER_WINDOW = 2;
export const DEFAULT_RATE_WINDOW_MS = 10_000;

export const systemClock: LimiterClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as Parameters<typeof clearTimeout>[0]),
};

interface Waiter {
  resolve: (grantedAt: number) => void;
  reject: (reason: unknown) => void;
  /** Hastened (`RisingPriority.ahead`): queued before the waiters of its class that are not. */
  ahead: () => boolean;
  /** Stops listening to the caller's signal once the waiter leaves the queue. */
  detach: () => void;
}

export function createSlidingWindowLimiter(opts: SlidingWindowLimiterOptions = {}): RateLimiter {
  const limit = opts.limit ?? DEFAULT_RATE_LIMIT;
  const windowMs = opts.windowMs ?? DEFAULT_RATE_WINDOW_MS;
  const clock = opts.clock ?? systemClock;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError('windowMs must be positive');

  const aimd: AimdConfig | null = opts.adaptive ? aimdConfig(opts.adaptive) : null;
  let calls: number[] = [];
  let pausedUntil = 0;
  /** The learned rate (calls per window); the service's limit when not adaptive. */
  let rate = limit;
  /** Slow start: nothing learned yet, the rate doubles per window while it binds (holds calls back, or is used to its last slot). */
  let starting = false;
  /** When the rate was last cut: one cut per window. */
  let lastDecreaseAt = -Infinity;
  /**
   * When the learned rate, a cap or the calls on the wire last held a call back, or a grant took the
   * rate's last slot: the rate grows only then (a rate used below its last slot says nothing of the key).
   */
  let heldBackAt = -Infinity;
  /**
   * Adaptive only: the calls granted and not completed yet (grant time, and whether of a class below
   * 'user'). The lower classes may have at most `lowInFlight` on the wire at once (as many as the
   * connection gate lets them have, `connections.ts`). A call never completed stops counting after a window.
   */
  let inFlight: { at: number; lower: boolean }[] = [];
  /**
   * Adaptive only: after a 429, the first call granted once the pause ends is a probe, and nothing
   * else goes (whatever its class) until a call granted since the 429 is accepted. Teammates
   * throttled by the same full window resume together into a window with a slot or two: one call
   * each learns whether there is room, instead of each one's whole queue costing a 429.
   */
  let probeSince: number | null = null;
  /**
   * Adaptive only: the counting stamps of the learned classes' calls. Until the key pushes back, the
   * learned rate is measured against these alone: a lone user's own clicks never hold their lists
   * back (the issue's 8 s stall: a panel's calls filling a fresh browser's rate of 5).
   */
  let low: number[] = [];
  let lastLowAt = -Infinity;
  /** Adaptive only: when the key last pushed back, and when lately (the memory of the key). */
  let settledAt: number | null = null;
  let pushbacks: number[] = [];
  const sortedStamps = (xs: unknown): number[] => (Array.isArray(xs) ? xs.filter((t): t is number => typeof t === 'number' && Number.isFinite(t)).sort((a, b) => a - b) : []);
  /** Restored state comes from storage: keep only sane numbers, in order. */
  function restore(state: LimiterState | undefined) {
    calls = sortedStamps(state?.calls);
    pausedUntil = Number.isFinite(state?.pausedUntil) ? (state?.pausedUntil ?? 0) : 0;
    low = sortedStamps(state?.low);
    lastLowAt = typeof state?.lastLowAt === 'number' && Number.isFinite(state.lastLowAt) ? state.lastLowAt : (low.at(-1) ?? -Infinity);
    const kept = aimd ? sanitizedRate(state?.rate, limit, aimd) : null;
    rate = aimd ? (kept ?? initialRate(limit, aimd)) : limit;
    starting = aimd !== null && (kept === null || state?.starting === true);
    settledAt = null;
    pushbacks = [];
    if (!aimd || starting) return;
    const now = clock.now();
    // A state written before the key was remembered has a learned rate and no date: it counts from now.
    const memory = recent({ rate, settledAt: typeof state?.settledAt === 'number' ? state.settledAt : now, pushbacks: sortedStamps(state?.pushbacks) }, now);
    if (memory) {
      settledAt = memory.settledAt;
      pushbacks = memory.pushbacks;
    } else {
      // A week without pushback: the key starts as new.
      rate = initialRate(limit, aimd);
      starting = true;
    }
  }
  function adopt(memory: KeyMemory | null) {
    if (!aimd) return;
    const known = recent(memory, clock.now());
    const kept = known ? sanitizedRate(known.rate, limit, aimd) : null;
    rate = kept ?? initialRate(limit, aimd);
    starting = kept === null;
    settledAt = kept === null ? null : known!.settledAt;
    pushbacks = kept === null ? [] : known!.pushbacks;
    // The old key's pause, probe and pacing say nothing of this one.
    usersPacedAt = -Infinity;
    pausedUntil = 0;
    probeSince = null;
    lastDecreaseAt = -Infinity;
  }
  /** Adaptive only: the classes the learned rate holds (they shed first); the others wait only for the service's limit. */
  const learned = (p: LimiterPriority) => aimd !== null && (p === 'list' || p === 'idle');
  /** Adaptive only: when the learned rate last held a user's call back (`congested`). */
  let usersPacedAt = -Infinity;
  /**
   * Adaptive only: the team asks more than the key has: it pushed back in `paceUsersAfterPushbacks`
   * windows within `shedForMs`, or the rate held the user's calls back lately (they still ask more
   * than it gives; two windows, as a held call's slot frees a whole window after the last one).
   */
  const congested = (now: number) =>
    aimd !== null &&
    !starting &&
    settledAt !== null &&
    (now - usersPacedAt < 2 * windowMs || pushbacks.filter((t) => now - t < aimd.shedForMs).length >= aimd.paceUsersAfterPushbacks);
  /**
   * Whether a waiter of class `p` too far from its slot is shed: learned work, while the key pushed
   * back lately (`shedForMs`). The rate remembered from older pushbacks still holds it; only a key
   * refusing calls now says that work would come too late to be worth a call.
   */
  const shedding = (p: LimiterPriority, now: number) => learned(p) && !starting && settledAt !== null && now - settledAt < aimd!.shedForMs;
  restore(opts.state);

  const queues: Record<LimiterPriority, Waiter[]> = { user: [], background: [], list: [], idle: [] };
  /**
   * Grant times per class, for the share caps only (in memory: after a restart the shared log still
   * bounds the total, and the caps start afresh).
   */
  const classCalls: Record<LimiterPriority, number[]> = { user: [], background: [], list: [], idle: [] };
  const shares = opts.shares ?? DEFAULT_LIMITER_SHARES;
  for (const p of LIMITER_PRIORITIES) {
    const share = shares[p];
    if (share !== undefined && !(share > 0 && share <= 1)) throw new RangeError(`the ${p} share must be in (0, 1]`);
  }
  /** The most calls class `p` and the classes below it may hold in a window (Infinity: no cap). */
  function capOf(p: LimiterPriority): number {
    const share = shares[p];
    if (share === undefined) return Infinity;
    return Math.max(1, Math.floor(share * limit));
  }
  let timer: { handle: unknown; at: number } | null = null;

  const snapshot = (): LimiterState => ({
    calls: [...calls],
    pausedUntil,
    ...(aimd
      ? {
          rate,
          ...(starting ? { starting } : {}),
          low: [...low],
          ...(Number.isFinite(lastLowAt) ? { lastLowAt } : {}),
          ...(settledAt !== null ? { settledAt, pushbacks: [...pushbacks] } : {}),
        }
      : {}),
  });
  const changed = () => opts.onChange?.(snapshot());

  function prune(now: number) {
    // A call counts while now - t < windowMs. Stamps far in the future can only come from a clock
    // that jumped back; left in place they would block every call until the clock caught up.
    calls = calls.filter((t) => now - t < windowMs && t - now <= windowMs);
    // Only the last `limit` calls can ever decide when the next slot frees.
    if (calls.length > limit) calls = calls.slice(calls.length - limit);
    if (low.length > 0) low = low.filter((t) => now - t < windowMs && t - now <= windowMs).slice(-limit);
    if (pausedUntil !== 0 && pausedUntil <= now) pausedUntil = 0;
    for (const p of LIMITER_PRIORITIES) {
      const log = classCalls[p];
      if (log.length > 0 && now - log[0]! >= windowMs) classCalls[p] = log.filter((t) => now - t < windowMs && t - now <= windowMs);
    }
  }

  /** The earliest time class `q`'s cap (over the calls of `q` and the classes below it) has room. */
  function underCapAt(q: LimiterPriority, now: number): number {
    const cap = capOf(q);
    if (cap === Infinity) return now;
    const stamps = LIMITER_PRIORITIES.slice(LIMITER_PRIORITIES.indexOf(q)).flatMap((c) => classCalls[c]).sort((a, b) => a - b);
    return stamps.length < cap ? now : stamps[stamps.length - cap]! + windowMs;
  }

  /** The earliest time class `p` may go as far as caps go: its own cap and every cap above it cover it. */
  function capSlotAt(p: LimiterPriority, now: number): number {
    const covering = LIMITER_PRIORITIES.slice(0, LIMITER_PRIORITIES.indexOf(p) + 1);
    return Math.max(now, ...covering.map((q) => underCapAt(q, now)));
  }

  /** The earliest time the log lets a call of class `p` go, the pause aside (assumes a pruned log). */
  function logSlotAt(p: LimiterPriority, now: number): number {
    const atLimit = calls.length >= limit ? (calls[calls.length - limit] ?? now) + windowMs : now;
    if (!learned(p)) {
      if (!congested(now)) return atLimit;
      // Past the limit the user's calls wait for the learned rate too, ahead of everything else
      // (rounded: a rate of 1.9 held to one call a window leaves the key idle), never under the two
      // calls that show a profile (its lead, then its conversations).
      const max = Math.max(USER_FLOOR_PER_WINDOW, Math.round(rate));
      return Math.max(atLimit, calls.length >= max ? (calls[calls.length - max] ?? now) + windowMs : now);
    }
    // Past the limit: under one call per window, one every window ÷ rate (exponential between probes).
    if (rate < 1) return Math.max(atLimit, lastLowAt + windowMs / rate);
    // The learned rate counts every call of the window: the work it holds gets what the others left.
    // Its share caps count every call too (not only their own classes'): a browser alone learns the
    // whole key, and list work filling its 60% on top of the user's calls would leave the profile
    // the user just opened waiting for the service's limit (the browse trace: 30 list calls and 20 of
    // the user's in a window, the next first visit held for a second).
    // Until the key pushes back, though, nothing says the user's calls compete with anybody's: the
    // rate and caps then count the learned classes' own calls, and the service's limit the rest.
    const ceiling = Math.min(...LIMITER_PRIORITIES.slice(0, LIMITER_PRIORITIES.indexOf(p) + 1).map(capOf));
    const max = Math.max(1, Math.floor(Math.min(rate, ceiling)));
    const own = starting && !aimd!.freshCountsEveryCall;
    const counted = own ? low : calls;
    const atRate = counted.length >= max ? (counted[counted.length - max] ?? now) + windowMs : now;
    return own ? Math.max(atLimit, atRate) : atRate;
  }

  function schedule(at: number, now: number) {
    if (timer && timer.at === at) return;
    if (timer) clock.clearTimeout(timer.handle);
    timer = { at, handle: clock.setTimeout(onTimer, Math.max(0, at - now)) };
  }

  function onTimer() {
    timer = null;
    drain();
  }

  /** When a call of class `p` may go as far as calls on the wire go: now, or at the latest when the oldest stops counting. */
  function inFlightSlotAt(p: LimiterPriority, now: number): number {
    if (!aimd || !learned(p)) return now;
    if (inFlight.length > 0 && now - inFlight[0]!.at >= windowMs) inFlight = inFlight.filter((f) => now - f.at < windowMs);
    const lower = inFlight.filter((f) => f.lower);
    return lower.length < (typeof aimd.lowInFlight === 'function' ? aimd.lowInFlight() : aimd.lowInFlight) ? now : lower[0]!.at + windowMs;
  }

  /** After a 429: now while no probe is on the wire, else when it stops counting (a window at most). */
  function probeSlotAt(now: number): number {
    if (probeSince === null) return now;
    const since = probeSince;
    const probe = inFlight.find((f) => f.at > since && now - f.at < windowMs);
    return probe ? probe.at + windowMs : now;
  }

  function drain() {
    const now = clock.now();
    prune(now);
    let granted = false;
    for (;;) {
      // The highest class with a waiter goes first; while it waits, so do the classes below it
      // (a capped class's cap also covers every class below it).
      const p = LIMITER_PRIORITIES.find((q) => queues[q].length > 0);
      if (!p) break;
      const queue = queues[p];
      const head = queue[0]!;
      const limited = Math.max(logSlotAt(p, now), capSlotAt(p, now));
      // Held back by the learned rate, a cap or the calls on the wire (not by a pause): there is more
      // work than goes, the rate may be worth raising.
      const onWire = inFlightSlotAt(p, now);
      if (limited > now || onWire > now) heldBackAt = now;
      if (limited > now && !learned(p) && congested(now)) usersPacedAt = now;
      if (shedding(p, now) && Math.max(limited, pausedUntil) - now > aimd!.shedAfterMs) {
        // Past the limit, work that can wait and would come late is not made at all (its caller
        // shows nothing rather than something late); the classes above it keep the key.
        for (const w of queue.splice(0)) {
          w.detach();
          w.reject(new ShedError());
        }
        continue;
      }
      const at = Math.max(limited, pausedUntil, onWire, probeSlotAt(now));
      if (at > now) {
        schedule(at, now);
        break;
      }
      queue.shift();
      head.detach();
      calls.push(now);
      classCalls[p].push(now);
      if (aimd) inFlight.push({ at: now, lower: learned(p) });
      if (learned(p)) {
        low.push(now);
        lastLowAt = Math.max(lastLowAt, now);
        // This grant took the last slot: the rate binds even though nobody waits yet. A page's lead
        // look-ups that fill it exactly are followed by the one conversation search that needs their
        // answers; unless their answers grow the rate, that search waits a whole window.
        if (Math.max(logSlotAt(p, now), capSlotAt(p, now)) > now) heldBackAt = now;
      }
      granted = true;
      head.resolve(now);
    }
    if (LIMITER_PRIORITIES.every((q) => queues[q].length === 0) && timer) {
      clock.clearTimeout(timer.handle);
      timer = null;
    }
    if (granted) changed();
  }

  function acquire(options: AcquireOptions = {}): Promise<number> {
    const { priority: asked = 'background', signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<number>((resolve, reject) => {
      let queue = queues[priorityOf(asked)!];
      const onAbort = () => {
        const i = queue.indexOf(waiter);
        if (i >= 0) queue.splice(i, 1);
        stopRising();
        reject(signal?.reason);
        // The removed waiter may have been the only one the timer was for.
        drain();
      };
      // Raised or hastened while waiting: the waiter moves to its new place and may go at once.
      const stopRising =
        typeof asked === 'object'
          ? asked.onRaise(() => {
              const i = queue.indexOf(waiter);
              if (i < 0) return;
              queue.splice(i, 1);
              queue = queues[asked.current];
              enqueue(queue, waiter);
              drain();
            })
          : () => undefined;
      const waiter: Waiter = {
        resolve,
        reject,
        ahead: () => isAhead(asked),
        detach: () => {
          signal?.removeEventListener('abort', onAbort);
          stopRising();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      enqueue(queue, waiter);
      drain();
    });
  }

  /** FIFO, except that a hastened waiter goes before those that are not (after those hastened before it). */
  function enqueue(queue: Waiter[], waiter: Waiter) {
    const at = waiter.ahead() ? queue.findIndex((w) => !w.ahead()) : -1;
    if (at < 0) queue.push(waiter);
    else queue.splice(at, 0, waiter);
  }

  function pauseUntil(epochMs: number) {
    if (!Number.isFinite(epochMs) || epochMs <= pausedUntil || epochMs <= clock.now()) return;
    pausedUntil = epochMs;
    changed();
    // Reschedules a timer set for an earlier slot: waiters must now wait for the pause to end.
    drain();
  }

  function throttled(epochMs: number): number {
    const now = clock.now();
    if (aimd && now - lastDecreaseAt >= windowMs) {
      lastDecreaseAt = now;
      prune(now);
      // A browser that used less than its rate overshot with what it used: cut from that.
      rate = decreased(Math.min(rate, Math.max(calls.length, 1)), aimd);
      starting = false;
      settledAt = now;
      pushbacks = [...pushbacks.filter((t) => isRecent(t, now)), now].slice(-KEY_MEMORY_MAX_PUSHBACKS);
    }
    if (aimd) probeSince = now;
    pauseUntil(aimd ? epochMs + pauseJitterMs(windowMs, aimd) : epochMs);
    changed();
    return Math.max(pausedUntil, epochMs);
  }

  function completed(grantedAt: number, answered = true, accepted = answered) {
    const end = clock.now();
    const before = Math.floor(rate);
    if (aimd && accepted && rate < limit && end - heldBackAt < windowMs) rate = starting ? slowStarted(rate, limit) : increased(rate, limit, aimd);
    const f = aimd ? inFlight.findIndex((x) => x.at === grantedAt) : -1;
    const wasLow = f >= 0 && inFlight[f]!.lower;
    if (f >= 0) inFlight.splice(f, 1);
    // A call sent since the last 429 went through: the key has room again, the queue may follow.
    if (accepted && probeSince !== null && grantedAt > probeSince) probeSince = null;
    // A lower class's call left the wire, or the rate grew by a call: a waiter held back may go now.
    if (f >= 0 || Math.floor(rate) > before) queueMicrotask(drain);
    const countsFrom = answered ? end : Math.min(end + (end - grantedAt), end + windowMs);
    const k = wasLow ? low.indexOf(grantedAt) : -1;
    if (k >= 0 && countsFrom > grantedAt) {
      low.splice(k, 1);
      let m = low.length;
      while (m > 0 && low[m - 1]! > countsFrom) m--;
      low.splice(m, 0, countsFrom);
      lastLowAt = Math.max(lastLowAt, countsFrom);
    }
    // The log is sorted: the grant's stamp leaves, the new one joins in order. A grant already out
    // of the window (or restored from an older log) has nothing left to move.
    const i = calls.indexOf(grantedAt);
    if (i < 0 || countsFrom <= grantedAt) return;
    calls.splice(i, 1);
    let j = calls.length;
    while (j > 0 && calls[j - 1]! > countsFrom) j--;
    calls.splice(j, 0, countsFrom);
    changed();
  }

  return {
    acquire,
    completed,
    pauseUntil,
    throttled,
    restore(state) {
      restore(state);
      drain();
    },
    adopt(memory) {
      adopt(memory);
      changed();
      drain();
    },
    memory: () => (aimd && !starting && settledAt !== null ? { rate, settledAt, pushbacks: [...pushbacks] } : null),
    snapshot: () => {
      prune(clock.now());
      return snapshot();
    },
  };
}
