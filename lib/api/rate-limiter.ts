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
 * wait only for the service's limit and the pause after a 429; after the pause one probe goes first
 * and the rest follow once it is accepted. The rate is cut from what the window really used, and rises only while it
 * held calls back (a browser that under-uses its rate learns nothing about the key): a team's lists
 * shrink to what the key has left after everybody's profiles and actions. The learned rate is part
 * of the state, so a restarted worker does not rediscover it through a new round of 429s.
 */
import { isAhead, LIMITER_PRIORITIES, priorityOf, type LimiterPriority, type RisingPriority } from './priority';
import { aimdConfig, decreased, increased, initialRate, pauseJitterMs, sanitizedRate, slowStarted, type AimdConfig, type AimdOptions } from './aimd';

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
}

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
export const DEFAULT_RATE_WINDOW_MS = 10_000;

export const systemClock: LimiterClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as Parameters<typeof clearTimeout>[0]),
};

interface Waiter {
  resolve: (grantedAt: number) => void;
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
  /** Slow start: nothing learned yet, the rate doubles per window while it holds calls back. */
  let starting = false;
  /** When the rate was last cut: one cut per window. */
  let lastDecreaseAt = -Infinity;
  /** When the learned rate, a cap or the calls on the wire last held a call back: the rate grows only then. */
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
  /** Restored state comes from storage: keep only sane numbers, in order. */
  function restore(state: LimiterState | undefined) {
    calls = (state?.calls ?? []).filter((t) => Number.isFinite(t)).sort((a, b) => a - b);
    pausedUntil = Number.isFinite(state?.pausedUntil) ? (state?.pausedUntil ?? 0) : 0;
    const kept = aimd ? sanitizedRate(state?.rate, limit, aimd) : null;
    rate = aimd ? (kept ?? initialRate(limit, aimd)) : limit;
    starting = aimd !== null && (kept === null || state?.starting === true);
  }
  /** The calls a window may hold now before a call of class `p` goes (see the file's comment). */
  /** Adaptive only: the classes the learned rate holds (they shed first); the others wait only for the service's limit. */
  const learned = (p: LimiterPriority) => aimd !== null && (p === 'list' || p === 'idle');
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

  const snapshot = (): LimiterState => ({ calls: [...calls], pausedUntil, ...(aimd ? { rate, ...(starting ? { starting } : {}) } : {}) });
  const changed = () => opts.onChange?.(snapshot());

  function prune(now: number) {
    // A call counts while now - t < windowMs. Stamps far in the future can only come from a clock
    // that jumped back; left in place they would block every call until the clock caught up.
    calls = calls.filter((t) => now - t < windowMs && t - now <= windowMs);
    // Only the last `limit` calls can ever decide when the next slot frees.
    if (calls.length > limit) calls = calls.slice(calls.length - limit);
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
    if (!learned(p)) return atLimit;
    // The learned rate counts every call of the window: the work it holds gets what the others left.
    // Its share caps count every call too (not only their own classes'): a browser alone learns the
    // whole key, and list work filling its 60% on top of the user's calls would leave the profile
    // the user just opened waiting for the service's limit (the browse trace: 30 list calls and 20 of
    // the user's in a window, the next first visit held for a second).
    const ceiling = Math.min(...LIMITER_PRIORITIES.slice(0, LIMITER_PRIORITIES.indexOf(p) + 1).map(capOf));
    const max = Math.max(1, Math.floor(Math.min(rate, ceiling)));
    return calls.length >= max ? (calls[calls.length - max] ?? now) + windowMs : now;
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
      const onWire = inFlightSlotAt(p, now);
      const at = Math.max(limited, pausedUntil, onWire, probeSlotAt(now));
      // Held back by the learned rate, a cap or the calls on the wire (not by a pause): there is more
      // work than goes, the rate may be worth raising.
      if (limited > now || onWire > now) heldBackAt = now;
      if (at > now) {
        schedule(at, now);
        break;
      }
      queue.shift();
      head.detach();
      calls.push(now);
      classCalls[p].push(now);
      if (aimd) inFlight.push({ at: now, lower: learned(p) });
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
    if (f >= 0) inFlight.splice(f, 1);
    // A call sent since the last 429 went through: the key has room again, the queue may follow.
    if (accepted && probeSince !== null && grantedAt > probeSince) probeSince = null;
    // A lower class's call left the wire, or the rate grew by a call: a waiter held back may go now.
    if (f >= 0 || Math.floor(rate) > before) queueMicrotask(drain);
    const countsFrom = answered ? end : Math.min(end + (end - grantedAt), end + windowMs);
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
    snapshot: () => {
      prune(clock.now());
      return snapshot();
    },
  };
}
