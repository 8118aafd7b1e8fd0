/** The protocol's types, who may send what, and the validation of every incoming request. */
import type { z } from 'zod/mini';
import type { ErrorView } from '../views';
import type { replies } from './replies';
import { requests, type RequestType } from './requests';

export type { RequestType } from './requests';

/** zod infers `z.object({})` as an index signature of `never`; a request without fields is `{}`. */
type Payload<T> = string extends keyof T ? Record<never, never> : T;

/** Request type → `{ request: payload without 'type'; reply: the reply's value }`. */
export type Protocol = {
  [K in RequestType]: { request: Payload<z.infer<(typeof requests)[K]>>; reply: z.infer<(typeof replies)[K]> };
};
export type PayloadOf<K extends RequestType> = Protocol[K]['request'];
export type ReplyOf<K extends RequestType> = Protocol[K]['reply'];
/** A whole request as it travels: `{ type, ...payload }`. */
export type RequestOf<K extends RequestType> = { type: K } & PayloadOf<K>;
export type Request = { [K in RequestType]: RequestOf<K> }[RequestType];

/** Requests a content script may send (from a tab on a profile host); everything else is pages-only. */
export const CONTENT_SCRIPT_REQUESTS: readonly RequestType[] = ['profile-viewed', 'open-panel', 'list-badges', 'list-prefetch', 'page-people', 'page-people-wanted'];
/** Requests a content script may send from any other page of a profile host (search results, feed, company pages). */
export const LIST_SCRIPT_REQUESTS: readonly RequestType[] = ['open-panel', 'list-badges', 'list-prefetch', 'page-people', 'page-people-wanted'];

export const REQUEST_TYPES = /* @__PURE__ */ Object.keys(requests) as RequestType[];

function isRequestType(value: unknown): value is RequestType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(requests, value);
}

/**
 * Validates an incoming message. On success returns the typed request (with unknown fields dropped);
 * on failure, an ErrorView with code `bad-request` whose detail names the offending field.
 */
export function parseRequest(raw: unknown): { ok: true; request: Request } | { ok: false; error: ErrorView } {
  if (typeof raw !== 'object' || raw === null) return badRequest('a message must be an object');
  const type = (raw as { type?: unknown }).type;
  if (!isRequestType(type)) return badRequest(`unknown message type ${JSON.stringify(String(type)).slice(0, 60)}`);
  const { type: _type, ...payload } = raw as Record<string, unknown>;
  const parsed = requests[type].safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'message';
    return badRequest(`${type}: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return { ok: true, request: { type, ...(parsed.data as object) } as Request };
}

function badRequest(detail: string): { ok: false; error: ErrorView } {
  return { ok: false, error: { code: 'bad-request', detail } };
}
