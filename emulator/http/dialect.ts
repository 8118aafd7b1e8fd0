/**
 * The answers in the shapes the real service is known to send besides the documented ones
 * (`spec/endpoints.md`, "Variants"), served with `--dialect variants` so that the client's tolerant
 * reading is tested over HTTP. The documented shapes stay the default (`standard`).
 *
 * - the note update: `{success: true, data: {conversationId, leadId, mode, note, noteLength, timestamp, truncated}}`;
 * - an error: its sentence in `error`, no `message`;
 * - the identities list: in turn bare, `{data: [...]}` and `{identities: [...]}`; the members list bare
 *   or `{members: [...]}`, the webhook list bare or `{data: [...]}`: the envelopes the service's own
 *   clients read (spec/real-clients.md #1, #30), so none it could not have sent;
 * - a webhook list item: with extra fields.
 */
import { z } from 'zod';
import type { EndpointName } from '../../lib/api/endpoints';

export const DIALECTS = ['standard', 'variants'] as const;
export const Dialect = z.enum(DIALECTS);
export type Dialect = z.infer<typeof Dialect>;
export const DialectBody = z.strictObject({ dialect: Dialect });

type Envelope = 'bare' | 'data' | 'named';

/** The list envelopes each list comes in, served in turn: the ones the real clients read. */
const ENVELOPES = {
  listIdentities: ['bare', 'data', 'named'],
  listMembers: ['bare', 'named'],
  listInboxWebhooks: ['bare', 'data'],
} as const satisfies Record<string, readonly Envelope[]>;

/** A list in the envelope of this turn (`turn` counts the calls of the endpoint). */
function envelope(list: unknown[], name: string, turn: number, envelopes: readonly Envelope[]): unknown {
  switch (envelopes[turn % envelopes.length]) {
    case 'data':
      return { data: list };
    case 'named':
      return { [name]: list };
    default:
      return list;
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
      return envelope(body as unknown[], 'members', ctx.turn, ENVELOPES.listMembers);
    case 'listIdentities':
      return envelope(b.identities as unknown[], 'identities', ctx.turn, ENVELOPES.listIdentities);
    case 'listInboxWebhooks':
      return envelope(
        (body as Record<string, unknown>[]).map((w) => ({ ...w, active: true, events: ['message.received'], lastDeliveryAt: null })),
        'inboxWebhooks',
        ctx.turn,
        ENVELOPES.listInboxWebhooks,
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
