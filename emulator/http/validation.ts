/**
 * A zod error as one sentence that names the offending field (endpoints.md: 400 for a malformed
 * body or query or an unknown field). The catalogue's schemas carry their own messages for most
 * fields; `humanIssue` words the rest, so no raw validator wording reaches a client.
 */
import type { z } from 'zod';

/** "a", "a or b", "a, b or c". */
function either(values: readonly unknown[]): string {
  const words = values.map(String);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

const KIND_OF: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  bigint: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

const FORMAT_OF: Record<string, string> = {
  email: 'an email address',
  url: 'a URL',
  datetime: 'an ISO 8601 date and time',
  date: 'an ISO 8601 date',
  uuid: 'a UUID',
};

function bound(issue: { origin: string; inclusive?: boolean }, limit: unknown, most: boolean): string {
  const n = Number(limit);
  if (issue.origin === 'string') return `must be at ${most ? 'most' : 'least'} ${n} character${n === 1 ? '' : 's'} long`;
  if (issue.origin === 'array' || issue.origin === 'set') return `must list at ${most ? 'most' : 'least'} ${n} value${n === 1 ? '' : 's'}`;
  if (issue.inclusive === false) return `must be ${most ? 'less' : 'more'} than ${n}`;
  return `must be at ${most ? 'most' : 'least'} ${n}`;
}

/** What is wrong, after the field's name ("must be one of replace or append"). */
function predicate(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${either(issue.values)}` : `must be one of ${either(issue.values)}`;
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${KIND_OF[issue.expected] ?? `a ${issue.expected}`}`;
    case 'too_big':
      return bound(issue, issue.maximum, true);
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty';
      return bound(issue, issue.minimum, false);
    case 'invalid_format':
      return `must be ${FORMAT_OF[issue.format] ?? 'in the expected format'}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'is not in any accepted form';
    default:
      return 'is not valid';
  }
}

/**
 * A per-parse zod error map: a schema's own message wins; every other issue gets a sentence that
 * starts with the field's path (`where` names the whole input, "the body").
 */
export function humanIssue(where: string): (issue: z.core.$ZodRawIssue) => string {
  return (issue) => {
    const path = (issue.path ?? []).map(String);
    const leaf = path.at(-1) ?? '';
    // A union of wire forms (`true` or "true"): the schema's own message in a branch says it best.
    if (issue.code === 'invalid_union' && leaf !== '') {
      const own = issue.errors.flat().find((i) => i.message.includes(leaf));
      if (own) return own.message;
    }
    let subject = path.length === 0 ? `the ${where}` : path.join('.');
    // An item of a list: "each value of status", not "status.0".
    if (path.length > 1 && /^\d+$/.test(leaf)) subject = `each value of ${path.slice(0, -1).join('.')}`;
    return `${subject} ${predicate(issue)}`;
  };
}

export function zodMessage(error: z.ZodError, where: string): { message: string; field: string } {
  const issue = error.issues[0];
  if (!issue) return { message: `The ${where} is invalid.`, field: '' };
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys;
    const prefix = issue.path.length > 0 ? `${issue.path.join('.')}.` : '';
    const names = keys.map((k) => prefix + k);
    return {
      message: `Unknown ${where} field${names.length > 1 ? 's' : ''}: ${names.join(', ')}.`,
      field: names[0] ?? '',
    };
  }
  const field = issue.path.map(String).join('.');
  // The field's own name: for an item of a list (`status.0`), the list's.
  const leaf = issue.path.map(String).filter((p) => !/^\d+$/.test(p)).at(-1) ?? '';
  // Schema messages usually start with the field's name already ("limit must be at most 100").
  const named = leaf !== '' && issue.message.includes(leaf);
  const end = /[.!?]$/.test(issue.message) ? '' : '.';
  // A problem with the whole input (`humanIssue` starts it with "the body") is a sentence of its own.
  if (field === '' && issue.message.startsWith(`the ${where} `)) {
    return { message: `${issue.message[0]!.toUpperCase()}${issue.message.slice(1)}${end}`, field };
  }
  const text = named || field === '' ? issue.message : `${field}: ${issue.message}`;
  return { message: `Invalid ${where}: ${text}${end}`, field };
}
