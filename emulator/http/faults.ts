/**
 * Injected faults (`POST /_emulator/faults`), the first thing a call meets: added latency, then a
 * dropped connection or a 503. The rules of which fault strikes are rules/faults.ts.
 */
import { createMiddleware } from 'hono/factory';
import type { EmulatorCore } from '../core';
import { faultOutcome } from '../rules/faults';
import type { ApiEnv } from './env';
import { HttpError } from './errors';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function injectedFaults(core: EmulatorCore) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const outcome = faultOutcome(core.faults, core.random);
    if (core.faults.latencyMs) {
      await sleep(core.faults.latencyMs);
      // The call arrives late: it counts (rate limit, call history) when the wait is over.
      c.set('at', core.now());
    }
    if (outcome === 'drop') {
      c.set('dropped', true);
      c.env?.incoming?.socket?.destroy();
      return new Response(null, { status: 500 });
    }
    if (outcome === 'error') throw new HttpError(503, 'The service is temporarily unavailable (injected fault).');
    await next();
    return undefined;
  });
}
