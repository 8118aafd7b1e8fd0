/**
 * A worker killed mid-way (its requests cut, its database connection gone) and a new one started
 * over the same IndexedDB: what the first had queued is finished by the second, in order, each append
 * exactly once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearFaults, proWorkspace, resetEmulator, setFaults } from './harness';
import {
  expectPlanApplied,
  freshDbName,
  interleave,
  must,
  pickConversations,
  plan,
  startBackground,
  drain,
  steppedClock,
  type ServiceHandle,
} from './background-support';

const handles: ServiceHandle[] = [];

beforeEach(async () => {
  fakeBrowser.reset();
  await resetEmulator('demo');
});

afterEach(async () => {
  vi.restoreAllMocks();
  await clearFaults();
  for (const h of handles.splice(0)) {
    h.service.stop();
    h.db.close();
  }
});

describe('background outbox across a killed worker', () => {
  // Each dropped append (10%) holds its conversation for the client's 10 s timeout before it may be
  // read back: the test moves the product's clock (and the emulator's) over those waits instead of
  // living through them, which took 30-60 s of real time and ran out of its 60 s under load.
  it('finishes after a restart what the killed worker had queued', async () => {
    const ws = proWorkspace();
    const planned = plan(await pickConversations(ws, 10), 'r', Date.now() + 7 * 86_400_000);
    const dbName = freshDbName('restart');

    const kill = new AbortController();
    const killable: typeof fetch = (input, init) => {
      const signal = init?.signal ? AbortSignal.any([init.signal, kill.signal]) : kill.signal;
      return fetch(input, { ...init, signal });
    };
    const stepped = steppedClock();
    const wakes = { first: null as number | null, second: null as number | null };
    const time = (which: keyof typeof wakes) => ({
      clock: stepped.clock,
      timers: stepped.timers,
      onNextWake: (at: number | null) => (wakes[which] = at),
    });
    const first = await startBackground(ws, dbName, { fetch: killable, ...time('first') });
    await setFaults({ latencyMs: 15, errorRate: 0.2, dropRate: 0.1, rateLimit: { calls: 50, windowMs: 1_000 } });
    for (const action of interleave(planned)) await must(first.service, action);
    await drain(first.service, stepped, () => wakes.first, async () => first.service.outbox.stats().applied >= 20, 'some progress');

    // Killed: requests on the wire are cut, nothing more is written. The dying instance's failed
    // writes are what a kill looks like from inside; keep them out of the test output.
    const consoleError = console.error;
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!args.some((a) => a instanceof Error && a.name === 'InvalidStateError')) consoleError(...args);
    });
    first.service.stop();
    kill.abort();
    first.db.close();
    const leftBehind = first.service.outbox.stats().applied;
    expect(leftBehind).toBeLessThan(100);

    const second = await startBackground(ws, dbName, time('second'));
    handles.push(second);
    await drain(second.service, stepped, () => wakes.second, async () => (await second.service.outbox.list()).length === 0, 'the outbox empty');
    await clearFaults();
    await expectPlanApplied(planned);
    console.info(
      `background restart test: applied before kill=${leftBehind}, after restart=${second.service.outbox.stats().applied}, ` +
        `read-backs=${second.service.outbox.stats().readBacks}`,
    );
  });
});
