import { AmbiguousConversationDetails, type ConversationCandidate } from './schemas/common';
import type { EndpointName } from './endpoints';

// Errors the client throws. Messages name the endpoint and what went wrong, never the API key
// (the HTTP layer redacts it from anything the service echoes back). An abort by the caller is not
// wrapped: it rejects with the signal's reason.

export type ClientErrorKind = 'api' | 'response-schema' | 'network';

export abstract class ClientError extends Error {
  abstract readonly kind: ClientErrorKind;
  constructor(
    readonly endpoint: EndpointName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The service answered with a non-2xx status. */
export class ApiError extends ClientError {
  readonly kind = 'api' as const;
  constructor(
    endpoint: EndpointName,
    readonly status: number,
    /** The service's own sentence from the error body (or the HTTP reason when it sent none). */
    readonly serviceMessage: string,
    /** Seconds, from the Retry-After header (429). */
    readonly retryAfter?: number,
    readonly details?: Record<string, unknown>,
  ) {
    super(endpoint, `${endpoint} failed with ${status}: ${serviceMessage}`);
  }
}

/** A 2xx answer that is not JSON or does not match the endpoint's response schema. */
export class ResponseSchemaError extends ClientError {
  readonly kind = 'response-schema' as const;
  constructor(
    endpoint: EndpointName,
    /** Dotted path of the offending field ('' for the whole body). */
    readonly path: string,
    readonly issue: string,
  ) {
    super(endpoint, `${endpoint} returned an unexpected response at ${path === '' ? '(body)' : path}: ${issue}`);
  }
}

/** The request never got an HTTP answer: connection failure, or no answer within the timeout. */
export class NetworkError extends ClientError {
  readonly kind = 'network' as const;
  constructor(
    endpoint: EndpointName,
    override readonly cause: unknown,
    readonly timedOut: boolean,
    /** Epoch ms the request went on the wire: it may still be applied as late as the timeout after. */
    readonly sentAt?: number,
  ) {
    super(endpoint, timedOut ? `${endpoint} timed out` : `${endpoint} could not reach the service`, { cause });
  }
}

export function isClientError(e: unknown): e is ClientError {
  return e instanceof ClientError;
}

/**
 * Whether trying the same call again later may succeed: no answer, rate limited, or a server
 * error. A 4xx other than 429 and a malformed response fail for good.
 */
export function isTransientError(e: unknown): boolean {
  if (e instanceof NetworkError) return true;
  if (e instanceof ApiError) return e.status === 429 || e.status >= 500;
  return false;
}

/** The conversations offered by a 409 "several conversations, be more specific", else null. */
export function ambiguousCandidates(e: unknown): ConversationCandidate[] | null {
  if (!(e instanceof ApiError) || e.status !== 409 || e.details === undefined) return null;
  const parsed = AmbiguousConversationDetails.safeParse(e.details);
  return parsed.success ? parsed.data.candidates : null;
}

/** True for the rejection of an aborted call. */
export function isAbortError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'name' in e && (e as { name: unknown }).name === 'AbortError';
}
