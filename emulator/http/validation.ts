/**
 * A zod error as one sentence that names the offending field (endpoints.md: 400 for a malformed
 * body or query or an unknown field).
 */
import type { z } from 'zod';

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
  const leaf = String(issue.path.at(-1) ?? '');
  // Schema messages usually start with the field's name already ("limit must be at most 100").
  const named = leaf !== '' && issue.message.includes(leaf);
  const text = named || field === '' ? issue.message : `${field}: ${issue.message}`;
  return { message: `Invalid ${where}: ${text}${/[.!?]$/.test(text) ? '' : '.'}`, field };
}
