import { describe, expect, it } from 'vitest';
import { createRng, hashString } from './prng';

describe('createRng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRng('seed');
    const b = createRng('seed');
    const seqA = Array.from({ length: 20 }, () => a.next());
    const seqB = Array.from({ length: 20 }, () => b.next());
    expect(seqA).toEqual(seqB);
    expect(createRng('other').next()).not.toBe(seqA[0]);
  });

  it('keeps int within its inclusive bounds and reaches both ends', () => {
    const rng = createRng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const n = rng.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('samples distinct elements', () => {
    const rng = createRng(2);
    const items = ['a', 'b', 'c', 'd', 'e'];
    const picked = rng.sample(items, 3);
    expect(new Set(picked).size).toBe(3);
    expect(rng.sample(items, 10)).toHaveLength(5);
  });

  it('forks independently of draws made before', () => {
    const a = createRng('x');
    const b = createRng('x');
    b.next();
    b.next();
    expect(a.fork('leads').next()).toBe(b.fork('leads').next());
    expect(a.fork('leads').next()).not.toBe(a.fork('stats').next());
  });

  it('makes hex of the requested length', () => {
    expect(createRng(3).hex(32)).toMatch(/^[0-9a-f]{32}$/);
    expect(hashString('a')).not.toBe(hashString('b'));
  });
});
