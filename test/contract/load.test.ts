// The emulator under load, small enough for CI: 1,500 requests from 10 concurrent clients over the
// demo's three keys under a tight rate limit. The limiter must stay exact per key, every request be
// answered once and recorded once, and the state match the accepted calls (test/load/engine.ts).
// No timing assertion: the limit's window outlasts the run, so 429s come however fast the machine is.
import { expect, it } from 'vitest';
import { formatReport, runLoad } from '../load/engine';
import { emulatorOrigin, resetEmulator } from './harness';

it('keeps the rate limit exact, answers and records every request once, and keeps the state consistent', async () => {
  const workspaces = await resetEmulator('demo');
  const report = await runLoad({
    origin: emulatorOrigin(),
    workspaces,
    requests: 1_500,
    clients: 10,
    rateLimit: { calls: 150, windowMs: 20_000 },
    seed: 'contract-load',
    timeLimitMs: 50_000,
  });
  console.info(formatReport(report));
  expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  expect(report.checks.map((c) => c.name)).toEqual(expect.arrayContaining(['every request answered exactly once', 'every 429 carries Retry-After']));
  expect(report.statuses['429']).toBeGreaterThan(0);
  expect(report.statuses['200']).toBeGreaterThan(0);
  await resetEmulator('demo');
});
