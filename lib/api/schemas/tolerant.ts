/**
 * Tolerant readings of answers the real service sends in more than one shape
 * (`spec/endpoints.md`, "Variants"): each envelope is unwrapped to the one shape the client uses,
 * and what is inside is still validated, so a wrong type is still an error naming its field.
 */
import { z } from 'zod/mini';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The list inside `{data: [...]}` or `{<name>: [...]}`, a bare array as it is; anything else untouched (and refused). */
export function unwrapList(value: unknown, names: readonly string[]): unknown {
  if (!isRecord(value)) return value;
  for (const key of ['data', ...names]) if (key in value) return value[key];
  return value;
}

/** A list sent bare, as `{data: [...]}` or as `{<name>: [...]}` (one of `names`); items validated. */
export function tolerantList<T extends z.ZodMiniType>(item: T, names: readonly string[]) {
  return z.pipe(
    z.transform((value: unknown) => unwrapList(value, names)),
    z.array(item),
  );
}

/**
 * `{statusCode, <name>: [...]}` also sent bare or as `{data: [...]}`: brought to the documented shape
 * (`statusCode` 200 when the variant has none), for the documented schema to validate.
 */
export function asNamedList(value: unknown, name: string): unknown {
  if (isRecord(value) && name in value) return 'statusCode' in value ? value : { statusCode: 200, ...value };
  const statusCode = isRecord(value) && 'statusCode' in value ? value.statusCode : 200;
  return { statusCode, [name]: unwrapList(value, []) };
}

/** `{success: true, data}` without `statusCode` read as `{statusCode: 200, data}`. */
export function successAsStatus(value: unknown): unknown {
  if (isRecord(value) && !('statusCode' in value) && value.success === true) {
    const { success: _success, ...rest } = value;
    return { statusCode: 200, ...rest };
  }
  return value;
}

/** An error body whose sentence is in `error` (no `message`): the sentence becomes the message. */
export function errorSentence(value: unknown): unknown {
  if (isRecord(value) && value.message === undefined && typeof value.error === 'string') return { ...value, message: value.error };
  return value;
}
