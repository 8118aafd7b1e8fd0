/**
 * Injected faults (`POST /_emulator/faults`), the first thing a call meets: added latency, then a
 * dropped connection (a mutation then applied late with `lateApplyMs`), a 503, or a mutation applied
 * and then answered 502 (`applyThenFailRate`). The rules of which fault strikes are rules/faults.ts.
 */
import { createMiddleware } from 'hono/factory';
import type { EmulatorCore } from '../core';
import { faultOutcome, lateApplyDelay } from '../rules/faults';
import type { ApiEnv } from './env';
import { HttpError } from './errors';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function injectedFaults(core: EmulatorCore) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const outcome = faultOutcome(core.faults, core.random, c.req.method);
    if (core.faults.latencyMs) {
      await sleep(core.faults.latencyMs);
      // The call arrives late: it counts (rate limit, call history) when the wait is over.
      c.set('at', core.now());
    }
    if (outcome === 'drop') {
      c.set('dropped', true);
      const late = lateApplyDelay(core.faults, c.req.method, core.random);
      // The body arrived before the connection broke: read it now, for the steps after the wait.
      if (late !== null) {
        const body = await c.req.raw.text();
        c.req.raw = new Request(c.req.url, { method: c.req.method, headers: c.req.raw.headers, body });
      }
      c.env?.incoming?.socket?.destroy();
      if (late === null) return new Response(null, { status: 500 });
      // The client heard nothing; the service goes on with the request later, as a call arriving then.
      await sleep(late);
      c.set('at', core.now());
      c.set('lateApplied', true);
      await next();
      return undefined;
    }
    if (outcome === 'error') throw new HttpError(503, 'The service is temporarily unavailable (injected fault).');
    if (core.faults.refuseMatching && c.req.method !== 'GET') {
      const body = await c.req.raw.clone().text();
      if (body.includes(core.faults.refuseMatching)) throw new HttpError(422, 'This lead cannot be added: the workspace blocks this profile (injected fault).');
    }
    await next();
    if (outcome === 'apply-then-fail') {
      // The service applied it; the gateway in front lost the answer. The history says both.
      c.set('appliedThenFailed', c.res.status);
      c.res = undefined;
      c.res = new Response(JSON.stringify({ error: 'Bad Gateway', message: 'Bad gateway (injected fault: the request was applied).' }), {
        status: 502,
        headers: { 'content-type': 'application/json' },
      });
    }
    return undefined;
  });
}
