import { describe, expect, it } from 'vitest';
import { risingPriority } from './priority';
import { FakeClock, T0 } from './limiter-test-clock';
import { createSlidingWindowLimiter, type LimiterState } from './rate-limiter';




/** Seeded PRNG (mulberry32) so the random test is reproducible. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Settlement of a promise, readable synchronously by the test. */
function track(p: Promise<unknown>) {
  const s: { done: boolean; error: unknown; at: number | null } = { done: false, error: undefined, at: null };
  p.then(
    () => {
      s.done = true;
    },
    (e: unknown) => {
      s.error = e;
    },
  );
  return s;
}

async function fill(limiter: { acquire(): Promise<unknown> }, n: number) {
  for (let i = 0; i < n; i++) await limiter.acquire();
}

/** Largest number of grants inside any half-open window [t, t + windowMs). */
function maxPerWindow(times: number[], windowMs: number) {
  let max = 0;
  let lo = 0;
  for (let hi = 0; hi < times.length; hi++) {
    while ((times[hi] ?? 0) - (times[lo] ?? 0) >= windowMs) lo++;
    max = Math.max(max, hi - lo + 1);
  }
  return max;
}

describe('sliding window', () => {
  it('never lets any 10 s window hold more than 50 calls under random arrivals, and never waits needlessly', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock });
    const random = mulberry32(42);
    const grants: { at: number; arrival: number }[] = [];
    const n = 4000;
    let at = T0;
    for (let i = 0; i < n; i++) {
      // Alternating phases: bursts far above the limit, a steady trickle below it, and idle gaps.
      const phase = Math.floor(i / 400) % 3;
      at += phase === 0 ? random() * 40 : phase === 1 ? random() * 500 : random() < 0.02 ? 15_000 : random() * 250;
      const arrival = Math.round(at);
      const priority = random() < 0.3 ? 'user' : 'background';
      clock.setTimeout(() => {
        void limiter.acquire({ priority }).then(() => grants.push({ at: clock.now(), arrival }));
      }, arrival - clock.now());
    }
    await clock.runAll();

    expect(grants).toHaveLength(n);
    const times = grants.map((g) => g.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (let i = 0; i + 50 < times.length; i++) {
      expect((times[i + 50] ?? 0) - (times[i] ?? 0)).toBeGreaterThanOrEqual(10_000);
    }
    expect(maxPerWindow(times, 10_000)).toBe(50);
    grants.forEach((g, i) => {
      expect(g.at).toBeGreaterThanOrEqual(g.arrival);
      // A call that had to wait went the instant a slot freed: the 50th call before it left the window just then.
      if (g.at > g.arrival) expect(grants[i - 50]?.at).toBe(g.at - 10_000);
    });
  }, 30_000); // 4,000 grants on a fake clock: a few seconds of CPU on a busy machine

  it('reaches exactly 50 calls per window at saturation', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock });
    const times: number[] = [];
    for (let i = 0; i < 500; i++) void limiter.acquire().then(() => times.push(clock.now()));
    await clock.runAll();

    expect(times).toHaveLength(500);
    for (let k = 0; k < 10; k++) {
      expect(times.filter((t) => t === T0 + k * 10_000)).toHaveLength(50);
    }
  });

  it('frees slots one by one as old calls leave the rolling window (no fixed buckets)', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, limit: 3, windowMs: 1000 });
    await limiter.acquire();
    await clock.advance(400);
    await limiter.acquire();
    await clock.advance(400);
    await limiter.acquire();
    const times: number[] = [];
    for (let i = 0; i < 3; i++) void limiter.acquire().then(() => times.push(clock.now()));
    await clock.runAll();
    expect(times).toEqual([T0 + 1000, T0 + 1400, T0 + 1800]);
  });

  it('counts an answered call from its answer: the next call in its slot leaves a full window after it', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, limit: 2, windowMs: 1000 });
    const a = await limiter.acquire();
    const b = await limiter.acquire();
    expect([a, b]).toEqual([T0, T0]);
    // Both answers come 300 ms later: the service may have counted them as late as that.
    await clock.advance(300);
    limiter.completed(a);
    limiter.completed(b);
    expect(limiter.snapshot().calls).toEqual([T0 + 300, T0 + 300]);
    const times: number[] = [];
    void limiter.acquire().then((at) => times.push(at));
    await clock.advance(699);
    expect(times).toEqual([]);
    await clock.runAll();
    expect(times).toEqual([T0 + 1300]);
  });

  it('counts a call given up without an answer from as late as it could still reach the service', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, limit: 1, windowMs: 1000 });
    const a = await limiter.acquire();
    // Cancelled 200 ms in: the request may still arrive, as late as 200 ms from now.
    await clock.advance(200);
    limiter.completed(a, false);
    expect(limiter.snapshot().calls).toEqual([T0 + 400]);
    const times: number[] = [];
    void limiter.acquire().then((at) => times.push(at));
    await clock.runAll();
    expect(times).toEqual([T0 + 1400]);
  });

  it('keeps the log in order when calls are answered out of order, and ignores a grant it no longer holds', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, limit: 3, windowMs: 1000 });
    const a = await limiter.acquire();
    await clock.advance(100);
    const b = await limiter.acquire();
    await clock.advance(100);
    limiter.completed(a);
    limiter.completed(T0 - 5_000);
    expect(limiter.snapshot().calls).toEqual([T0 + 100, T0 + 200]);
    expect(b).toBe(T0 + 100);
  });

  it('rejects a nonsensical configuration', () => {
    expect(() => createSlidingWindowLimiter({ limit: 0 })).toThrow(RangeError);
    expect(() => createSlidingWindowLimiter({ windowMs: 0 })).toThrow(RangeError);
  });

  it('works with the default system clock when a slot is free', async () => {
    const limiter = createSlidingWindowLimiter();
    const before = Date.now();
    await limiter.acquire();
    const [call] = limiter.snapshot().calls;
    expect(call).toBeGreaterThanOrEqual(before);
  });
});

describe('priority', () => {
  it('serves every queued user acquire before any queued background one, FIFO within each', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, limit: 2, windowMs: 1000 });
    await fill(limiter, 2);
    const order: string[] = [];
    const enqueue = (name: string, priority: 'user' | 'background') =>
      void limiter.acquire({ priority }).then(() => order.push(`${name}@${clock.now() - T0}`));
    enqueue('bg1', 'background');
    enqueue('bg2', 'background');
    enqueue('user1', 'user');
    enqueue('bg3', 'background');
    enqueue('user2', 'user');
    await clock.runAll();
    expect(order).toEqual(['user1@1000', 'user2@1000', 'bg1@2000', 'bg2@2000', 'bg3@3000']);
  });

  it('treats an acquire without a priority as background', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, limit: 1, windowMs: 1000 });
    await fill(limiter, 1);
    const order: string[] = [];
    void limiter.acquire().then(() => order.push('default'));
    void limiter.acquire({ priority: 'user' }).then(() => order.push('user'));
    await clock.runAll();
    expect(order).toEqual(['user', 'default']);
  });
});

describe('cancellation', () => {
  it('removes an aborted waiter from the queue and rejects with the signal reason', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, limit: 1, windowMs: 1000 });
    await fill(limiter, 1);
    const controller = new AbortController();
    const a = track(limiter.acquire({ signal: controller.signal }));
    const b = track(limiter.acquire());
    controller.abort();
    await clock.advance(0);
    expect(a.error).toBeInstanceOf(DOMException);
    expect((a.error as DOMException).name).toBe('AbortError');
    expect(a.error).toBe(controller.signal.reason);

    // b takes the slot a would have had, and a never took one.
    await clock.advance(999);
    expect(b.done).toBe(false);
    await clock.advance(1);
    expect(b.done).toBe(true);
    expect(a.done).toBe(false);
    expect(limiter.snapshot().calls).toEqual([T0 + 1000]);
  });

  it('rejects with a custom abort reason', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, limit: 1, windowMs: 1000 });
    await fill(limiter, 1);
    const controller = new AbortController();
    const reason = new Error('profile left');
    const p = limiter.acquire({ signal: controller.signal });
    controller.abort(reason);
    await expect(p).rejects.toBe(reason);
  });

  it('rejects at once, without taking a slot, when the signal is already aborted', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock });
    await expect(limiter.acquire({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(limiter.snapshot().calls).toEqual([]);
  });

  it('drops its timer when the last waiter is aborted', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, limit: 1, windowMs: 1000 });
    await fill(limiter, 1);
    const controller = new AbortController();
    const p = track(limiter.acquire({ signal: controller.signal }));
    expect(clock.pendingTimers()).toBe(1);
    controller.abort();
    await clock.advance(0);
    expect(clock.pendingTimers()).toBe(0);
    expect(p.error).toBeDefined();
  });

  it('ignores an abort after the slot was granted', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock });
    const controller = new AbortController();
    await limiter.acquire({ signal: controller.signal });
    controller.abort();
    expect(limiter.snapshot().calls).toEqual([T0]);
  });
});

describe('pause after a 429', () => {
  it('holds every caller until the pause ends', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock });
    limiter.pauseUntil(T0 + 3000);
    const user = track(limiter.acquire({ priority: 'user' }));
    const bg = track(limiter.acquire());
    await clock.advance(2999);
    expect([user.done, bg.done]).toEqual([false, false]);
    await clock.advance(1);
    expect([user.done, bg.done]).toEqual([true, true]);
  });

  it('delays a waiter already scheduled for an earlier slot', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, limit: 1, windowMs: 1000 });
    await fill(limiter, 1);
    const p = track(limiter.acquire());
    limiter.pauseUntil(T0 + 5000);
    await clock.advance(4999);
    expect(p.done).toBe(false);
    await clock.advance(1);
    expect(p.done).toBe(true);
  });

  it('is never shortened by a later, shorter pause, and ignores a pause in the past', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock });
    limiter.pauseUntil(T0 + 5000);
    limiter.pauseUntil(T0 + 1000);
    limiter.pauseUntil(T0 - 1000);
    expect(limiter.snapshot().pausedUntil).toBe(T0 + 5000);
    const p = track(limiter.acquire());
    await clock.advance(4999);
    expect(p.done).toBe(false);
    await clock.advance(1);
    expect(p.done).toBe(true);
  });
});

describe('serialisable state', () => {
  it('reports each change and restores from a snapshot, still counting the old calls', async () => {
    const clock = new FakeClock();
    let saved: LimiterState | null = null;
    const first = createSlidingWindowLimiter({ clock, onChange: (s) => (saved = s) });
    await fill(first, 50);
    expect(saved).not.toBeNull();
    expect(saved!.calls).toHaveLength(50);

    // The service worker restarts 4 s later: the new limiter starts from the persisted JSON.
    await clock.advance(4000);
    const restored = createSlidingWindowLimiter({ clock, state: JSON.parse(JSON.stringify(saved)) as LimiterState });
    const p = track(restored.acquire());
    await clock.advance(5999);
    expect(p.done).toBe(false);
    await clock.advance(1);
    expect(p.done).toBe(true);
  });

  it('restores a pause', async () => {
    const clock = new FakeClock();
    const restored = createSlidingWindowLimiter({ clock, state: { calls: [], pausedUntil: T0 + 2000 } });
    const p = track(restored.acquire());
    await clock.advance(1999);
    expect(p.done).toBe(false);
    await clock.advance(1);
    expect(p.done).toBe(true);
  });

  it('takes over a kept state after it was made (restore), sanitised like a state given at creation', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock });
    limiter.restore({ calls: [Number.NaN, T0 + 20_000], pausedUntil: T0 + 2000 });
    expect(limiter.snapshot()).toEqual({ calls: [], pausedUntil: T0 + 2000 });
    const p = track(limiter.acquire());
    await clock.advance(1999);
    expect(p.done).toBe(false);
    await clock.advance(1);
    expect(p.done).toBe(true);
  });

  it('reports a pause through onChange', () => {
    const clock = new FakeClock();
    const states: LimiterState[] = [];
    const limiter = createSlidingWindowLimiter({ clock, onChange: (s) => states.push(s) });
    limiter.pauseUntil(T0 + 7000);
    expect(states).toEqual([{ calls: [], pausedUntil: T0 + 7000 }]);
  });

  it('prunes calls older than the window and an expired pause', async () => {
    const clock = new FakeClock();
    const emitted: { at: number; s: LimiterState }[] = [];
    const limiter = createSlidingWindowLimiter({
      clock,
      limit: 5,
      windowMs: 1000,
      onChange: (s) => emitted.push({ at: clock.now(), s }),
    });
    for (let i = 0; i < 20; i++) {
      await limiter.acquire();
      await clock.advance(300);
    }
    for (const { at, s } of emitted) expect(s.calls.every((t) => at - t < 1000)).toBe(true);
    limiter.pauseUntil(clock.now() + 100);
    await clock.advance(1000);
    expect(limiter.snapshot()).toEqual({ calls: [], pausedUntil: 0 });
  });

  it('ignores garbage and stamps from a clock that jumped back in a restored state', async () => {
    const clock = new FakeClock();
    const state = { calls: [Number.NaN, T0 + 3_600_000, T0 - 500], pausedUntil: Number.NaN };
    const limiter = createSlidingWindowLimiter({ clock, limit: 2, windowMs: 1000, state });
    await limiter.acquire();
    expect(limiter.snapshot()).toEqual({ calls: [T0 - 500, T0], pausedUntil: 0 });
  });
});

describe('priority classes and shares', () => {
  function fakeClock(start = 1_000_000) {
    let now = start;
    const timers: { at: number; fn: () => void; id: number }[] = [];
    let next = 1;
    return {
      clock: {
        now: () => now,
        setTimeout: (fn: () => void, ms: number) => {
          const id = next++;
          timers.push({ at: now + ms, fn, id });
          return id;
        },
        clearTimeout: (h: unknown) => {
          const i = timers.findIndex((t) => t.id === h);
          if (i >= 0) timers.splice(i, 1);
        },
      },
      advance(ms: number) {
        const until = now + ms;
        for (;;) {
          timers.sort((a, b) => a.at - b.at);
          const t = timers[0];
          if (!t || t.at > until) break;
          timers.shift();
          now = t.at;
          t.fn();
        }
        now = until;
      },
    };
  }
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('serves user, then background, then list, then idle', async () => {
    const c = fakeClock();
    const limiter = createSlidingWindowLimiter({ limit: 1, windowMs: 1000, clock: c.clock, shares: {} });
    await limiter.acquire({ priority: 'user' });
    const order: string[] = [];
    for (const p of ['idle', 'list', 'background', 'user'] as const) void limiter.acquire({ priority: p }).then(() => order.push(p));
    for (let i = 0; i < 4; i++) {
      c.advance(1000);
      await flush();
    }
    expect(order).toEqual(['user', 'background', 'list', 'idle']);
  });

  it('caps list work (and the idle work below it) at its share, leaving the rest to the user', async () => {
    const c = fakeClock();
    const limiter = createSlidingWindowLimiter({ limit: 10, windowMs: 1000, clock: c.clock, shares: { list: 0.6 } });
    let lists = 0;
    for (let i = 0; i < 10; i++) void limiter.acquire({ priority: i % 2 ? 'list' : 'idle' }).then(() => lists++);
    await flush();
    expect(lists).toBe(6);
    let users = 0;
    for (let i = 0; i < 4; i++) void limiter.acquire({ priority: 'user' }).then(() => users++);
    await flush();
    expect(users).toBe(4);
    c.advance(1000);
    await flush();
    expect(lists).toBe(10);
  });

  it('moves a waiting list call to the user class when its priority rises: it no longer waits for the list cap', async () => {
    const c = fakeClock();
    const limiter = createSlidingWindowLimiter({ limit: 10, windowMs: 1000, clock: c.clock, shares: { list: 0.6 } });
    for (let i = 0; i < 6; i++) await limiter.acquire({ priority: 'list' });
    const rising = risingPriority('list');
    let granted = false;
    let other = false;
    void limiter.acquire({ priority: 'list' }).then(() => (other = true));
    void limiter.acquire({ priority: rising }).then(() => (granted = true));
    await flush();
    expect(granted).toBe(false);
    rising.raise('user');
    await flush();
    expect(granted).toBe(true);
    expect(other).toBe(false);
    // A priority never falls back.
    rising.raise('idle');
    expect(rising.current).toBe('user');
  });

  it('grants a hastened list call before list calls queued earlier, never before background or user ones, and still under the list cap', async () => {
    const c = fakeClock();
    const limiter = createSlidingWindowLimiter({ limit: 10, windowMs: 1000, clock: c.clock, shares: { list: 0.6 } });
    for (let i = 0; i < 6; i++) await limiter.acquire({ priority: 'list' });
    const order: string[] = [];
    for (let i = 0; i < 2; i++) void limiter.acquire({ priority: 'list' }).then(() => order.push(`badge${i}`));
    const first = risingPriority('list');
    first.hasten();
    void limiter.acquire({ priority: first }).then(() => order.push('hovered'));
    // Hastened while it waits: it moves ahead of the badges, behind the one hastened before it.
    const later = risingPriority('list');
    void limiter.acquire({ priority: later }).then(() => order.push('hovered-later'));
    later.hasten();
    await flush();
    // The list cap (6 of 10) holds them all, hastened or not.
    expect(order).toEqual([]);
    for (let i = 0; i < 4; i++) void limiter.acquire({ priority: 'background' }).then(() => order.push('background'));
    await flush();
    expect(order).toEqual(['background', 'background', 'background', 'background']);
    c.advance(1000);
    await flush();
    expect(order.slice(4)).toEqual(['hovered', 'hovered-later', 'badge0', 'badge1']);
    expect(first.current).toBe('list');
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => createSlidingWindowLimiter({ shares: { list: 0 } })).toThrow(RangeError);
    expect(() => createSlidingWindowLimiter({ shares: { idle: 1.5 } })).toThrow(RangeError);
  });
});

describe('adaptive (AIMD) on a shared key', () => {
  // Calls on the wire unbounded here (50), but in the tests of that cap.
  // Nothing shed and a floor of 2 here, but in the tests of those (`limiter-floor.test.ts`).
  const steady = { random: () => 0.5, decrease: 0.7, increasePerWindow: 0.25, initialShare: 0.2, lowInFlight: 50, minRate: 2, shedAfterMs: Infinity };

  it('starts a browser that learned nothing at a fifth of the limit, in slow start until its first 429', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: steady });
    expect(limiter.snapshot()).toMatchObject({ rate: 10, starting: true });
    const grants: number[] = [];
    for (let i = 0; i < 15; i++) void limiter.acquire({ priority: 'list' }).then((t) => grants.push(t));
    await clock.advance(0);
    expect(grants).toHaveLength(10);
    // Held back: each accepted call adds one (a window's worth doubles the rate), and the rest go.
    for (const t of grants.slice(0, 10)) limiter.completed(t, true, true);
    await clock.advance(0);
    expect(limiter.snapshot().rate).toBe(20);
    expect(grants).toHaveLength(15);
    // The first 429 ends it: a cut from what the window used, then the slow additive climb.
    limiter.throttled(T0 + 1000);
    expect(limiter.snapshot()).toMatchObject({ rate: 10.5, settledAt: T0, pushbacks: [T0] });
    expect(limiter.snapshot().starting).toBeUndefined();
  });

  it('cuts its rate on a 429 from what the window used, once per window, pausing until asked', async () => {
    const clock = new FakeClock();
    const states: LimiterState[] = [];
    const limiter = createSlidingWindowLimiter({ clock, adaptive: steady, state: { calls: [], pausedUntil: 0, rate: 50 }, onChange: (s) => states.push(s) });
    for (let i = 0; i < 25; i++) void limiter.acquire({ priority: 'list' });
    await clock.advance(0);
    const until = limiter.throttled(T0 + 2000);
    // 25 calls in the window, not the 50 it could have made: 25 × 0.7.
    expect(limiter.snapshot().rate).toBeCloseTo(17.5);
    // Jitter: the pause ends a little after Retry-After, never before it.
    expect(until).toBeGreaterThanOrEqual(T0 + 2000);
    expect(until).toBeLessThan(T0 + 2000 + 0.1 * 10_000);
    // A second 429 of the same burst is the same signal.
    limiter.throttled(T0 + 2000);
    expect(limiter.snapshot().rate).toBeCloseTo(17.5);
    await clock.advance(10_000);
    const after: number[] = [];
    for (let i = 0; i < 30; i++) void limiter.acquire({ priority: 'list' }).then((t) => after.push(t));
    await clock.advance(0);
    // The first call after the pause is a probe: once it is accepted, the rest follow.
    expect(after).toHaveLength(1);
    limiter.completed(after[0]!, true, true);
    await clock.advance(0);
    limiter.throttled(T0 + 12_000);
    // The learned 17.5 held it to 17 calls this time: 17 × 0.7.
    expect(limiter.snapshot().rate).toBeCloseTo(11.9);
    expect(states.at(-1)?.rate).toBeCloseTo(11.9);
  });

  it('cuts a browser that used little of its rate to a share of what it used', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: steady, state: { calls: [], pausedUntil: 0, rate: 50 } });
    for (let i = 0; i < 4; i++) void limiter.acquire({ priority: 'idle' });
    for (let i = 0; i < 2; i++) void limiter.acquire({ priority: 'user' });
    await clock.advance(0);
    limiter.throttled(T0 + 1000);
    expect(limiter.snapshot().rate).toBeCloseTo(4.2);
  });

  it("holds list and idle work to the learned rate; the user's calls and background refreshes wait only for the service's limit", async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: steady, state: { calls: [], pausedUntil: 0, rate: 10 } });
    const grants: number[] = [];
    let others = 0;
    for (let i = 0; i < 30; i++) void limiter.acquire({ priority: i % 2 ? 'list' : 'idle' }).then((t) => grants.push(t));
    await clock.advance(0);
    expect(grants).toHaveLength(10);
    for (let i = 0; i < 40; i++) void limiter.acquire({ priority: i % 2 ? 'user' : 'background' }).then(() => others++);
    await clock.advance(0);
    // Up to the service's 50: the user's and the refreshes' calls wait for nothing else.
    expect(others).toBe(40);
    await clock.advance(10_000);
    expect(grants.length).toBeGreaterThanOrEqual(20);
    expect(maxPerWindow(grants, 10_000)).toBeLessThanOrEqual(11);
    // The pause after a 429 holds everybody, the user too.
    limiter.throttled(T0 + 15_000);
    void limiter.acquire({ priority: 'user' }).then(() => others++);
    await clock.advance(1000);
    expect(others).toBe(40);
    await clock.advance(7000);
    expect(others).toBe(41);
  });

  it('raises its rate slowly, and only while the rate held calls back, never above the limit', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: steady, state: { calls: [], pausedUntil: 0, rate: 10 } });
    // Under-used: accepted calls teach nothing about the key.
    for (let i = 0; i < 50; i++) limiter.completed(T0, true, true);
    expect(limiter.snapshot().rate).toBe(10);
    // Eleven calls for a rate of ten: one held back.
    for (let i = 0; i < 11; i++) void limiter.acquire({ priority: 'list' });
    await clock.advance(0);
    // One window's worth of accepted calls adds a quarter call per window.
    for (let i = 0; i < 10; i++) limiter.completed(T0, true, true);
    expect(limiter.snapshot().rate).toBeGreaterThan(10.2);
    expect(limiter.snapshot().rate).toBeLessThan(10.3);
    // A 429 or a call without an answer raises nothing.
    limiter.completed(T0, true, false);
    limiter.completed(T0, false);
    expect(limiter.snapshot().rate).toBeLessThan(10.3);
    for (let i = 0; i < 100_000; i++) limiter.completed(T0, true, true);
    expect(limiter.snapshot().rate).toBe(50);
    // A window later with nothing held back, nothing more is learned.
    const idle = createSlidingWindowLimiter({ clock, adaptive: steady, state: { calls: [], pausedUntil: 0, rate: 10 } });
    for (let i = 0; i < 11; i++) void idle.acquire({ priority: 'list' });
    await clock.advance(20_000);
    for (let i = 0; i < 20; i++) idle.completed(clock.now(), true, true);
    expect(idle.snapshot().rate).toBe(10);
  });

  it("sheds list and idle work first: they get what the window's other calls left of the learned rate", async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: steady, state: { calls: [], pausedUntil: 0, rate: 10 } });
    let lists = 0;
    let users = 0;
    for (let i = 0; i < 8; i++) void limiter.acquire({ priority: 'user' }).then(() => users++);
    for (let i = 0; i < 5; i++) void limiter.acquire({ priority: 'list' }).then(() => lists++);
    await clock.advance(0);
    expect(users).toBe(8);
    expect(lists).toBe(2);
    // A high rate: list work still keeps within its share of the service's limit (60% of 50).
    const alone = createSlidingWindowLimiter({ clock, adaptive: steady, state: { calls: [], pausedUntil: 0, rate: 50 } });
    let aloneLists = 0;
    for (let i = 0; i < 40; i++) void alone.acquire({ priority: 'list' }).then(() => aloneLists++);
    await clock.advance(0);
    expect(aloneLists).toBe(30);
  });

  it('lets list and idle calls be at most lowInFlight on the wire at once; the user\'s calls are not counted', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: { ...steady, lowInFlight: 3 }, state: { calls: [], pausedUntil: 0, rate: 30 } });
    const lists: number[] = [];
    let users = 0;
    for (let i = 0; i < 10; i++) void limiter.acquire({ priority: 'list' }).then((t) => lists.push(t));
    for (let i = 0; i < 4; i++) void limiter.acquire({ priority: 'user' }).then(() => users++);
    await clock.advance(0);
    expect(lists).toHaveLength(3);
    expect(users).toBe(4);
    // One answered: the next goes.
    limiter.completed(lists[0]!);
    await clock.advance(0);
    expect(lists).toHaveLength(4);
    // A grant never completed stops counting after a window.
    await clock.advance(10_000);
    expect(lists.length).toBeGreaterThanOrEqual(7);
  });

  it("caps list and idle work at its share of every call in the window, so the user's calls always leave the list's room to the user", async () => {
    const clock = new FakeClock();
    // A browser alone learned the whole key.
    const limiter = createSlidingWindowLimiter({ clock, adaptive: steady, state: { calls: [], pausedUntil: 0, rate: 50 } });
    let users = 0;
    let lists = 0;
    for (let i = 0; i < 20; i++) void limiter.acquire({ priority: 'user' }).then(() => users++);
    for (let i = 0; i < 20; i++) void limiter.acquire({ priority: i % 2 ? 'list' : 'idle' }).then(() => lists++);
    await clock.advance(0);
    expect(users).toBe(20);
    // 60% of 50 = 30 calls in the window, the user's 20 among them.
    expect(lists).toBe(10);
    for (let i = 0; i < 20; i++) void limiter.acquire({ priority: 'user' }).then(() => users++);
    await clock.advance(0);
    expect(users).toBe(40);
  });

  it('lets a fresh browser resolve a page of 10 list look-ups five at once, the next five after the first answers, then the batch search', async () => {
    const clock = new FakeClock();
    // The shipped configuration: nothing learned yet, a tenth of the limit, in slow start.
    const limiter = createSlidingWindowLimiter({ clock, adaptive: { random: () => 0.5 } });
    const lookUps: number[] = [];
    for (let i = 0; i < 10; i++) void limiter.acquire({ priority: 'list' }).then((t) => lookUps.push(t));
    await clock.advance(0);
    expect(lookUps).toHaveLength(5);
    for (const t of lookUps.slice(0, 5)) limiter.completed(t, true, true);
    await clock.advance(0);
    expect(lookUps).toHaveLength(10);
    let search = false;
    void limiter.acquire({ priority: 'list' }).then(() => (search = true));
    await clock.advance(0);
    expect(search).toBe(false);
    for (const t of lookUps.slice(5)) limiter.completed(t, true, true);
    await clock.advance(0);
    expect(search).toBe(true);
  });

  it('lets a list call raised to the user leave every list hold at once: the learned rate and the calls on the wire', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: { random: () => 0.5 } });
    const lists: number[] = [];
    for (let i = 0; i < 5; i++) void limiter.acquire({ priority: 'list' }).then((t) => lists.push(t));
    const rising = risingPriority('list');
    let raised = false;
    void limiter.acquire({ priority: rising }).then(() => (raised = true));
    await clock.advance(0);
    expect(lists).toHaveLength(5);
    expect(raised).toBe(false);
    rising.raise('user');
    await clock.advance(0);
    expect(raised).toBe(true);
  });

  it('after a 429 sends one probe once the pause ends and holds the rest, the user too, until a call sent since is accepted', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: steady, state: { calls: [], pausedUntil: 0, rate: 30 } });
    const before = await limiter.acquire({ priority: 'user' });
    const until = limiter.throttled(T0 + 1000);
    limiter.completed(before, true, false);
    const grants: number[] = [];
    for (let i = 0; i < 4; i++) void limiter.acquire({ priority: 'user' }).then((t) => grants.push(t));
    await clock.advanceTo(until);
    expect(grants).toHaveLength(1);
    // A call sent before the 429 and accepted says nothing about the key now.
    const old = T0 - 1;
    limiter.completed(old, true, true);
    await clock.advance(0);
    expect(grants).toHaveLength(1);
    // The probe gets a 429 too: a new pause, and again a single probe after it.
    const again = limiter.throttled(clock.now() + 1000);
    limiter.completed(grants[0]!, true, false);
    await clock.advanceTo(again);
    expect(grants).toHaveLength(2);
    // Accepted: the rest follow at once.
    limiter.completed(grants[1]!, true, true);
    await clock.advance(0);
    expect(grants).toHaveLength(4);
  });

  it('leaves a fixed limiter without probes: after the pause every waiter goes', async () => {
    const clock = new FakeClock();
    const fixed = createSlidingWindowLimiter({ clock });
    fixed.throttled(T0 + 1000);
    let n = 0;
    for (let i = 0; i < 3; i++) void fixed.acquire({ priority: 'user' }).then(() => n++);
    await clock.advanceTo(T0 + 1000);
    expect(n).toBe(3);
  });

  it('keeps the learned rate across a restart, sanitised', () => {
    const clock = new FakeClock();
    const kept = createSlidingWindowLimiter({ clock, adaptive: steady, state: { calls: [], pausedUntil: 0, rate: 12.5 } });
    expect(kept.snapshot().rate).toBe(12.5);
    kept.restore({ calls: [], pausedUntil: 0, rate: Number.NaN });
    expect(kept.snapshot()).toMatchObject({ rate: 10, starting: true });
    kept.restore({ calls: [], pausedUntil: 0, rate: 30, starting: true });
    expect(kept.snapshot()).toMatchObject({ rate: 30, starting: true });
    kept.restore({ calls: [], pausedUntil: 0, rate: 0.1 });
    expect(kept.snapshot().rate).toBe(2);
  });

  it('leaves a fixed limiter fixed: a 429 only pauses it', () => {
    const clock = new FakeClock();
    const fixed = createSlidingWindowLimiter({ clock });
    expect(fixed.throttled(T0 + 3000)).toBe(T0 + 3000);
    expect(fixed.snapshot()).toEqual({ calls: [], pausedUntil: T0 + 3000 });
  });
});
