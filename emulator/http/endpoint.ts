/**
 * One wrapper for every API endpoint, in the order a call meets the service: injected faults,
 * the key (401), the rate limit (429), the plan gate (403), snooze wake-ups, validation with the
 * catalogue's own zod schemas (400 naming the field), the handler, the call history. Handlers
 * return the documented body without `statusCode`; the wrapper adds it.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { endpoints, type EndpointName, type EndpointResponse, type Endpoints } from '../../lib/api/endpoints';
import { summarizeResponse } from '../../lib/api/summaries';
import { pathWithoutKey } from '../call-history';
import type { EmulatorCore } from '../core';
import { API_PLANS } from '../model';
import { effectiveRateLimit, faultOutcome } from '../rules/faults';
import { SERVICE_RATE_LIMIT } from '../rules/rate-limit';
import type { WorkspaceStore } from '../store';
import { presentedKey } from './auth';
import { HttpError, errorBody, toHttpError } from './errors';
import { humanIssue, zodMessage } from './validation';

export type AppEnv = { Bindings: HttpBindings };
export type App = Hono<AppEnv>;

type Parsed<E, K extends string> = E extends { readonly [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

export interface EndpointContext<N extends EndpointName> {
  core: EmulatorCore;
  ws: WorkspaceStore;
  now: number;
  params: Parsed<Endpoints[N], 'params'>;
  query: Parsed<Endpoints[N], 'query'>;
  body: Parsed<Endpoints[N], 'body'>;
}

type Response200<N extends EndpointName> = EndpointResponse<N>;
/** What a handler returns: the documented body, without the `statusCode` the wrapper adds. */
export type Reply<N extends EndpointName> =
  Response200<N> extends readonly unknown[] ? Response200<N> : Omit<Response200<N>, 'statusCode'>;

export type Handler<N extends EndpointName> = (ctx: EndpointContext<N>) => Reply<N> | Promise<Reply<N>>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Query fields as the schemas expect them: first value of each, without the key. */
function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) {
    if (k.toLowerCase() === 'apikey' || k in out) continue;
    out[k] = v;
  }
  return out;
}

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The body is not valid JSON.');
  }
}

function parse(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value, { error: humanIssue(where) });
  if (result.success) return result.data;
  const { message, field } = zodMessage(result.error, where);
  throw new HttpError(400, message, { field, location: where });
}

function dropConnection(c: Context<AppEnv>): void {
  c.env?.incoming?.socket?.destroy();
}

/** Registers endpoint `name` (at its catalogue path, or `path` for an alias). */
export function registerEndpoint<N extends EndpointName>(
  app: App,
  core: EmulatorCore,
  name: N,
  handler: Handler<N>,
  path?: string,
): void {
  const def = endpoints[name] as Endpoints[N] & {
    params?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType;
  };
  const route = `/flow${path ?? def.path}`;
  const method = def.method.toLowerCase() as 'get' | 'post' | 'delete';

  app.on(def.method, route, async (c) => {
    const url = new URL(c.req.url);
    // The instant the rate limiter counts the call at is the one the call history shows, so the
    // history alone proves the limit was kept (scripts/load-test.ts checks it window by window).
    let at = core.now();
    let ws: WorkspaceStore | undefined;
    let status = 200;
    let summary = '';
    try {
      const outcome = faultOutcome(core.faults, core.random);
      if (core.faults.latencyMs) {
        await sleep(core.faults.latencyMs);
        at = core.now();
      }
      if (outcome === 'drop') {
        status = 0;
        summary = 'connection dropped (fault)';
        dropConnection(c);
        return new Response(null, { status: 500 });
      }

      const presented = presentedKey(c.req.raw.headers, url);
      if (presented?.form === 'query') c.header('Deprecation', 'true');
      if (outcome === 'error') throw new HttpError(503, 'The service is temporarily unavailable (injected fault).');
      if (!presented) throw new HttpError(401, 'Missing API key: send it as Authorization: Bearer <key>.');
      ws = core.store.workspaceByKey(presented.key);
      if (!ws) throw new HttpError(401, 'Unknown API key.');

      const decision = core.limiter.take(presented.key, at, effectiveRateLimit(core.faults, SERVICE_RATE_LIMIT));
      if (!decision.ok) {
        throw new HttpError(
          429,
          `Rate limit exceeded: at most ${effectiveRateLimit(core.faults, SERVICE_RATE_LIMIT).calls} calls per ${effectiveRateLimit(core.faults, SERVICE_RATE_LIMIT).windowMs / 1000} seconds; retry in ${decision.retryAfterSeconds} s.`,
          { retryAfter: decision.retryAfterSeconds },
          { 'Retry-After': String(decision.retryAfterSeconds) },
        );
      }
      if (!API_PLANS.includes(ws.data.plan)) {
        throw new HttpError(403, `API access needs the Pro plan or above; this workspace is on ${ws.data.plan}.`);
      }
      core.wake(ws);

      const params = parse(def.params, c.req.param(), 'path');
      const query = parse(def.query, queryObject(url), 'query');
      const body = def.body ? parse(def.body, await readJson(c), 'body') : undefined;

      const reply = await handler({ core, ws, now: core.now(), params, query, body } as EndpointContext<N>);
      const response = (Array.isArray(reply) ? reply : { statusCode: 200, ...(reply as object) }) as EndpointResponse<N>;
      summary = summarizeResponse(name, response);
      if (method !== 'get') core.changed();
      return c.json(response, 200);
    } catch (err) {
      const e = toHttpError(err);
      if (e.status === 500) console.error(`emulator: ${name} failed`, err);
      status = e.status;
      summary = e.message;
      for (const [k, v] of Object.entries(e.headers ?? {})) c.header(k, v);
      return c.json(errorBody(e.status, e.message, e.details), e.status);
    } finally {
      core.calls.add({
        workspaceId: ws?.id ?? null,
        workspaceName: ws?.data.name ?? null,
        endpoint: name,
        method: def.method,
        path: pathWithoutKey(url.pathname + url.search),
        status,
        ok: status >= 200 && status < 300,
        summary,
        at,
      });
    }
  });
}
