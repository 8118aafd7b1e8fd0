/**
 * Turns whatever went wrong into the ErrorView that crosses the message boundary, and says what the
 * outbox should do about it. The one place that maps client errors to user-facing codes.
 */
import { ApiError, NetworkError, ResponseSchemaError, isAbortError } from '../api/errors';
import { SnoozeInPastError } from '../inbox/conversation-state';
import type { ErrorView } from '../views';

/** No key is stored: nothing can be sent. */
export class NoKeyError extends Error {
  readonly kind = 'no-key';
  constructor() {
    super('No API key is set. Enter it on the options page.');
    this.name = 'NoKeyError';
  }
}

/** A request the background refuses before any call (a value out of range, an unknown id ...). */
export class RequestError extends Error {
  readonly kind = 'request';
  constructor(
    readonly code: 'bad-request' | 'not-found' | 'permission-required',
    message: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** Replaces every occurrence of the secret with a mask (defence in depth: messages should never hold it). */
export function redact(text: string, secret: string | null | undefined): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join('[redacted]');
}

export function toErrorView(error: unknown, now: number, secret?: string | null): ErrorView {
  const view = rawView(error, now);
  return { ...view, message: redact(view.message, secret) };
}

function rawView(error: unknown, now: number): ErrorView {
  if (error instanceof ApiError) {
    const status = error.status;
    if (status === 401 || status === 403) return { code: 'bad-key', message: error.serviceMessage, status };
    if (status === 404) return { code: 'not-found', message: error.serviceMessage, status };
    if (status === 429) {
      return {
        code: 'rate-limited',
        message: 'The service is rate limiting this key; the extension will try again shortly.',
        status,
        ...(error.retryAfter !== undefined ? { retryAt: now + error.retryAfter * 1000 } : {}),
      };
    }
    if (status >= 500) return { code: 'server', message: `The service failed (${status}): ${error.serviceMessage}`, status };
    return { code: 'rejected', message: error.serviceMessage, status };
  }
  if (error instanceof NetworkError) {
    return {
      code: 'offline',
      message: error.timedOut ? 'The service did not answer in time.' : 'The service could not be reached.',
    };
  }
  if (error instanceof ResponseSchemaError) return { code: 'malformed', message: error.message };
  if (error instanceof NoKeyError) return { code: 'no-key', message: error.message };
  if (error instanceof RequestError) return { code: error.code, message: error.message };
  if (error instanceof SnoozeInPastError) return { code: 'bad-request', message: error.message };
  if (isAbortError(error)) return { code: 'internal', message: 'The request was cancelled.' };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `Unexpected error: ${message}` };
}

/**
 * What the outbox does after a failed attempt:
 * - `retry`: the request surely did not apply (429, no key yet): try again later;
 * - `retry-uncertain`: it may have applied (no answer, 5xx): try again later, reading back first where
 *   a second application would do harm;
 * - `applied`: a 2xx whose body we could not read: the change is made;
 * - `fail`: refused for good (4xx): show it with Retry and Discard.
 */
export type FailureAction = 'retry' | 'retry-uncertain' | 'applied' | 'fail';

export function failureAction(error: unknown): FailureAction {
  if (error instanceof ApiError) {
    if (error.status === 429) return 'retry';
    if (error.status >= 500) return 'retry-uncertain';
    return 'fail';
  }
  if (error instanceof NetworkError) return 'retry-uncertain';
  if (error instanceof ResponseSchemaError) return 'applied';
  if (error instanceof NoKeyError) return 'retry';
  if (error instanceof RequestError || error instanceof SnoozeInPastError) return 'fail';
  // Unknown failures (a bug, storage trouble) may have happened after the send.
  return 'retry-uncertain';
}
