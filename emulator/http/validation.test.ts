import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { humanIssue, zodMessage } from './validation';
import { formFields } from './validate';

describe('zodMessage', () => {
  it('names an unknown field', () => {
    const r = z.strictObject({ a: z.string() }).safeParse({ a: 'x', typo: 1 });
    expect(r.success).toBe(false);
    if (!r.success) expect(zodMessage(r.error, 'body')).toEqual({ message: 'Unknown body field: typo.', field: 'typo' });
  });

  it('names the field of a wrong value, once', () => {
    const r = z.object({ limit: z.number().max(5, { message: 'limit must be at most 5' }) }).safeParse({ limit: 9 });
    if (!r.success) expect(zodMessage(r.error, 'query').message).toBe('Invalid query: limit must be at most 5.');
    const r2 = z.object({ page: z.object({ size: z.number() }) }).safeParse({ page: { size: 'x' } });
    if (!r2.success) {
      const m = zodMessage(r2.error, 'body');
      expect(m.field).toBe('page.size');
      expect(m.message).toMatch(/^Invalid body: page\.size: /);
    }
  });
});

describe('humanIssue: what the schemas leave unworded, as one sentence', () => {
  const message = (schema: z.ZodType, value: unknown, where = 'body') => {
    const r = schema.safeParse(value, { error: humanIssue(where) });
    if (r.success) throw new Error('expected a failure');
    return zodMessage(r.error, where);
  };

  it('lists the values an enum accepts, never the validator wording', () => {
    const m = message(z.strictObject({ mode: z.enum(['replace', 'append']).optional() }), { mode: 'prepend' });
    expect(m).toEqual({ message: 'Invalid body: mode must be one of replace or append.', field: 'mode' });
    expect(m.message).not.toMatch(/Invalid option|expected one of|"/);
  });

  it('names an unknown field in a sentence', () => {
    const m = message(z.strictObject({ leadId: z.string() }), { leadId: 'x', reason: 'spam' });
    expect(m).toEqual({ message: 'Unknown body field: reason.', field: 'reason' });
  });

  it('words types, bounds, formats and missing fields', () => {
    const schema = z.strictObject({
      n: z.number().int().max(10).optional(),
      s: z.string().min(1).optional(),
      email: z.email().optional(),
      need: z.string(),
    });
    expect(message(schema, { need: 'x', n: 'five' }).message).toBe('Invalid body: n must be a number.');
    expect(message(schema, { need: 'x', n: 11 }).message).toBe('Invalid body: n must be at most 10.');
    expect(message(schema, { need: 'x', s: '' }).message).toBe('Invalid body: s must not be empty.');
    expect(message(schema, { need: 'x', email: 'nope' }).message).toBe('Invalid body: email must be an email address.');
    expect(message(schema, {}).message).toBe('Invalid body: need is required.');
    expect(message(schema, [1]).message).toBe('The body must be an object.');
  });

  it('keeps a schema message, and speaks of the items of a list', () => {
    expect(message(z.object({ limit: z.number().max(5, { message: 'limit must be at most 5' }) }), { limit: 9 }, 'query').message).toBe(
      'Invalid query: limit must be at most 5.',
    );
    const list = message(z.object({ status: z.array(z.enum(['OPEN', 'ARCHIVED'])) }), { status: ['CLOSED'] }, 'query');
    expect(list).toEqual({ message: 'Invalid query: each value of status must be one of OPEN or ARCHIVED.', field: 'status.0' });
  });

  it('takes the message of a union branch that names the field', () => {
    const bool = z.union([z.boolean(), z.enum(['true', 'false'], { message: 'read must be true or false' })]);
    expect(message(z.object({ read: bool }), { read: 'yes' }, 'query').message).toBe('Invalid query: read must be true or false.');
  });
});

describe('form-encoded bodies (the workflow node sends /leads/status and /audiences so)', () => {
  it('reads a repeated key (or key[]) as a list and every value as a string', () => {
    expect(formFields('status=PAUSED&campaign=A&campaign=B%20two&proEmail=a%40b.example')).toEqual({
      status: 'PAUSED',
      campaign: ['A', 'B two'],
      proEmail: 'a@b.example',
    });
    expect(formFields('campaigns[]=one')).toEqual({ campaigns: ['one'] });
    expect(formFields('autoImport=true&name=a+b')).toEqual({ autoImport: 'true', name: 'a b' });
    expect(formFields('')).toEqual({});
  });
});
