import { describe, expect, it } from 'vitest';
import { CursorError, decodeCursor, encodeCursor, filterHash } from './cursor';

const secret = 'test-secret';

describe('search cursor', () => {
  const hash = filterHash({ status: ['OPEN'], sortField: 'lastMessageAt', sortDirection: -1 });

  it('round-trips a position', () => {
    const token = encodeCursor(secret, { key: 1234, id: 'conv_1' }, hash);
    expect(token).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(decodeCursor(secret, token, hash)).toEqual({ key: 1234, id: 'conv_1' });
    expect(decodeCursor(secret, encodeCursor(secret, { key: null, id: 'c' }, hash), hash)).toEqual({ key: null, id: 'c' });
  });

  it('refuses a token whose + became a space (not URL-encoded)', () => {
    // Find a token with a '+' by varying the id, as any real cursor may hold one.
    let token = '';
    for (let i = 0; !token.includes('+'); i++) token = encodeCursor(secret, { key: i, id: `conv_${i}` }, hash);
    expect(() => decodeCursor(secret, token.replaceAll('+', ' '), hash)).toThrow(CursorError);
  });

  it('refuses a token with a flipped character, another secret, or other filters', () => {
    const token = encodeCursor(secret, { key: 5, id: 'conv_5' }, hash);
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    expect(() => decodeCursor(secret, flipped, hash)).toThrow(CursorError);
    expect(() => decodeCursor('other', token, hash)).toThrow(CursorError);
    expect(() => decodeCursor(secret, token, filterHash({ status: ['ARCHIVED'] }))).toThrow(/other filters/);
    expect(() => decodeCursor(secret, 'not base64!', hash)).toThrow(CursorError);
    expect(() => decodeCursor(secret, 'AAAA', hash)).toThrow(CursorError);
  });

  it('hashes filters independently of key order and ignores undefined values', () => {
    expect(filterHash({ a: 1, b: [2] })).toBe(filterHash({ b: [2], a: 1, c: undefined }));
    expect(filterHash({ a: 1 })).not.toBe(filterHash({ a: 2 }));
  });
});
