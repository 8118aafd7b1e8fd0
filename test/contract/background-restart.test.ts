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
  until,
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
  // Its waits add up to 90 s (some progress, then the outbox empty): each dropped append (10%) holds
  // its conversation for the client's 10 s timeout before it may be read back, so a run takes 30–60 s.
  it('finishes after a restart what the killed worker had queued', { timeout: 120_000 }, async () => {
    const ws = proWorkspace();
    const planned = plan(await pickConversations(ws, 10), 'r', Date.now() + 7 * 86_400_000);
    const dbName = freshDbName('restart');

    const kill = new AbortController();
    const killable: typeof fetch = (input, init) => {
      const signal = init?.signal ? AbortSignal.any([init.signal, kill.signal]) : kill.signal;
      return fetch(input, { ...init, signal });
    };
    const first = await startBackground(ws, dbName, { fetch: killable });
    await setFaults({ latencyMs: 15, errorRate: 0.2, dropRate: 0.1, rateLimit: { calls: 50, windowMs: 1_000 } });
    for (const action of interleave(planned)) await must(first.service, action);
    await until(async () => first.service.outbox.stats().applied >= 20, 30_000, 'some progress');

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

    const second = await startBackground(ws, dbName);
    handles.push(second);
    await until(async () => (await second.service.outbox.list()).length === 0, 60_000, 'the outbox to empty');
    await clearFaults();
    await expectPlanApplied(planned);
    console.info(
      `background restart test: applied before kill=${leftBehind}, after restart=${second.service.outbox.stats().applied}, ` +
        `read-backs=${second.service.outbox.stats().readBacks}`,
    );
  });
});
