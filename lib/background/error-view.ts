/**
 * Turns whatever went wrong into the ErrorView that crosses the message boundary, and says what the
 * outbox should do about it. The one place that maps client errors to user-facing codes.
 */
import { ApiError, NetworkError, ResponseSchemaError, isAbortError } from '../api/errors';
import { SnoozeInPastError } from '../inbox/conversation-state';
import { isQuotaError, StorageUnavailableError } from '../store/open-storage';
import type { ErrorReason, ErrorView } from '../views';

/** No key is stored: nothing can be sent. */
export class NoKeyError extends Error {
  readonly kind = 'no-key';
  constructor() {
    // For consoles only: the UI words the `no-key` code.
    super('No API key is set.');
    this.name = 'NoKeyError';
  }
}

type RequestErrorCode = 'bad-request' | 'not-found' | 'permission-required';

/**
 * A request the background refuses before any call (a value out of range, an unknown id ...). The UI
 * words it from `code` and `reason`; `subject` is what the sentence names (an origin), `detail` a
 * technical detail shown beneath it.
 */
export class RequestError extends Error {
  readonly kind = 'request';
  constructor(
    readonly code: RequestErrorCode,
    readonly reason: ErrorReason | undefined,
    readonly extra: { detail?: string; subject?: string } = {},
  ) {
    // The Error's message is for consoles only.
    super([reason ? `${code}/${reason}` : code, extra.subject, extra.detail].filter(Boolean).join(': '));
    this.name = 'RequestError';
  }
}

/** The service at `address` (a base URL: not secret) could not be reached while trying a connection. */
export class UnreachableError extends Error {
  readonly kind = 'unreachable';
  constructor(
    readonly address: string,
    readonly timedOut: boolean,
  ) {
    super(`${address} could not be reached${timedOut ? ' in time' : ''}`);
    this.name = 'UnreachableError';
  }
}

/** Replaces every occurrence of the secret with a mask (defence in depth: details should never hold it). */
export function redact(text: string, secret: string | null | undefined): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join('[redacted]');
}

/** The view with every free text (detail, subject) redacted of `secret`. */
export function redactView(view: ErrorView, secret: string | null | undefined): ErrorView {
  const out = { ...view };
  if (out.detail !== undefined) out.detail = redact(out.detail, secret);
  if (out.subject !== undefined) out.subject = redact(out.subject, secret);
  return out;
}

export function toErrorView(error: unknown, now: number, secret?: string | null): ErrorView {
  return redactView(rawView(error, now), secret);
}

/** `detail` only when there is something to say. */
const detailOf = (text: string | undefined) => (text?.trim() ? { detail: text.trim() } : {});

/** Why the service refused the key (401) or the plan (403, `reason: 'plan'`), with its own sentence. */
export type KeyProblem = { reason?: 'plan'; detail?: string };

export function keyProblemOf(error: ApiError): KeyProblem {
  const detail = detailOf(error.serviceMessage);
  return error.status === 403 ? { reason: 'plan', ...detail } : detail;
}

function rawView(error: unknown, now: number): ErrorView {
  if (error instanceof ApiError) {
    const status = error.status;
    const detail = detailOf(error.serviceMessage);
    if (status === 401 || status === 403) return { code: 'bad-key', ...keyProblemOf(error), status };
    if (status === 404) return { code: 'not-found', ...detail, status };
    if (status === 429) {
      return { code: 'rate-limited', status, ...(error.retryAfter !== undefined ? { retryAt: now + error.retryAfter * 1000 } : {}) };
    }
    if (status >= 500) return { code: 'server', ...detail, status };
    return { code: 'rejected', ...detail, status };
  }
  if (error instanceof NetworkError) return error.timedOut ? { code: 'offline', reason: 'timeout' } : { code: 'offline' };
  if (error instanceof UnreachableError) return { code: 'offline', ...(error.timedOut ? { reason: 'timeout' as const } : {}), subject: error.address };
  // Names the endpoint and the field that did not match.
  if (error instanceof ResponseSchemaError) return { code: 'malformed', ...detailOf(error.message) };
  if (error instanceof NoKeyError) return { code: 'no-key' };
  if (error instanceof RequestError) {
    const { code, reason, extra } = error;
    return { code, ...(reason ? { reason } : {}), ...detailOf(extra.detail), ...(extra.subject ? { subject: extra.subject } : {}) };
  }
  if (error instanceof SnoozeInPastError) return { code: 'bad-request', reason: 'snooze-in-past' };
  if (error instanceof StorageUnavailableError) return { code: 'storage', reason: error.problem };
  // A write the database refused for lack of space (an action not queued, say).
  if (isQuotaError(error)) return { code: 'storage', reason: 'quota' };
  if (isAbortError(error)) return { code: 'internal', reason: 'cancelled' };
  return { code: 'internal', ...detailOf(error instanceof Error ? error.message : String(error)) };
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
