/** The limiter tests' clock: time moves only when the test says so (test code only). */
import type { LimiterClock } from './rate-limiter';

export const T0 = 1_700_000_000_000;

/** A manual clock with its own timer queue: time moves only when the test says so. */
export class FakeClock implements LimiterClock {
  private t: number;
  private seq = 0;
  private timers: { at: number; seq: number; fn: () => void }[] = [];

  constructor(start = T0) {
    this.t = start;
  }
  now() {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number) {
    const timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return timer;
  }
  clearTimeout(h: unknown) {
    this.timers = this.timers.filter((x) => x !== h);
  }
  pendingTimers() {
    return this.timers.length;
  }
  /** Runs every timer due up to `target` in time order, letting promise callbacks run after each. */
  async advanceTo(target: number) {
    for (;;) {
      await flush();
      const due = this.timers.filter((x) => x.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = due.at;
      due.fn();
    }
    this.t = Math.max(this.t, target);
    await flush();
  }
  advance(ms: number) {
    return this.advanceTo(this.t + ms);
  }
  /** Runs timers until none is left. */
  async runAll() {
    for (let guard = 0; this.timers.length > 0; guard++) {
      if (guard > 1_000_000) throw new Error('timers never settle');
      const next = Math.min(...this.timers.map((x) => x.at));
      await this.advanceTo(next);
    }
    await flush();
  }
}

export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
