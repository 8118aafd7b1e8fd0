/**
 * `npm run loadtest -- [--requests N] [--clients N] [--calls N] [--window-ms N] [--seed S] [--time-limit-ms N]`
 *
 * A bounded loopback load test of the emulator: it starts one in this process (demo seed, free port),
 * sends 10,000 requests from 20 concurrent clients over the demo's three keys under a tight rate
 * limit, checks the limiter, the call history and the state (test/load/engine.ts), prints throughput
 * and latency, and stops. Exits 1 when a check fails.
 */
import { parseArgs } from 'node:util';
import { startEmulator } from '../emulator/server';
import { formatReport, runLoad } from '../test/load/engine';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    clients: { type: 'string', default: '20' },
    calls: { type: 'string', default: '200' },
    'window-ms': { type: 'string', default: '1000' },
    seed: { type: 'string', default: 'load-1' },
    'time-limit-ms': { type: 'string', default: '180000' },
  },
});

function positive(name: string, raw: string, max: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`--${name} must be an integer from 1 to ${max}`);
    process.exit(2);
  }
  return n;
}

const requests = positive('requests', values.requests, 100_000);
const clients = positive('clients', values.clients, 200);
const rateLimit = { calls: positive('calls', values.calls, 100_000), windowMs: positive('window-ms', values['window-ms'], 600_000) };
const timeLimitMs = positive('time-limit-ms', values['time-limit-ms'], 3_600_000);

const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true });
let ok = false;
try {
  console.info(`emulator ${emulator.baseUrl}; ${emulator.workspaces.map((w) => `${w.name} (${w.plan})`).join(', ')}`);
  const report = await runLoad({ origin: emulator.origin, workspaces: emulator.workspaces, requests, clients, rateLimit, seed: values.seed, timeLimitMs });
  console.info(formatReport(report));
  ok = report.ok;
} catch (error) {
  console.error('load test failed:', error);
} finally {
  await emulator.close();
}
console.info(ok ? 'load test passed' : 'load test FAILED');
process.exit(ok ? 0 : 1);
