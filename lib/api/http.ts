import type { z } from 'zod/mini';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, retryDelayMs, type RetryPolicy } from './backoff';
import { pathParamNames, type Endpoint, type EndpointInput, type EndpointName, type EndpointResponse, type WireEndpoint } from './endpoints';
import { ApiError, NetworkError, ResponseSchemaError, isAbortError } from './errors';
import type { ConnectionGate } from './connections';
import type { LimiterPriority, RisingPriority } from './priority';
import type { RateLimiter } from './rate-limiter';
import { ErrorBody } from './schemas/common';
import { callSummary, type CallFailure, type CallSummary } from './summaries';

export interface CallOptions {
  signal?: AbortSignal;
  priority?: LimiterPriority | RisingPriority;
  /**
   * The signal gives the call up only while it waits for its slot (or a retry): once sent, the key's
   * budget is spent, so the answer is waited for (a look-up keeps it in the cache).
   */
  abortOnlyQueued?: boolean;
}

/**
 * One HTTP attempt, for the call log: what a success did or why a failure failed, as data that each
 * page words in its user's language. Never the key or a note's text.
 */
export type CallRecord = {
  endpoint: EndpointName;
  method: string;
  /** HTTP status, null when no answer came. */
  status: number | null;
  /** Epoch ms when the attempt started. */
  at: number;
  durationMs: number;
} & ({ ok: true; summary: CallSummary } | { ok: false; failure: CallFailure });

export interface HttpConfig {
  /** Read per call, like the key: a changed base URL applies to the next call. */
  baseUrl: () => string;
  apiKey: () => string | Promise<string>;
  fetch: typeof fetch;
  limiter?: RateLimiter;
  /** Keeps low-priority calls from holding every connection to the service (`connections.ts`). */
  connections?: ConnectionGate;
  retry: RetryPolicy;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  onCall?: (record: CallRecord) => void;
  timeoutMs: number;
  now: () => number;
  /**
   * A 429 whose wait is longer than this is not waited out inside the call: it fails at once with
   * the wait (`ApiError.retryAfter`), so the surface shows when the service may be asked again
   * instead of a spinner, and the outbox schedules its retry for then.
   */
  maxRateWaitMs: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_RATE_WAIT_MS = 5_000;

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function defaultHttpConfig(partial: Pick<HttpConfig, 'baseUrl' | 'apiKey'> & Partial<HttpConfig>): HttpConfig {
  return {
    fetch: (...args) => globalThis.fetch(...args),
    retry: DEFAULT_RETRY_POLICY,
    sleep: abortableSleep,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    now: Date.now,
    maxRateWaitMs: DEFAULT_MAX_RATE_WAIT_MS,
    ...partial,
  };
}

// ---- Request building ------------------------------------------------------------------------

/** Query-string form of a value: lists comma-joined, the rest with String(). */
function wireValue(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(',') : String(value);
}

/**
 * The URL of a call. Path params are percent-encoded; the query goes through URLSearchParams, so a
 * Base64 cursor keeps its `+`, `/` and `=`. The key is never part of it.
 */
export function buildUrl(
  baseUrl: string,
  path: string,
  params: Record<string, unknown> = {},
  query: Record<string, unknown> = {},
): string {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`missing path parameter ${name} for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) search.append(k, wireValue(v));
  }
  const qs = search.toString();
  return `${baseUrl.replace(/\/+$/, '')}${filled}${qs === '' ? '' : `?${qs}`}`;
}

export interface PreparedRequest {
  url: string;
  method: string;
  body?: string;
}

/** A call as it goes on the wire: path params in the path, the rest in the query (GET, DELETE) or the JSON body (POST). */
export function prepare(baseUrl: string, def: WireEndpoint, input: Record<string, unknown>): PreparedRequest {
  const paramNames = new Set(pathParamNames(def.path));
  const params: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (paramNames.has(k)) params[k] = v;
    else if (v !== undefined) rest[k] = v;
  }
  // A POST carries a body, GET and DELETE a query (test/unit/api/coverage.test.ts holds the catalogue to it).
  if (def.method === 'POST') {
    return { url: buildUrl(baseUrl, def.path, params), method: def.method, body: JSON.stringify(rest) };
  }
  return { url: buildUrl(baseUrl, def.path, params, rest), method: def.method };
}

// ---- One attempt -----------------------------------------------------------------------------

type Attempt<T> =
  | { ok: true; status: number; value: T }
  | { ok: false; status: number | null; error: ApiError | ResponseSchemaError | NetworkError };

function redact(text: string, key: string): string {
  return key === '' ? text : text.split(key).join('[redacted]');
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

async function attempt<N extends EndpointName>(
  cfg: HttpConfig,
  def: Endpoint<N>,
  req: PreparedRequest,
  key: string,
  signal: AbortSignal | undefined,
): Promise<Attempt<EndpointResponse<N>>> {
  const { name } = def;
  const ctrl = new AbortController();
  let timedOut = false;
  const onAbort = () => ctrl.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, cfg.timeoutMs);
  let status: number;
  let text: string;
  let headers: Headers;
  const sentAt = cfg.now();
  try {
    const headersInit: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${key}` };
    if (req.body !== undefined) headersInit['Content-Type'] = 'application/json';
    const res = await cfg.fetch(req.url, { method: req.method, headers: headersInit, body: req.body, signal: ctrl.signal });
    status = res.status;
    headers = res.headers;
    text = await res.text();
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    return { ok: false, status: null, error: new NetworkError(name, cause, timedOut, sentAt) };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }

  let json: unknown;
  let jsonOk = true;
  try {
    json = text === '' ? undefined : JSON.parse(text);
    jsonOk = json !== undefined;
  } catch {
    jsonOk = false;
  }

  if (status < 200 || status > 299) {
    const body = jsonOk ? ErrorBody.safeParse(json) : undefined;
    const serviceMessage = redact(body?.success ? body.data.message : `HTTP ${status}`, key);
    const retryAfter = parseRetryAfter(headers.get('retry-after'), cfg.now());
    return {
      ok: false,
      status,
      error: new ApiError(name, status, serviceMessage, retryAfter, body?.success ? body.data.details : undefined),
    };
  }
  if (!jsonOk) {
    return { ok: false, status, error: new ResponseSchemaError(name, '', 'the body is not JSON') };
  }
  const schema: z.ZodMiniType = def.response;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      status,
      error: new ResponseSchemaError(name, issue ? issuePath(issue.path) : '', issue?.message ?? 'invalid'),
    };
  }
  return { ok: true, status, value: parsed.data as EndpointResponse<N> };
}

function callFailure(error: ApiError | ResponseSchemaError | NetworkError): CallFailure {
  switch (error.kind) {
    case 'api': {
      const msg = error.serviceMessage.length > 100 ? `${error.serviceMessage.slice(0, 99)}…` : error.serviceMessage;
      return { kind: 'refused', message: msg };
    }
    case 'response-schema':
      return { kind: 'unexpectedResponse', path: error.path };
    case 'network':
      return { kind: error.timedOut ? 'timeout' : 'network' };
  }
}

// ---- The call, with its retries --------------------------------------------------------------

/**
 * Calls endpoint `def`. Each attempt first awaits the limiter. A 429 is retried for every method
 * (after Retry-After, or backoff; the limiter is paused meanwhile); network errors and 5xx only for
 * GET, because a mutation may have been applied: those surface to the caller (the outbox retries).
 * Rejects with ApiError, ResponseSchemaError, NetworkError, or the signal's reason when aborted.
 */
export async function callEndpoint<N extends EndpointName>(
  cfg: HttpConfig,
  def: Endpoint<N>,
  input: EndpointInput<N> | undefined,
  options: CallOptions = {},
): Promise<EndpointResponse<N>> {
  const { signal, priority } = options;
  const { name } = def;
  const req = prepare(cfg.baseUrl(), def, (input ?? {}) as Record<string, unknown>);
  const idempotent = req.method === 'GET';
  const maxAttempts = Math.max(1, cfg.retry.maxAttempts);

  for (let n = 1; ; n++) {
    signal?.throwIfAborted();
    // Paused for long by an earlier 429 (of this call or another): say so rather than wait.
    const pausedMs = (cfg.limiter?.snapshot().pausedUntil ?? 0) - cfg.now();
    if (pausedMs > cfg.maxRateWaitMs) throw new ApiError(name, 429, 'rate limited: waiting for the service', Math.ceil(pausedMs / 1000));
    const grantedAt = await cfg.limiter?.acquire({ ...(priority ? { priority } : {}), ...(signal ? { signal } : {}) });
    let result: Attempt<EndpointResponse<N>> | undefined;
    let at = cfg.now();
    let leave: (() => void) | undefined;
    let sent = false;
    try {
      leave = await cfg.connections?.enter(priority, signal);
      const key = await cfg.apiKey();
      at = cfg.now();
      sent = true;
      result = await attempt(cfg, def, req, key, options.abortOnlyQueued ? undefined : signal);
    } catch (reason) {
      if (sent && (isAbortError(reason) || signal?.aborted)) {
        record(cfg, { endpoint: name, method: req.method, ok: false, status: null, failure: { kind: 'cancelled' }, at, durationMs: cfg.now() - at });
      }
      throw reason;
    } finally {
      // The service counted the call at some instant before its answer: the slot counts from now.
      // Without an answer, the request may still be on its way (see `completed`).
      leave?.();
      const answered = result !== undefined && result.status !== null;
      // Given up before it was sent (waiting for a connection): nothing can still reach the service.
      if (grantedAt !== undefined) cfg.limiter?.completed(grantedAt, answered || !sent, answered && result?.status !== 429);
    }
    const durationMs = cfg.now() - at;
    if (result.ok) {
      record(cfg, { endpoint: name, method: req.method, ok: true, status: result.status, summary: callSummary(name, result.value), at, durationMs });
      return result.value;
    }
    const { error } = result;
    record(cfg, { endpoint: name, method: req.method, ok: false, status: result.status, failure: callFailure(error), at, durationMs });

    const rateLimited = error instanceof ApiError && error.status === 429;
    const retryable =
      rateLimited || (idempotent && (error instanceof NetworkError || (error instanceof ApiError && error.status >= 500)));
    let delay = retryDelayMs(n, cfg.retry, error instanceof ApiError ? error.retryAfter : undefined);
    if (rateLimited) {
      // The limiter learns from it (an adaptive one lowers its rate) and may add jitter to the wait.
      const now = cfg.now();
      delay = (cfg.limiter?.throttled(now + delay) ?? now + delay) - now;
      if (n >= maxAttempts || delay > cfg.maxRateWaitMs) {
        throw new ApiError(name, 429, error.serviceMessage, Math.ceil(delay / 1000), error.details);
      }
    }
    if (!retryable || n >= maxAttempts) throw error;
    await cfg.sleep(delay, signal);
  }
}

function record(cfg: HttpConfig, r: CallRecord): void {
  try {
    cfg.onCall?.(r);
  } catch {
    // The call log must never break the call it records.
  }
}
