/** The typed sender the surfaces use: a request out, its reply envelope back. */
import type { PayloadOf, ReplyOf, RequestType } from './protocol';
import type { Reply } from './replies';
import { isRecord } from './fields';

/** `browser.runtime.sendMessage` or any transport with the same shape. */
export type Transport = (message: unknown) => Promise<unknown>;

export interface Messenger {
  /** Sends a request; resolves to the reply envelope (never rejects for an error the background reports). */
  send<K extends RequestType>(type: K, payload: PayloadOf<K>): Promise<Reply<ReplyOf<K>>>;
}

/**
 * Wraps a transport into a typed messenger. A reply that is no envelope (or a transport failure, such
 * as a worker being restarted) becomes an `internal` error value. The envelope is checked by hand, not
 * by its schema: the worker that answers is of the same build as the surface that asks, so the full
 * check belongs at the trust boundaries (the worker validates every request; the API client every
 * answer of the service), and the surfaces carry no zod, a quarter of the store zip.
 */
export function createMessenger(transport: Transport): Messenger {
  return {
    async send<K extends RequestType>(type: K, payload: PayloadOf<K>): Promise<Reply<ReplyOf<K>>> {
      let raw: unknown;
      try {
        raw = await transport({ type, ...(payload as object) });
      } catch (error) {
        return { ok: false, error: { code: 'internal', reason: 'no-answer', detail: describe(error) } };
      }
      if (!isReplyEnvelope(raw)) {
        return { ok: false, error: { code: 'internal', reason: 'unexpected-reply', detail: type } };
      }
      return raw as Reply<ReplyOf<K>>;
    },
  };
}

/** `{ok: true, value}` (a value of `undefined` does not survive the transport) or `{ok: false, error}`. */
export function isReplyEnvelope(raw: unknown): raw is Reply<unknown> {
  if (!isRecord(raw)) return false;
  if (raw.ok === true) return true;
  return raw.ok === false && isRecord(raw.error) && typeof raw.error.code === 'string';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
