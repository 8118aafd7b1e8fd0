/**
 * Timers on a clock that jumps (real time plus an offset): each also set as a real timer, so that it
 * fires in real time if no jump passes it first; a jump runs those it passed. Shared by the contract
 * tests' stepped clock (`background-support.ts`) and the bench's (`bench/stepped-time.ts`); no test
 * runner in it.
 */
import type { Timers } from '../../lib/timers';

export interface SteppedTimers {
  timers: Timers;
  /** Runs, in due order, the timers due by the clock's now. */
  runDue(): void;
  /** The earliest timer's due instant, or null when none is set. */
  nextAt(): number | null;
}

export function steppedTimers(clock: { now(): number }, onSet: () => void = () => undefined): SteppedTimers {
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void; real: ReturnType<typeof setTimeout> }>();
  return {
    timers: {
      setTimeout(fn, ms) {
        onSet();
        seq += 1;
        const id = seq;
        const real = setTimeout(() => {
          pending.delete(id);
          fn();
        }, ms);
        pending.set(id, { at: clock.now() + Math.max(0, ms), fn, real });
        return id;
      },
      clearTimeout(handle) {
        const timer = pending.get(handle as number);
        if (timer) clearTimeout(timer.real);
        pending.delete(handle as number);
      },
    },
    runDue() {
      for (const [id, timer] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > clock.now()) continue;
        clearTimeout(timer.real);
        pending.delete(id);
        timer.fn();
      }
    },
    nextAt() {
      const next = Math.min(...[...pending.values()].map((t) => t.at));
      return Number.isFinite(next) ? next : null;
    },
  };
}
