import { en } from 'zod/locales';
import { config, z } from 'zod/mini';
import { errorSentence } from './tolerant';

// zod/mini loads no locale, so every issue would read "Invalid input". The wire schemas' issues name
// what is wrong (ResponseSchemaError, the emulator's 400s, request details): word them in English,
// as full zod does, wherever the schemas are loaded.
config(en());

/** Integers on the wire (counts, epoch milliseconds, percentages). */
export const Int = z.number().check(z.int());
export const EpochMs = z.number().check(z.int(), z.nonnegative());

/** Every response but the two bare arrays carries `statusCode`, mirroring the HTTP status. */
export const StatusCode = z.number().check(z.int());

/**
 * Error body of every non-2xx answer (endpoints.md, Errors). `details` is open: a 409 for an
 * ambiguous lead carries `details.candidates`.
 */
/** The sentence may come in `error` with no `message` (a variant of the real service): read as `message`. */
export const ErrorBody = z.pipe(
  z.transform(errorSentence),
  z.object({
    statusCode: z.number().check(z.int()),
    error: z.string(),
    message: z.string(),
    details: z.optional(z.record(z.string(), z.unknown())),
  }),
);
export type ErrorBody = z.infer<typeof ErrorBody>;

/** One conversation offered back by a 409 when a lead has several and no filter singles one out. */
export const ConversationCandidate = z.object({
  conversationId: z.string(),
  identityId: z.string(),
  campaignId: z.nullable(z.string()),
  campaignName: z.nullable(z.string()),
});
export type ConversationCandidate = z.infer<typeof ConversationCandidate>;

export const AmbiguousConversationDetails = z.object({ candidates: z.array(ConversationCandidate) });
export type AmbiguousConversationDetails = z.infer<typeof AmbiguousConversationDetails>;

// ---- Query-string fields -------------------------------------------------------------------
// A query schema must validate the wire form (every value a string, as the emulator receives it)
// and also type the client's input, so each field accepts either the typed value or its string
// form and outputs the typed value. The client serialises arrays comma-joined, the rest with String().

/** An integer query value within [min, max]; `field` names it in error messages. */
export function queryInt(field: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.pipe(
    z.union([
      z.number(),
      z.pipe(z.string().check(z.regex(/^-?\d+$/, { message: `${field} must be a string of an integer` })), z.transform(Number)),
    ]),
    z.number().check(
      z.int({ message: `${field} must be an integer` }),
      z.gte(min, { message: `${field} must be at least ${min}` }),
      z.lte(max, { message: `${field} must be at most ${max}` }),
    ),
  );
}

/** A boolean query value: `true`/`false` on the wire. */
export function queryBool(field: string) {
  return z.union([
    z.boolean(),
    z.pipe(z.enum(['true', 'false'], { message: `${field} must be true or false` }), z.transform((v) => v === 'true')),
  ]);
}

/** A comma-separated list on the wire (`OPEN,SNOOZED`), an array in code. Empty items are dropped. */
export function queryList<T extends z.ZodMiniType<string, string>>(field: string, item: T) {
  return z.pipe(
    z.union([
      z.array(z.string()),
      z.pipe(
        z.string(),
        z.transform((s) =>
          s
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== ''),
        ),
      ),
    ]),
    z.array(item).check(z.minLength(1, { message: `${field} must list at least one value` })),
  );
}

/** A non-empty identifier string, named in its error message. */
export function idString(field: string) {
  return z.string({ message: `${field} must be a string` }).check(z.trim(), z.minLength(1, { message: `${field} must not be empty` }));
}

/** Campaign ids are 24-character hex strings (spec §2). */
export const CampaignId = z.string().check(z.regex(/^[0-9a-fA-F]{24}$/, { message: 'campaignId must be a 24-character hex string' }));

/** True when at least one of `keys` holds a value other than undefined, null or ''. */
export function hasAny(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.some((k) => value[k] !== undefined && value[k] !== null && value[k] !== '');
}

/** Builds a `z.refine` check that at least one of `keys` is present; the message names them all. */
export function atLeastOneOf(
  keys: readonly string[],
  what?: string,
): [(value: Record<string, unknown>) => boolean, { message: string; path: string[] }] {
  return [
    (value) => hasAny(value, keys),
    { message: `${what ?? 'the request'} needs at least one of ${keys.join(', ')}`, path: [keys[0] ?? ''] },
  ];
}
