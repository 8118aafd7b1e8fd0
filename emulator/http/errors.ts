/**
 * Errors of the API in the documented body `{statusCode, error, message, details?}`
 * (endpoints.md, Errors). Messages are one human sentence and never carry the key.
 *
 * `toHttpError` is the one place where what went wrong becomes a status: the rules' domain errors
 * by kind, the HTTP layer's own refusals (401, 413, 429, 503) as they are, anything else 500.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { variantErrorBody, type Dialect } from './dialect';
import { DomainError, type DomainErrorKind } from '../domain-error';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const STATUS_OF_KIND: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  'no-credits': 402,
  plan: 403,
  'not-found': 404,
  conflict: 409,
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error';
}

export interface ErrorBodyShape {
  statusCode: number;
  error: string;
  message: string;
  details?: Record<string, unknown>;
}

/** A refusal of the HTTP layer itself (key, rate limit, body size, malformed input, faults). */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * The error body. A 400's sentence is in `error` as well as in `message`: the service's agent
 * server shows `body.error` of a 400 (spec/real-clients.md, Errors); other codes carry the reason.
 */
export function errorBody(status: number, message: string, details?: Record<string, unknown>): ErrorBodyShape {
  return { statusCode: status, error: status === 400 ? message : reasonPhrase(status), message, ...(details ? { details } : {}) };
}

const UNEXPECTED = 'The emulator failed on this request.';

/** What the client is told about `err`. */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof DomainError) return new HttpError(STATUS_OF_KIND[err.kind], err.message, err.details);
  if (err instanceof HTTPException && err.status !== 500) {
    return new HttpError(err.status as ContentfulStatusCode, err.message || `${reasonPhrase(err.status)}.`);
  }
  return new HttpError(500, UNEXPECTED);
}

/** The app's `onError`: the error body, with the headers the error asks for (Retry-After). */
export function errorResponse(err: unknown, c: Context, dialect: Dialect = 'standard'): Response {
  const e = toHttpError(err);
  if (e.status === 500 && e.message === UNEXPECTED) console.error(`emulator: ${c.req.method} ${c.req.path} failed`, err);
  for (const [k, v] of Object.entries(e.headers ?? {})) c.header(k, v);
  const body = errorBody(e.status, e.message, e.details);
  return c.json(dialect === 'variants' ? (variantErrorBody(body) as object) : body, e.status);
}
