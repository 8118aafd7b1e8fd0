/**
 * The browser's connections to the service. Chromium opens at most 6 HTTP/1.1 connections to one
 * host, and every call of the extension shares them: ten list look-ups sent at once hold all six,
 * and a user's archive then waits for one to free (a round trip lost) behind the rest in the
 * browser's own queue. The gate keeps work nobody waits for (`list`, `idle`) to `lowMax` calls in
 * flight, so a user's action or the profile on screen always finds a connection free; waiting low
 * calls go by priority (a badge before a revalidation), FIFO within one (a hastened call first), and a call whose priority
 * rises while it waits (the user opened that profile) goes at once.
 *
 * It holds no rate: the limiter (`rate-limiter.ts`) decides when a call may go, the gate only how
 * many low calls are on the wire together.
 */
import { isAhead, LIMITER_PRIORITIES, priorityOf, type LimiterPriority, type RisingPriority } from './priority';

/** Chromium's limit of connections per host (HTTP/1.1). */
export const HOST_CONNECTIONS = 6;

export interface ConnectionGate {
  /** Waits for a connection the call may use; the returned function gives it back (call it once). */
  enter(priority?: LimiterPriority | RisingPriority, signal?: AbortSignal): Promise<() => void>;
  /** Low calls on the wire now (tests). */
  lowInFlight(): number;
  /** `lowMax` may have risen (the connection turned out multiplexed, `transport.ts`): waiting low calls go now. */
  recheck(): void;
}

const LOW: readonly LimiterPriority[] = ['list', 'idle'];
const isLow = (p: LimiterPriority | undefined) => p !== undefined && LOW.includes(p);

interface Waiter {
  priority: LimiterPriority | RisingPriority | undefined;
  seq: number;
  /** Lets the call go; `asLow`: it holds one of the low calls' connections. */
  go: (asLow: boolean) => void;
}

/**
 * `lowMax`: a number, or a getter read at each decision (what the connection allows may change:
 * `transport.ts`); call `recheck` when it rises.
 */
export function createConnectionGate(opts: { lowMax?: number | (() => number) } = {}): ConnectionGate {
  const given = opts.lowMax ?? HOST_CONNECTIONS - 1;
  const checked = (n: number) => {
    if (!Number.isInteger(n) || n < 1) throw new RangeError('lowMax must be a positive integer');
    return n;
  };
  if (typeof given === 'number') checked(given);
  const lowMax = typeof given === 'number' ? () => given : () => checked(given());
  let low = 0;
  let seq = 0;
  const waiting: Waiter[] = [];

  // Within a class, hastened calls (the profile the pointer rests on) first.
  const rank = (w: Waiter) => 2 * LIMITER_PRIORITIES.indexOf(priorityOf(w.priority) ?? 'background') + (isAhead(w.priority) ? 0 : 1);

  function pump() {
    for (;;) {
      // A waiter raised above the low classes goes at once; the others in priority order.
      const raised = waiting.find((w) => !isLow(priorityOf(w.priority)));
      if (raised) {
        waiting.splice(waiting.indexOf(raised), 1);
        raised.go(false);
        continue;
      }
      if (low >= lowMax() || waiting.length === 0) return;
      const next = waiting.reduce((a, b) => (rank(b) < rank(a) || (rank(b) === rank(a) && b.seq < a.seq) ? b : a));
      waiting.splice(waiting.indexOf(next), 1);
      low += 1;
      next.go(true);
    }
  }

  function release(wasLow: boolean): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (wasLow) {
        low -= 1;
        pump();
      }
    };
  }

  return {
    enter(priority, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (!isLow(priorityOf(priority))) return Promise.resolve(release(false));
      if (low < lowMax() && waiting.length === 0) {
        low += 1;
        return Promise.resolve(release(true));
      }
      return new Promise((resolve, reject) => {
        const stopRising = typeof priority === 'object' ? priority.onRaise(pump) : () => undefined;
        const onAbort = () => {
          const i = waiting.indexOf(waiter);
          if (i >= 0) waiting.splice(i, 1);
          stopRising();
          reject(signal?.reason);
        };
        const waiter: Waiter = {
          priority,
          seq: seq++,
          go: (asLow) => {
            stopRising();
            signal?.removeEventListener('abort', onAbort);
            resolve(release(asLow));
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(waiter);
      });
    },
    lowInFlight: () => low,
    recheck: pump,
  };
}
