/**
 * The answers in the shapes the real service is known to send besides the documented ones
 * (`spec/endpoints.md`, "Variants"), served with `--dialect variants` so that the client's tolerant
 * reading is tested over HTTP. The documented shapes stay the default (`standard`).
 *
 * - the note update: `{success: true, data: {conversationId, leadId, mode, note, noteLength, timestamp, truncated}}`;
 * - an error: its sentence in `error`, no `message`;
 * - the identities, members and webhook lists: in turn bare, `{data: [...]}` and `{<name>: [...]}`;
 * - a webhook list item: with extra fields.
 */
import { z } from 'zod';
import type { EndpointName } from '../../lib/api/endpoints';

export const DIALECTS = ['standard', 'variants'] as const;
export const Dialect = z.enum(DIALECTS);
export type Dialect = z.infer<typeof Dialect>;
export const DialectBody = z.strictObject({ dialect: Dialect });

/** The three list envelopes, served in turn (`turn` counts the calls of the endpoint). */
function envelope(list: unknown[], name: string, turn: number): unknown {
  switch (turn % 3) {
    case 0:
      return list;
    case 1:
      return { data: list };
    default:
      return { [name]: list };
  }
}

export interface VariantContext {
  /** How many times this endpoint answered in the variants dialect before. */
  turn: number;
  now: number;
  /** The note update's lead and mode (the variant echoes them). */
  leadId?: string;
  mode?: string;
}

/** The documented answer `body` of endpoint `name` in the variants dialect. */
export function variantBody(name: EndpointName, body: unknown, ctx: VariantContext): unknown {
  const b = body as Record<string, unknown>;
  switch (name) {
    case 'updateNote': {
      const { statusCode: _statusCode, data, ...rest } = b;
      return { success: true, ...rest, data: { ...(data as object), leadId: ctx.leadId ?? null, mode: ctx.mode ?? null, timestamp: new Date(ctx.now).toISOString() } };
    }
    case 'listMembers':
      return envelope(body as unknown[], 'members', ctx.turn);
    case 'listIdentities':
      return envelope(b.identities as unknown[], 'identities', ctx.turn);
    case 'listInboxWebhooks':
      return envelope(
        (body as Record<string, unknown>[]).map((w) => ({ ...w, active: true, events: ['message.received'], lastDeliveryAt: null })),
        'inboxWebhooks',
        ctx.turn,
      );
    default:
      return body;
  }
}

/** An error body in the variants dialect: the sentence in `error`, no `message`. */
export function variantErrorBody(body: { statusCode: number; error: string; message: string; details?: Record<string, unknown> }): unknown {
  const { message, error: _reason, ...rest } = body;
  return { ...rest, error: message };
}
