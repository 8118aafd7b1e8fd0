/**
 * What a failed attempt makes of its outbox record (`outbox.ts` stores it): failed for good with the
 * service's reason (a refusal), or pending again after a backoff (Retry-After wins); and when the
 * service may still apply it late, not due before it no longer can.
 */
import { retryDelayMs, type RetryPolicy } from '../api/backoff';
import { ApiError } from '../api/errors';
import type { OutboxRecord } from '../store/db';
import { failureAction, toErrorView } from './error-view';
import { memberGone } from './outbox-reply';
import { settledAt } from './outbox-send';

export interface FailureContext {
  now: number;
  policy: RetryPolicy;
  /** The client's timeout: how late a request without an answer may still be applied. */
  uncertainForMs: number;
  /** The key, kept out of the stored error. */
  secret?: string | null;
  /** When the failing send went out (a reply is read back no sooner than the timeout after it). */
  sentAt?: number;
}

/**
 * `applied`: the change is made (a 2xx whose body could not be read), nothing of the record changed;
 * `failed`: refused for good; `retry` / `rate-limited`: pending again, due at `nextAttemptAt`.
 * `phase`: whether the failing call was the mutation itself or the read-back before it (a failed
 * read-back leaves the outcome as unknown as it was).
 */
export function afterFailure(
  record: OutboxRecord,
  error: unknown,
  phase: 'send' | 'read-back',
  ctx: FailureContext,
): 'applied' | 'failed' | 'retry' | 'rate-limited' {
  const { now } = ctx;
  const action = failureAction(error);
  if (action === 'applied' && phase === 'send') return 'applied';
  const view = toErrorView(error, now, ctx.secret);
  // "I am" is a teammate who has left: the composer asks who the user is, and sends it as them.
  if (record.kind === 'reply' && phase === 'send' && memberGone(error, record)) view.reason = 'member-gone';
  // A refusal (429 or 4xx) proves the mutation did not apply; no answer or a 5xx proves nothing.
  if (phase === 'send' && action !== 'retry-uncertain') record.uncertain = false;
  if (action === 'fail') {
    record.state = 'failed';
    record.error = view;
    return 'failed';
  }
  const rateLimited = error instanceof ApiError && error.status === 429;
  record.state = 'pending';
  record.error = view;
  record.nextAttemptAt = now + retryDelayMs(record.attempts, ctx.policy, rateLimited ? error.retryAfter : undefined);
  // No answer: the service may still apply it; nothing of this lane moves before it cannot.
  let settled = phase === 'send' && action === 'retry-uncertain' ? settledAt(error, now, ctx.uncertainForMs) : null;
  // A message is read back only once it can no longer land late, even after a 5xx answer.
  if (record.kind === 'reply' && phase === 'send' && action === 'retry-uncertain') settled = Math.max(settled ?? 0, (ctx.sentAt ?? now) + ctx.uncertainForMs);
  if (settled !== null) record.nextAttemptAt = Math.max(record.nextAttemptAt, settled);
  return rateLimited ? 'rate-limited' : 'retry';
}
