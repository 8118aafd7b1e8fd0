/**
 * Requests to handlers: each feature module of `handlers/` answers its own requests; every failure
 * becomes the ErrorView that crosses the message boundary, and never carries the key.
 */
import type { Reply, ReplyOf, Request, RequestOf, RequestType } from '../messages';
import { redactView, toErrorView } from './error-view';

export interface RequestContext {
  /** The sender's tab (content scripts), when it has one. */
  tabId?: number;
}

/** The handlers of some requests, typed from the protocol. */
export type HandlerMap<K extends RequestType> = {
  [P in K]: (req: RequestOf<P>, ctx: RequestContext) => Promise<ReplyOf<P>>;
};

export type Dispatch = (request: Request, ctx?: RequestContext) => Promise<Reply<unknown>>;

export function createDispatch(
  handlers: HandlerMap<RequestType>,
  opts: { clock: { now(): number }; secret(): string | null },
): Dispatch {
  return async (request, ctx = {}) => {
    try {
      const handler = handlers[request.type] as (req: Request, ctx: RequestContext) => Promise<unknown>;
      return { ok: true, value: await handler(request, ctx) };
    } catch (error) {
      const view = toErrorView(error, opts.clock.now(), opts.secret());
      // A key being tried is as secret as the stored one.
      return { ok: false, error: request.type === 'key-test' && request.key ? redactView(view, request.key) : view };
    }
  };
}
