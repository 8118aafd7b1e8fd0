/** Errors as every surface sees them: a code to switch on, never a throw across the message boundary. */
import { z } from 'zod';

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
 * - `rejected`: the service refused the request (another 4xx: 400, 402 no credits, 409 ...); the message
 *   is the service's own sentence;
 * - `permission-required`: a custom base URL needs a host permission the user has not granted yet
 *   (the options page must call `browser.permissions.request` from a click, then retry);
 * - `internal`: anything else (a bug); the message says what.
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
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** An error as the UI sees it. `message` is one human sentence and never contains the key. */
export const ErrorView = z.object({
  code: ErrorCode,
  message: z.string(),
  /** HTTP status from the service, when the error came from it. */
  status: z.number().int().optional(),
  /** When retrying may work again (after a 429). */
  retryAt: z.number().optional(),
});
export type ErrorView = z.infer<typeof ErrorView>;
