/**
 * One route per API endpoint on the `/flow` sub-app, behind the middleware in the order a call
 * meets the service: call history (outermost, records in `finally`), injected faults, the key
 * (401), the rate limit (429), the plan gate (403), snooze wake-ups, the body size limit (413),
 * validation with the catalogue's zod schemas (400 naming the field), then the handler. Handlers
 * return the documented body without `statusCode`; `serve` adds it. Errors, wherever thrown, are
 * answered by the app's `onError` (http/errors.ts).
 */
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { endpoints, type EndpointName, type EndpointResponse, type Endpoints } from '../../lib/api/endpoints';
import { agentEndpoints, type AgentEndpointDef, type AgentEndpointName, type AgentEndpoints } from '../../lib/api/agent-endpoints';
import { callSummary } from '../../lib/api/summaries';
import { englishSummary } from '../summary-words';
import type { EmulatorCore } from '../core';
import type { WorkspaceStore } from '../store';
import { requireKey } from './auth';
import { limitBody } from './body-limit';
import { recordCall } from './call-history';
import { workspaceOf, type Api, type ApiEnv } from './env';
import { variantBody } from './dialect';
import { injectedFaults } from './faults';
import { planGate } from './plan';
import { rateLimit } from './rate-limit';
import { wakeSnoozed } from './snooze-wake';
import { validBody, validate, validated } from './validate';

type Parsed<E, K extends string> = E extends { readonly [P in K]: infer S extends z.core.$ZodType } ? z.output<S> : undefined;

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

type Def = Endpoints[EndpointName] & { params?: z.core.$ZodType; query?: z.core.$ZodType; body?: z.core.$ZodType };

/** Registers endpoint `name` at its catalogue path (or `path`, for an alias). */
export type RegisterEndpoint = <N extends EndpointName>(name: N, handler: Handler<N>, path?: string) => void;

type Schemas = { params?: z.core.$ZodType; query?: z.core.$ZodType; body?: z.core.$ZodType };

/** The middleware before every handler: faults, key, rate limit, plan, snooze wake-ups, body size. */
function guardsOf(core: EmulatorCore): MiddlewareHandler<ApiEnv>[] {
  return [injectedFaults(core), requireKey(core), rateLimit(core), planGate, wakeSnoozed(core), limitBody];
}

/** Validation of path, query and body by the endpoint's schemas. */
function validatorsOf(def: Schemas): MiddlewareHandler[] {
  return [
    ...(def.params ? [validate('path', def.params)] : []),
    ...(def.query ? [validate('query', def.query)] : []),
    ...(def.body ? [validBody(def.body)] : []),
  ];
}

/** Endpoint registration on the API sub-app, every route behind the same middleware (order above). */
export function endpointRegistrar(api: Api, core: EmulatorCore): RegisterEndpoint {
  const guards = guardsOf(core);
  return (name, handler, path) => {
    const def = endpoints[name] as Def;
    const validators = validatorsOf(def);
    const serve: MiddlewareHandler<ApiEnv> = async (c) => {
      const params = def.params && validated(c, 'param', def.params);
      const query = def.query && validated(c, 'query', def.query);
      const body = def.body && validated(c, 'json', def.body);
      const reply = await handler({ core, ws: workspaceOf(c), now: core.now(), params, query, body } as EndpointContext<typeof name>);
      const response = Array.isArray(reply) ? reply : { statusCode: 200, ...(reply as object) };
      c.set('summary', englishSummary(callSummary(name, response as EndpointResponse<typeof name>)));
      if (def.method !== 'GET') core.changed();
      if (core.dialect === 'variants') {
        const turn = core.variantTurns.get(name) ?? 0;
        core.variantTurns.set(name, turn + 1);
        const note = name === 'updateNote' ? (body as { leadId?: string; mode?: string }) : {};
        const leadId = note.leadId ?? (name === 'updateNote' ? core.store.findConversation((response as { data: { conversationId: string } }).data.conversationId)?.conversation.leadId : undefined);
        return c.json(variantBody(name, response, { turn, now: core.now(), ...(leadId ? { leadId } : {}), ...(note.mode ? { mode: note.mode } : {}) }) as object, 200);
      }
      return c.json(response, 200);
    };
    api.on(def.method, path ?? def.path, recordCall(core, { name, method: def.method }), ...guards, ...validators, serve);
  };
}

type AgentParsed<N extends AgentEndpointName, K extends string> = AgentEndpoints[N] extends { readonly [P in K]: infer S extends z.core.$ZodType }
  ? z.output<S>
  : undefined;

export interface AgentEndpointContext<N extends AgentEndpointName> {
  core: EmulatorCore;
  ws: WorkspaceStore;
  now: number;
  /** The key presented: GET /workspaces lists the workspaces its account holds. */
  apiKey: string;
  params: AgentParsed<N, 'params'>;
  body: AgentParsed<N, 'body'>;
}

/** What an agent endpoint's handler returns: its answer without `statusCode`, and its call-history summary. */
export type AgentHandler<N extends AgentEndpointName> = (
  ctx: AgentEndpointContext<N>,
) => { reply: Omit<z.output<AgentEndpoints[N]['response']>, 'statusCode'>; summary: string };

export type RegisterAgentEndpoint = <N extends AgentEndpointName>(name: N, handler: AgentHandler<N>) => void;

/**
 * The agent server's calls beyond the catalogue (lib/api/agent-endpoints.ts), behind the same
 * middleware as every endpoint; their answers are the same in both dialects.
 */
export function agentEndpointRegistrar(api: Api, core: EmulatorCore): RegisterAgentEndpoint {
  const guards = guardsOf(core);
  return (name, handler) => {
    const def: AgentEndpointDef = agentEndpoints[name];
    const serve: MiddlewareHandler<ApiEnv> = async (c) => {
      const params = def.params && validated(c, 'param', def.params);
      const body = def.body && validated(c, 'json', def.body);
      const ctx = { core, ws: workspaceOf(c), now: core.now(), apiKey: c.get('apiKey') ?? '', params, body } as AgentEndpointContext<typeof name>;
      const { reply, summary } = handler(ctx);
      c.set('summary', summary);
      if (def.method !== 'GET') core.changed();
      return c.json({ statusCode: 200, ...(reply as object) }, 200);
    };
    api.on(def.method, def.path, recordCall(core, { name, method: def.method }), ...guards, ...validatorsOf(def), serve);
  };
}
