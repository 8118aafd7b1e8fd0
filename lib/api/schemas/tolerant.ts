/**
 * Tolerant readings of answers the real service sends in more than one shape
 * (`spec/endpoints.md`, "Variants"): each envelope is unwrapped to the one shape the client uses,
 * and what is inside is still validated, so a wrong type is still an error naming its field.
 */
import { z } from 'zod/mini';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where the list is: `[]` for a bare array, else the key of `{data: [...]}` or `{<name>: [...]}`. */
function locate(value: unknown, names: readonly string[], documented?: string): { at: string[]; list: unknown } {
  if (isRecord(value)) {
    for (const key of ['data', ...names]) if (key in value) return { at: [key], list: value[key] };
    // An object without the list: it is the documented field that is missing.
    if (documented !== undefined) return { at: [documented], list: value[documented] };
  }
  return { at: [], list: value };
}

/**
 * Reads the list wherever it is and validates it, reporting each issue at its path in the body as
 * sent (`data.0.name`), so that a wrong type names the field the service got wrong.
 */
function readList<T extends z.ZodMiniType>(item: T, names: readonly string[], documented?: string) {
  const list = z.array(item);
  return (value: unknown, ctx: { issues: unknown[] }): z.output<T>[] => {
    const { at, list: found } = locate(value, names, documented);
    const parsed = list.safeParse(found);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.issues.push({ ...issue, path: [...at, ...issue.path], input: found });
    return z.NEVER;
  };
}

/** A list sent bare, as `{data: [...]}` or as `{<name>: [...]}` (one of `names`); items validated. */
export function tolerantList<T extends z.ZodMiniType>(item: T, names: readonly string[]) {
  return z.transform(readList(item, names));
}

/**
 * `{statusCode, <name>: [...]}` (documented) also sent bare, as `{data: [...]}` or without
 * `statusCode`: read as the documented shape, each item validated where it was sent.
 */
export function tolerantNamedList<N extends string, T extends z.ZodMiniType>(name: N, item: T) {
  const read = readList(item, [name], name);
  return z.transform((value: unknown, ctx: { issues: unknown[] }) => {
    const statusCode = isRecord(value) && typeof value.statusCode === 'number' ? value.statusCode : 200;
    return { statusCode, [name]: read(value, ctx) } as { statusCode: number } & Record<N, z.output<T>[]>;
  });
}

/** `{success: true, data}` without `statusCode` read as `{statusCode: 200, data}`. */
export function successAsStatus(value: unknown): unknown {
  if (isRecord(value) && !('statusCode' in value) && value.success === true) {
    const { success: _success, ...rest } = value;
    return { statusCode: 200, ...rest };
  }
  return value;
}

const sentence = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * An error body read wherever its sentence is: in `message` (documented), in `error` with no
 * `message` (a variant; the service's agent server reads it there), or in `message` alone. The
 * sentence becomes the message; `error` keeps what was sent, else the sentence.
 */
export function errorSentence(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const message = sentence(value.message) ? value.message : sentence(value.error) ? value.error : undefined;
  if (message === undefined) return value;
  return { ...value, message, error: typeof value.error === 'string' ? value.error : message };
}
