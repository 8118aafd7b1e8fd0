import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KEY_MEMORY_MAX_KEYS, KEY_MEMORY_MS, keyFingerprint, parseKeyMemories, recent, withKeyMemory } from './key-memory';

const T0 = 1_700_000_000_000;
const m = (rate: number, settledAt = T0) => ({ rate, settledAt, pushbacks: [settledAt] });

describe('key memory', () => {
  it('drops a corrupt record alone, and reads anything unreadable as nothing learned', () => {
    const read = parseKeyMemories({ version: 1, keys: { a: m(3), b: { rate: 'x', settledAt: T0 }, c: { rate: -1, settledAt: T0, pushbacks: [] }, d: { rate: 2, settledAt: T0, pushbacks: 'x' } } });
    expect([...read.keys()]).toEqual(['a', 'd']);
    expect(read.get('d')).toEqual({ rate: 2, settledAt: T0, pushbacks: [] });
    for (const raw of [undefined, null, 'x', { version: 2, keys: { a: m(3) } }, { version: 1, keys: [] }]) expect(parseKeyMemories(raw).size).toBe(0);
  });

  it('forgets a key that has not pushed back for a week, and pushbacks older than that', () => {
    expect(recent(m(3, T0 - KEY_MEMORY_MS), T0)).toBeNull();
    expect(recent({ rate: 3, settledAt: T0 - 1, pushbacks: [T0 - KEY_MEMORY_MS - 1, T0 - 1] }, T0)).toEqual({ rate: 3, settledAt: T0 - 1, pushbacks: [T0 - 1] });
    // A clock set far back does not keep a memory for ever.
    expect(recent(m(3, T0 + 2 * KEY_MEMORY_MS), T0)).toBeNull();
  });

  it('stores one record per key, replaced or forgotten, the stale ones dropped and the newest kept', () => {
    const before = new Map([['old', m(2, T0 - KEY_MEMORY_MS - 1)], ['b', m(4, T0 - 5)]]);
    expect(withKeyMemory(before, 'a', m(3), T0)).toEqual({ version: 1, keys: { a: m(3), b: m(4, T0 - 5) } });
    expect(withKeyMemory(before, 'b', null, T0)).toEqual({ version: 1, keys: {} });
    const many = new Map(Array.from({ length: 30 }, (_, i) => [`k${i}`, m(1, T0 - i)] as const));
    expect(Object.keys(withKeyMemory(many, 'k0', m(1), T0).keys)).toHaveLength(KEY_MEMORY_MAX_KEYS);
  });

  it('names a key by a fingerprint that is stable, differs per key and does not hold the key', async () => {
    const subtle = webcrypto.subtle as unknown as SubtleCrypto;
    const key = 'sk_live_0123456789abcdef';
    const a = await keyFingerprint(key, subtle);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(await keyFingerprint(key, subtle)).toBe(a);
    expect(await keyFingerprint(`${key}x`, subtle)).not.toBe(a);
    expect(a).not.toContain(key.slice(0, 8));
  });
});
