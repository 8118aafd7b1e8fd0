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
 *
 * This module queues and grants; the state and the key's memory are `limiter-memory.ts`, when a
 * call may go `limiter-pacing.ts`, which calls shed first `limiter-shedding.ts`.
 */
import { isAhead, LIMITER_PRIORITIES, priorityOf, type LimiterPriority, type RisingPriority } from './priority';
import { aimdConfig, decreased, increased, pauseJitterMs, slowStarted, type AimdConfig, type AimdOptions } from './aimd';
import { isRecent, KEY_MEMORY_MAX_PUSHBACKS, type KeyMemory } from './key-memory';
import { adoptMemory, createCore, memoryOf, restoreState, snapshotOf, type LimiterState } from './limiter-memory';
import { capSlotAt, inFlightSlotAt, logSlotAt, probeSlotAt, prune } from './limiter-pacing';
import { congested, learned, ShedError, shedding } from './limiter-shedding';

export type { LimiterState } from './limiter-memory';
export { USER_FLOOR_PER_WINDOW } from './limiter-pacing';
export { isShedError, ShedError } from './limiter-shedding';

export interface LimiterClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(h: unknown): void;
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
  const shares = opts.shares ?? DEFAULT_LIMITER_SHARES;
  for (const p of LIMITER_PRIORITIES) {
    const share = shares[p];
    if (share !== undefined && !(share > 0 && share <= 1)) throw new RangeError(`the ${p} share must be in (0, 1]`);
  }
  const aimd: AimdConfig | null = opts.adaptive ? aimdConfig(opts.adaptive) : null;
  const s = createCore(limit, windowMs, aimd, shares);
  restoreState(s, opts.state, () => clock.now());

  const queues: Record<LimiterPriority, Waiter[]> = { user: [], background: [], list: [], idle: [] };
  let timer: { handle: unknown; at: number } | null = null;
  const changed = () => opts.onChange?.(snapshotOf(s));

  function schedule(at: number, now: number) {
    if (timer && timer.at === at) return;
    if (timer) clock.clearTimeout(timer.handle);
    timer = { at, handle: clock.setTimeout(onTimer, Math.max(0, at - now)) };
  }

  function onTimer() {
    timer = null;
    drain();
  }

  function drain() {
    const now = clock.now();
    prune(s, now);
    let granted = false;
    for (;;) {
      // The highest class with a waiter goes first; while it waits, so do the classes below it
      // (a capped class's cap also covers every class below it).
      const p = LIMITER_PRIORITIES.find((q) => queues[q].length > 0);
      if (!p) break;
      const queue = queues[p];
      const head = queue[0]!;
      const limited = Math.max(logSlotAt(s, p, now), capSlotAt(s, p, now));
      // Held back by the learned rate, a cap or the calls on the wire (not by a pause): there is more
      // work than goes, the rate may be worth raising.
      const onWire = inFlightSlotAt(s, p, now);
      if (limited > now || onWire > now) s.heldBackAt = now;
      if (limited > now && !learned(s, p) && congested(s, now)) s.usersPacedAt = now;
      if (shedding(s, p, now) && Math.max(limited, s.pausedUntil) - now > aimd!.shedAfterMs) {
        // Past the limit, work that can wait and would come late is not made at all (its caller
        // shows nothing rather than something late); the classes above it keep the key.
        for (const w of queue.splice(0)) {
          w.detach();
          w.reject(new ShedError());
        }
        continue;
      }
      const at = Math.max(limited, s.pausedUntil, onWire, probeSlotAt(s, now));
      if (at > now) {
        schedule(at, now);
        break;
      }
      queue.shift();
      head.detach();
      s.calls.push(now);
      s.classCalls[p].push(now);
      if (aimd) s.inFlight.push({ at: now, lower: learned(s, p) });
      if (learned(s, p)) {
        s.low.push(now);
        s.lastLowAt = Math.max(s.lastLowAt, now);
        // This grant took the last slot: the rate binds even though nobody waits yet. A page's lead
        // look-ups that fill it exactly are followed by the one conversation search that needs their
        // answers; unless their answers grow the rate, that search waits a whole window.
        if (Math.max(logSlotAt(s, p, now), capSlotAt(s, p, now)) > now) s.heldBackAt = now;
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
    if (!Number.isFinite(epochMs) || epochMs <= s.pausedUntil || epochMs <= clock.now()) return;
    s.pausedUntil = epochMs;
    changed();
    // Reschedules a timer set for an earlier slot: waiters must now wait for the pause to end.
    drain();
  }

  function throttled(epochMs: number): number {
    const now = clock.now();
    if (aimd && now - s.lastDecreaseAt >= windowMs) {
      s.lastDecreaseAt = now;
      prune(s, now);
      // A browser that used less than its rate overshot with what it used: cut from that.
      s.rate = decreased(Math.min(s.rate, Math.max(s.calls.length, 1)), aimd);
      s.starting = false;
      s.settledAt = now;
      s.pushbacks = [...s.pushbacks.filter((t) => isRecent(t, now)), now].slice(-KEY_MEMORY_MAX_PUSHBACKS);
    }
    if (aimd) s.probeSince = now;
    pauseUntil(aimd ? epochMs + pauseJitterMs(windowMs, aimd) : epochMs);
    changed();
    return Math.max(s.pausedUntil, epochMs);
  }

  function completed(grantedAt: number, answered = true, accepted = answered) {
    const end = clock.now();
    const before = Math.floor(s.rate);
    if (aimd && accepted && s.rate < limit && end - s.heldBackAt < windowMs) s.rate = s.starting ? slowStarted(s.rate, limit) : increased(s.rate, limit, aimd);
    const f = aimd ? s.inFlight.findIndex((x) => x.at === grantedAt) : -1;
    const wasLow = f >= 0 && s.inFlight[f]!.lower;
    if (f >= 0) s.inFlight.splice(f, 1);
    // A call sent since the last 429 went through: the key has room again, the queue may follow.
    if (accepted && s.probeSince !== null && grantedAt > s.probeSince) s.probeSince = null;
    // A lower class's call left the wire, or the rate grew by a call: a waiter held back may go now.
    if (f >= 0 || Math.floor(s.rate) > before) queueMicrotask(drain);
    const countsFrom = answered ? end : Math.min(end + (end - grantedAt), end + windowMs);
    const k = wasLow ? s.low.indexOf(grantedAt) : -1;
    if (k >= 0 && countsFrom > grantedAt) {
      s.low.splice(k, 1);
      let m = s.low.length;
      while (m > 0 && s.low[m - 1]! > countsFrom) m--;
      s.low.splice(m, 0, countsFrom);
      s.lastLowAt = Math.max(s.lastLowAt, countsFrom);
    }
    // The log is sorted: the grant's stamp leaves, the new one joins in order. A grant already out
    // of the window (or restored from an older log) has nothing left to move.
    const i = s.calls.indexOf(grantedAt);
    if (i < 0 || countsFrom <= grantedAt) return;
    s.calls.splice(i, 1);
    let j = s.calls.length;
    while (j > 0 && s.calls[j - 1]! > countsFrom) j--;
    s.calls.splice(j, 0, countsFrom);
    changed();
  }

  return {
    acquire,
    completed,
    pauseUntil,
    throttled,
    restore(state) {
      restoreState(s, state, () => clock.now());
      drain();
    },
    adopt(memory) {
      adoptMemory(s, memory, clock.now());
      changed();
      drain();
    },
    memory: () => memoryOf(s),
    snapshot: () => {
      prune(s, clock.now());
      return snapshotOf(s);
    },
  };
}
