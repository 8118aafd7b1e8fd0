/**
 * Errors of the API in the documented body `{statusCode, error, message, details?}`
 * (endpoints.md, Errors). Messages are one human sentence and never carry the key.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
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

  body(): ErrorBodyShape {
    return errorBody(this.status, this.message, this.details);
  }
}

export function errorBody(status: number, message: string, details?: Record<string, unknown>): ErrorBodyShape {
  return { statusCode: status, error: reasonPhrase(status), message, ...(details ? { details } : {}) };
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new HttpError(400, message, details);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) => new HttpError(409, message, details);
export const forbidden = (message: string) => new HttpError(403, message);

export function sendError(c: Context, err: HttpError): Response {
  for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
  return c.json(err.body(), err.status);
}
