/**
 * Validation with the catalogue's own zod schemas, through `@hono/zod-validator`: path, query and
 * body each checked by their schema; a failure is a 400 whose message is one sentence naming the
 * field (http/validation.ts) and whose `details` say `{field, location}`.
 */
import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { HttpError } from './errors';
import { humanIssue, zodMessage } from './validation';

type Location = 'path' | 'query' | 'body';
const TARGET = { path: 'param', query: 'query', body: 'json' } as const;

/** Query values as the schemas expect them: the first value of each, without the key. */
function firstValues(query: Record<string, string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (k.toLowerCase() === 'apikey') continue;
    const first = Array.isArray(v) ? v[0] : v;
    if (first !== undefined) out[k] = first;
  }
  return out;
}

/**
 * A form-encoded body (`a=1&campaign=x&campaign=y`, as the workflow node sends `/leads/status` and
 * `/audiences`) as the object its JSON twin would be: a repeated key is a list, every value a
 * string (the schemas read `"true"` and numbers in their wire forms).
 */
export function formFields(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    const key = k.endsWith('[]') ? k.slice(0, -2) : k;
    const prev = out[key];
    out[key] = prev === undefined ? (k.endsWith('[]') ? [v] : v) : [...(Array.isArray(prev) ? prev : [prev]), v];
  }
  return out;
}

/**
 * The body read as JSON whatever its Content-Type but form encoding (read as `formFields`), an
 * empty one as `{}` (the service's reading); the request goes on as `application/json`, the only
 * kind zod-validator's `json` target reads.
 */
export const jsonBody = createMiddleware(async (c, next) => {
  const text = await c.req.raw.text();
  let body: unknown = {};
  const form = /^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '');
  if (form) body = formFields(text);
  else if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'The body is not valid JSON.');
    }
  }
  const headers = new Headers(c.req.raw.headers);
  headers.set('content-type', 'application/json');
  c.req.raw = new Request(c.req.url, { method: c.req.method, headers, body: JSON.stringify(body) });
  await next();
});

/** A zod-validator middleware for one part of the request. */
export function validate(location: Location, schema: z.core.$ZodType): MiddlewareHandler {
  const error = humanIssue(location);
  return zValidator(
    TARGET[location],
    schema,
    (result) => {
      if (result.success) return;
      const { message, field } = zodMessage(result.error as z.ZodError, location);
      throw new HttpError(400, message, { field, location });
    },
    {
      // Functional form: the catalogue's schemas are zod/mini ones, without the parse methods of full zod's.
      validationFunction: (s, value) =>
        z.safeParseAsync(s, location === 'query' ? firstValues(value as Record<string, string | string[]>) : value, { error }),
    },
  );
}

/** The body read as JSON, then checked by `schema`. */
export function validBody(schema: z.core.$ZodType): MiddlewareHandler {
  return every(jsonBody, validate('body', schema));
}

/** What a validation middleware let through (typed by its schema). */
export function validated<S extends z.core.$ZodType>(c: Context, target: 'param' | 'query' | 'json', _schema: S): z.output<S> {
  return (c.req.valid as (t: typeof target) => unknown)(target) as z.output<S>;
}
