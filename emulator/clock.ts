/**
 * The emulator's own clock: real time plus an offset that tests and demos move forward
 * (`POST /_emulator/clock`). Rate limit, snooze wake, webhook windows and retries, enrichment and
 * audience imports all read this clock, so a test advances time instead of waiting.
 */
export class EmulatorClock {
  private offsetMs: number;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly realNow: () => number = Date.now,
    offsetMs = 0,
  ) {
    this.offsetMs = offsetMs;
  }

  now(): number {
    return this.realNow() + this.offsetMs;
  }

  get offset(): number {
    return this.offsetMs;
  }

  advance(ms: number): number {
    this.offsetMs += ms;
    this.changed();
    return this.now();
  }

  set(now: number): number {
    this.offsetMs = now - this.realNow();
    this.changed();
    return this.now();
  }

  /** Called after every jump of the clock (not for the passing of real time). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}

export interface RealTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const nodeTimers: RealTimers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // A pending delivery must not keep a finished test process alive.
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Longest delay a Node timer accepts. */
const MAX_TIMER_MS = 2_147_483_647;

export interface TimelineHandle {
  cancel(): void;
}

/**
 * Callbacks due at instants of the emulator clock. One real timer is armed for the earliest; a
 * clock jump runs everything that became due at once, in due order.
 */
export class Timeline {
  private entries: { dueAt: number; seq: number; fn: () => void }[] = [];
  private seq = 0;
  private timer: unknown = null;
  private running = false;
  private stopped = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly clock: EmulatorClock,
    private readonly timers: RealTimers = nodeTimers,
  ) {
    this.unsubscribe = clock.onChange(() => this.runDue());
  }

  at(dueAt: number, fn: () => void): TimelineHandle {
    const entry = { dueAt, seq: this.seq++, fn };
    this.entries.push(entry);
    this.arm();
    return {
      cancel: () => {
        this.entries = this.entries.filter((e) => e !== entry);
        this.arm();
      },
    };
  }

  /** Runs every callback due now (also those that due callbacks schedule for now). */
  runDue(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    try {
      for (;;) {
        const now = this.clock.now();
        let next: (typeof this.entries)[number] | undefined;
        for (const e of this.entries) {
          if (e.dueAt <= now && (!next || e.dueAt < next.dueAt || (e.dueAt === next.dueAt && e.seq < next.seq))) next = e;
        }
        if (!next) break;
        const due = next;
        this.entries = this.entries.filter((e) => e !== due);
        try {
          due.fn();
        } catch (err) {
          console.error('emulator: a scheduled task failed', err);
        }
      }
    } finally {
      this.running = false;
    }
    this.arm();
  }

  get size(): number {
    return this.entries.length;
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe();
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.entries = [];
  }

  private arm(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped || this.running || this.entries.length === 0) return;
    let earliest = Infinity;
    for (const e of this.entries) if (e.dueAt < earliest) earliest = e.dueAt;
    const delay = Math.min(Math.max(0, earliest - this.clock.now()), MAX_TIMER_MS);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.runDue();
    }, delay);
  }
}
