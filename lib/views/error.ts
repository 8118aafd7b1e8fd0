/**
 * Errors as every surface sees them: a code (and a finer reason) to switch on and to word in the
 * user's language, never a throw across the message boundary and never an English sentence.
 */
import { z } from 'zod/mini';

/**
 * Why a request failed, for the UI to switch on:
 * - `bad-request`: the request did not validate (a bug in the sender, or a value out of range);
 * - `forbidden`: the sender may not send this request;
 * - `no-key`: no API key is set;
 * - `bad-key`: the service refused the key (401) or the workspace's plan (403);
 * - `offline`: the service could not be reached (network error or timeout);
 * - `rate-limited`: the service kept answering 429; `retryAt` says when it may work again;
 * - `server`: the service failed (5xx);
 * - `malformed`: the service answered something this extension does not understand;
 * - `not-found`: the service knows no such thing (404);
 * - `rejected`: the service refused the request (another 4xx: 400, 402 no credits, 409 ...); the
 *   detail is the service's own sentence;
 * - `permission-required`: a custom base URL needs a host permission the user has not granted yet
 *   (the options page must call `browser.permissions.request` from a click, then retry); `subject`
 *   is the origin;
 * - `storage`: the browser's storage for the extension (IndexedDB) is not usable: profiles are read
 *   from the service without a cache, and actions are refused rather than queued where they could be
 *   lost (lib/store/open-storage.ts); the reason says which fault;
 * - `internal`: anything else (a bug); the detail says what.
 */
export const ErrorCode = z.enum([
  'bad-request',
  'forbidden',
  'no-key',
  'bad-key',
  'offline',
  'rate-limited',
  'server',
  'malformed',
  'not-found',
  'rejected',
  'permission-required',
  'internal',
  'storage',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * A finer cause, where one code has several sentences. Each reason refines exactly one code
 * (`ERROR_REASON_CODE`); without a reason the code's own sentence applies.
 */
export const ErrorReason = z.enum([
  // offline: no answer in time (without a reason: the service could not be reached at all).
  'timeout',
  // bad-key: the workspace's plan has no API access (403; without a reason: the key is unknown, 401).
  'plan',
  // bad-request
  'nothing-to-append',
  'not-a-profile',
  'snooze-in-past',
  'no-panel',
  'not-from-a-tab',
  'being-sent',
  'status-refused',
  'no-campaign',
  'not-linked',
  'no-audience',
  // bad-request: a reply that cannot go as it is (`reply-*`), or an Undo after the window.
  'reply-empty',
  'reply-too-long',
  'reply-unfilled',
  'member-needed',
  'no-address',
  'no-thread',
  'unknown-identity',
  'undo-too-late',
  // a batch's Undo: the lead the add merged into has neither the page's address nor another to remove it by
  'undo-no-address',
  // a whole search's import into an existing audience: its answer was lost and nothing shows it started
  'import-unconfirmed',
  // a new audience: its name is taken; its answer was lost and the read-back failed too
  'audience-name-taken',
  'audience-unconfirmed',
  // not-found
  'outbox-item-gone',
  'conversation-gone',
  // the teammate a pronet reply was sent as ("I am") has left the workspace
  'member-gone',
  // internal
  'cancelled',
  'no-answer',
  'unexpected-reply',
  // storage (lib/store/open-storage.ts): the disk or quota is full; an older connection holds the
  // upgrade; the database cannot be opened.
  'quota',
  'blocked',
  'corrupt',
  // bad-request (issue 34, lead panel): an enrichment of the same person is already under way.
  'enrichment-under-way',
]);
export type ErrorReason = z.infer<typeof ErrorReason>;

/** The one code each reason refines (a Record: a new reason does not compile without its code). */
export const ERROR_REASON_CODE: Readonly<Record<ErrorReason, ErrorCode>> = {
  timeout: 'offline',
  plan: 'bad-key',
  'nothing-to-append': 'bad-request',
  'not-a-profile': 'bad-request',
  'snooze-in-past': 'bad-request',
  'no-panel': 'bad-request',
  'not-from-a-tab': 'bad-request',
  'being-sent': 'bad-request',
  'status-refused': 'bad-request',
  'no-campaign': 'bad-request',
  'not-linked': 'bad-request',
  'no-audience': 'bad-request',
  'reply-empty': 'bad-request',
  'reply-too-long': 'bad-request',
  'reply-unfilled': 'bad-request',
  'member-needed': 'bad-request',
  'no-address': 'bad-request',
  'no-thread': 'bad-request',
  'unknown-identity': 'bad-request',
  'undo-too-late': 'bad-request',
  'undo-no-address': 'bad-request',
  'import-unconfirmed': 'bad-request',
  'audience-name-taken': 'bad-request',
  'audience-unconfirmed': 'bad-request',
  'outbox-item-gone': 'not-found',
  'conversation-gone': 'not-found',
  'member-gone': 'not-found',
  cancelled: 'internal',
  'no-answer': 'internal',
  'unexpected-reply': 'internal',
  quota: 'storage',
  blocked: 'storage',
  corrupt: 'storage',
  'enrichment-under-way': 'bad-request',
};

/**
 * An error as the UI sees it. The UI words it from `code` and `reason`; nothing here is a sentence
 * for the user, so nothing English can be shown by mistake. No field ever contains the key.
 */
export const ErrorView = z.object({
  code: ErrorCode,
  reason: z.optional(ErrorReason),
  /**
   * Shown beneath the sentence, never instead of it: the service's own sentence, or a technical
   * detail (the endpoint and field of a malformed answer, the field of an invalid request).
   */
  detail: z.optional(z.string()),
  /** HTTP status from the service, when the error came from it. */
  status: z.optional(z.number().check(z.int())),
  /** When retrying may work again (after a 429). */
  retryAt: z.optional(z.number()),
  /** What the sentence names (the origin needing a permission, for `permission-required`). */
  subject: z.optional(z.string()),
});
export type ErrorView = z.infer<typeof ErrorView>;

/** A one-line English description for developers (consoles, test failures), never for the UI. */
export function describeError(view: ErrorView): string {
  const what = view.reason ? `${view.code}/${view.reason}` : view.code;
  const extras = [view.status !== undefined ? `status ${view.status}` : '', view.subject ?? '', view.detail ?? ''].filter(Boolean);
  return extras.length > 0 ? `${what}: ${extras.join('; ')}` : what;
}
