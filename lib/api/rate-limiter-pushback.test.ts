/**
 * The limiter once the key has pushed back, and before: a lone user's lists are not held behind
 * their own calls; past the limit the floor goes under one call per window, and work that can wait
 * is shed rather than late, and the user's own calls are paced to the learned rate, first in line;
 * what was learned about the key survives a restart and a week of quiet.
 */
import { describe, expect, it } from 'vitest';
import { KEY_MEMORY_MS } from './key-memory';
import { FakeClock, T0 } from './limiter-test-clock';
import { risingPriority } from './priority';
import { createSlidingWindowLimiter, isShedError } from './rate-limiter';

/** No jitter; calls on the wire unbounded; a cut halves, a window's worth of calls adds 0.05: the rules alone. */
const exact = { random: () => 0.5, lowInFlight: 50, decrease: 0.5, increasePerWindow: 0.05 };

describe('a lone user never waits on their own calls', () => {
  it('until the key pushes back, list work is measured against list work only', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: exact });
    expect(limiter.snapshot()).toMatchObject({ rate: 5, starting: true });
    // The key tested and a panel opened: the user's own calls fill the fresh rate of 5 twice over.
    for (let i = 0; i < 10; i++) limiter.completed(await limiter.acquire({ priority: 'user' }), true, true);
    const lists: number[] = [];
    for (let i = 0; i < 5; i++) void limiter.acquire({ priority: 'list' }).then((t) => lists.push(t));
    await clock.advance(0);
    expect(lists).toEqual([T0, T0, T0, T0, T0]);
  });

  it('a batch that fills the fresh rate exactly, then the call that needs its answers, goes at once', async () => {
    // A results page of five people: five lead look-ups fill the fresh rate of 5, and the page's one
    // conversation search can only start once they are answered. Nothing was held back while they
    // went: the rate must still have grown, or the search waits a whole window (the RTL e2e).
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: exact });
    const lookups = await Promise.all(Array.from({ length: 5 }, () => limiter.acquire({ priority: 'list' })));
    expect(lookups).toEqual([T0, T0, T0, T0, T0]);
    await clock.advance(300);
    for (const t of lookups) limiter.completed(t, true, true);
    let search: number | null = null;
    void limiter.acquire({ priority: 'list' }).then((t) => (search = t));
    await clock.advance(0);
    expect(search).toBe(T0 + 300);
    expect(limiter.snapshot().rate).toBe(10);
  });

  it('a rate used below its last slot learns nothing: it does not grow', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: exact });
    const lookups = await Promise.all(Array.from({ length: 4 }, () => limiter.acquire({ priority: 'list' })));
    await clock.advance(300);
    for (const t of lookups) limiter.completed(t, true, true);
    expect(limiter.snapshot().rate).toBe(5);
  });

  it('once the key has pushed back, the user\'s calls count again: lists get what the window left', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: exact, state: { calls: [], pausedUntil: 0, rate: 8, settledAt: T0 - 1000 } });
    for (let i = 0; i < 6; i++) limiter.completed(await limiter.acquire({ priority: 'user' }), true, true);
    let lists = 0;
    for (let i = 0; i < 5; i++) void limiter.acquire({ priority: 'list' }).then(() => lists++, () => undefined);
    await clock.advance(0);
    expect(lists).toBe(2);
  });
});

describe('past the limit: a backoff floor under one call per window', () => {
  it('halves the rate at each pushback a window apart, down to one call per 80 s, and spaces list calls by window ÷ rate', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: { ...exact, shedAfterMs: Infinity }, state: { calls: [], pausedUntil: 0, rate: 2, settledAt: T0 } });
    const rates: number[] = [];
    for (let i = 0; i < 6; i++) {
      limiter.throttled(clock.now() + 1000);
      rates.push(limiter.snapshot().rate!);
      await clock.advance(10_000);
    }
    // The first cut is from what the window used (nothing: one call), halved.
    expect(rates).toEqual([0.5, 0.25, 0.125, 0.125, 0.125, 0.125]);
    expect(limiter.snapshot().pushbacks).toHaveLength(6);
    // At 1/8 of a call per window: one list call, then the next 80 s later (an accepted answer
    // would raise the rate a little: none comes here).
    const grants: number[] = [];
    for (let i = 0; i < 3; i++) void limiter.acquire({ priority: 'list' }).then((t) => grants.push(t));
    await clock.advance(0);
    expect(grants).toHaveLength(1);
    await clock.advance(79_000);
    expect(grants).toHaveLength(1);
    await clock.advance(1_000);
    expect(grants).toHaveLength(2);
    expect(grants[1]! - grants[0]!).toBe(80_000);
  });

  it('spaces list calls 20 s apart at half a call per window, while the user\'s calls go at once', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: { ...exact, shedAfterMs: Infinity }, state: { calls: [], pausedUntil: 0, rate: 0.5, settledAt: T0 } });
    const lists: number[] = [];
    for (let i = 0; i < 3; i++) void limiter.acquire({ priority: 'list' }).then((t) => lists.push(t));
    let users = 0;
    for (let i = 0; i < 5; i++) void limiter.acquire({ priority: 'user' }).then(() => users++);
    await clock.advance(0);
    expect(users).toBe(5);
    await clock.advance(45_000);
    expect(lists.map((t) => t - T0)).toEqual([0, 20_000, 40_000]);
  });

  it('climbs back additively from under one call per window as calls are accepted', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: { ...exact, shedAfterMs: Infinity }, state: { calls: [], pausedUntil: 0, rate: 0.25, settledAt: T0 } });
    for (let i = 0; i < 2; i++) void limiter.acquire({ priority: 'list' });
    await clock.advance(0);
    for (let i = 0; i < 5; i++) limiter.completed(await limiter.acquire({ priority: 'user' }), true, true);
    expect(limiter.snapshot().rate).toBeCloseTo(0.5);
  });
});

describe("past the limit, with `paceUsersAfterPushbacks`: the user's calls are paced too, first in line", () => {
  /** The option the team benchmark measures beside the default (`bench/results.md`, issue 25). */
  const paced = { ...exact, paceUsersAfterPushbacks: 1 };
  /** Grant times of `n` calls of class `p`, pushed as they are granted. */
  const queue = (limiter: ReturnType<typeof createSlidingWindowLimiter>, p: 'user' | 'list', n: number, into: number[]) => {
    for (let i = 0; i < n; i++) void limiter.acquire({ priority: p }).then((t) => into.push(t - T0));
  };

  it('once the key pushed back, the user waits for the learned rate (never under two a window), ahead of lists', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: { ...paced, shedAfterMs: Infinity }, state: { calls: [], pausedUntil: 0, rate: 3, settledAt: T0, pushbacks: [T0] } });
    const users: number[] = [];
    const lists: number[] = [];
    queue(limiter, 'user', 5, users);
    queue(limiter, 'list', 2, lists);
    await clock.advance(0);
    // Three a window (the rate), the user's first; the lists wait for what the user leaves.
    expect(users).toEqual([0, 0, 0]);
    expect(lists).toEqual([]);
    await clock.advance(10_000);
    expect(users).toEqual([0, 0, 0, 10_000, 10_000]);
    expect(lists).toEqual([10_000]);
    // At a rate under two, two calls a window still go: one profile's look-up (lead, conversations).
    const slow = createSlidingWindowLimiter({ clock, adaptive: { ...paced, shedAfterMs: Infinity }, state: { calls: [], pausedUntil: 0, rate: 0.5, settledAt: clock.now(), pushbacks: [clock.now()] } });
    let n = 0;
    for (let i = 0; i < 4; i++) void slow.acquire({ priority: 'user' }).then(() => n++);
    await clock.advance(0);
    expect(n).toBe(2);
  });

  it("paces while it holds the user back, past the last pushback's minute; a quiet window ends it", async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: { ...paced, shedAfterMs: Infinity, shedForMs: 60_000 }, state: { calls: [], pausedUntil: 0, rate: 2, settledAt: T0, pushbacks: [T0] } });
    const users: number[] = [];
    // A busy user: five calls every ten seconds for 80 s, more than the rate gives.
    for (let w = 0; w < 8; w++) {
      queue(limiter, 'user', 5, users);
      await clock.advance(10_000);
    }
    // Still two a window at 70-80 s, though the only pushback is 80 s old: ending on a clock would
    // send every paced teammate's queue into the same window.
    const perWindow = (from: number) => users.filter((t) => t >= from && t < from + 10_000).length;
    expect(perWindow(70_000)).toBeLessThanOrEqual(3);
    // The queue drains, then nothing is asked for two windows: the key is no longer known to be full.
    await clock.advance(300_000);
    const before = users.length;
    queue(limiter, 'user', 6, users);
    await clock.advance(0);
    expect(users.length - before).toBe(6);
  });

  it('by default the user is never paced: the profile on screen and actions wait only for the service', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: exact, state: { calls: [], pausedUntil: 0, rate: 2, settledAt: T0, pushbacks: [T0] } });
    let n = 0;
    for (let i = 0; i < 12; i++) void limiter.acquire({ priority: 'user' }).then(() => n++);
    await clock.advance(0);
    expect(n).toBe(12);
  });

  it("a lone user's calls are not paced before the key pushes back, nor by a memory without a pushback in the last minute", async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: paced, state: { calls: [], pausedUntil: 0, rate: 2, settledAt: T0 - 120_000, pushbacks: [T0 - 120_000] } });
    let n = 0;
    for (let i = 0; i < 12; i++) void limiter.acquire({ priority: 'user' }).then(() => n++);
    await clock.advance(0);
    expect(n).toBe(12);
  });
});

describe('past the limit: work that can wait is shed, quietly, rather than late', () => {
  it('rejects list and idle calls whose slot is further than shedAfterMs once the key pushed back; the user goes', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: { ...exact, shedAfterMs: 2000 }, state: { calls: [], pausedUntil: 0, rate: 3, settledAt: T0 } });
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) void limiter.acquire({ priority: i < 4 ? 'list' : 'idle' }).then(() => outcomes.push('granted'), (e: unknown) => outcomes.push(isShedError(e) ? 'shed' : 'other'));
    const user = limiter.acquire({ priority: 'user' });
    await clock.advance(0);
    await expect(user).resolves.toBe(T0);
    expect(outcomes.sort()).toEqual(['granted', 'granted', 'granted', 'shed', 'shed']);
  });

  it('keeps a list call the user then waits for: raised to the user\'s class, it is not shed', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: { ...exact, shedAfterMs: 2000 }, state: { calls: [], pausedUntil: 0, rate: 1, settledAt: T0 } });
    void limiter.acquire({ priority: 'list' });
    const opened = risingPriority('list');
    opened.raise('user');
    await expect(limiter.acquire({ priority: opened })).resolves.toBe(T0);
  });

  it('sheds nothing on what the key taught yesterday alone; a pushback today sheds again', async () => {
    // A team's morning: the rate remembered from yesterday's pushbacks holds the lists, but the key
    // has refused nothing today; shedding then showed no badge at all with no 429 (416 of 420).
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: { ...exact, shedAfterMs: 2000 }, state: { calls: [], pausedUntil: 0, rate: 2, settledAt: T0 - 12 * 60 * 60 * 1000 } });
    const outcomes: string[] = [];
    const list = () => void limiter.acquire({ priority: 'list' }).then(() => outcomes.push('granted'), (e: unknown) => outcomes.push(isShedError(e) ? 'shed' : 'other'));
    for (let i = 0; i < 4; i++) list();
    await clock.advance(0);
    expect(outcomes).toEqual(['granted', 'granted']);
    await clock.advance(10_000);
    expect(outcomes).toEqual(['granted', 'granted', 'granted', 'granted']);
    // The key refuses a call now: past the limit again, work that would come late is shed.
    limiter.throttled(clock.now() + 1000);
    outcomes.length = 0;
    for (let i = 0; i < 4; i++) list();
    await clock.advance(0);
    expect(outcomes).toContain('shed');
  });

  it('sheds nothing before the key has pushed back (a lone user\'s long page waits its turn)', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: { ...exact, shedAfterMs: 2000 } });
    let shed = 0;
    for (let i = 0; i < 40; i++) void limiter.acquire({ priority: 'list' }).catch(() => shed++);
    await clock.advance(30_000);
    expect(shed).toBe(0);
  });
});

describe('memory of the key', () => {
  const day = 24 * 60 * 60 * 1000;

  it('restarts on a state written before keys were remembered at its learned rate, dated now', () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: exact, state: { calls: [], pausedUntil: 0, rate: 7 } });
    expect(limiter.snapshot()).toMatchObject({ rate: 7, settledAt: T0, pushbacks: [] });
    expect(limiter.snapshot().starting).toBeUndefined();
    expect(limiter.memory()).toEqual({ rate: 7, settledAt: T0, pushbacks: [] });
  });

  it('starts as new on a key that has not pushed back for a week; keeps a key that did within it', () => {
    const clock = new FakeClock();
    const stale = createSlidingWindowLimiter({ clock, adaptive: exact, state: { calls: [], pausedUntil: 0, rate: 3, settledAt: T0 - KEY_MEMORY_MS, pushbacks: [T0 - KEY_MEMORY_MS] } });
    expect(stale.snapshot()).toMatchObject({ rate: 5, starting: true });
    expect(stale.memory()).toBeNull();
    const known = createSlidingWindowLimiter({ clock, adaptive: exact, state: { calls: [], pausedUntil: 0, rate: 3, settledAt: T0 - day, pushbacks: [T0 - 8 * day, T0 - 2 * day, T0 - day] } });
    expect(known.memory()).toEqual({ rate: 3, settledAt: T0 - day, pushbacks: [T0 - 2 * day, T0 - day] });
  });

  it('reads a corrupt stored state as sanely as it can', () => {
    const clock = new FakeClock();
    const state = { calls: [T0 - 1, 'x', null, T0 - 5], pausedUntil: Number.NaN, rate: 'fast', low: 'nope', lastLowAt: Infinity, settledAt: 'yesterday', pushbacks: [1, 'x'] };
    const limiter = createSlidingWindowLimiter({ clock, adaptive: exact, state: state as never });
    expect(limiter.snapshot()).toMatchObject({ calls: [T0 - 5, T0 - 1], pausedUntil: 0, rate: 5, starting: true, low: [] });
  });

  it('adopts what it knows of a key switched to: its rate, grown additively; a key it does not know starts as new', async () => {
    const clock = new FakeClock();
    const limiter = createSlidingWindowLimiter({ clock, adaptive: exact, state: { calls: [], pausedUntil: T0 + 5000, rate: 20, settledAt: T0 } });
    limiter.adopt({ rate: 4, settledAt: T0 - day, pushbacks: [T0 - day] });
    expect(limiter.snapshot()).toMatchObject({ rate: 4, pausedUntil: 0, settledAt: T0 - day });
    expect(limiter.snapshot().starting).toBeUndefined();
    limiter.adopt(null);
    expect(limiter.snapshot()).toMatchObject({ rate: 5, starting: true });
    limiter.adopt({ rate: 4, settledAt: T0 - 8 * day, pushbacks: [] });
    expect(limiter.memory()).toBeNull();
  });
});
