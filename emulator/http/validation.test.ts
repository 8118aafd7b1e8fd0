import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodMessage } from './validation';

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
