/**
 * A small seeded pseudo-random generator (mulberry32) so every seed is reproducible:
 * two builds with the same seed and clock produce identical data, byte for byte.
 */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** n distinct elements (or all of them when n >= length), in random order. */
  sample<T>(items: readonly T[], n: number): T[];
  /** Lower-case hex string of the given length. */
  hex(length: number): string;
  /** An independent generator derived from this one's seed and a label (unaffected by draws made before). */
  fork(label: string): Rng;
}

/** FNV-1a 32-bit hash: turns labels into seeds. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number | string): Rng {
  const baseSeed = (typeof seed === 'string' ? hashString(seed) : seed) >>> 0;
  let state = baseSeed;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const rng: Rng = {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    sample: <T>(items: readonly T[], n: number): T[] => {
      const copy = items.slice();
      const count = Math.min(n, copy.length);
      // Partial Fisher-Yates: only the first `count` slots are shuffled.
      for (let i = 0; i < count; i++) {
        const j = int(i, copy.length - 1);
        const tmp = copy[i] as T;
        copy[i] = copy[j] as T;
        copy[j] = tmp;
      }
      return copy.slice(0, count);
    },
    hex: (length: number): string => {
      let out = '';
      while (out.length < length) out += Math.floor(next() * 0x10000).toString(16).padStart(4, '0');
      return out.slice(0, length);
    },
    // Derived from the base seed, not the current state, so adding draws elsewhere never shifts a fork.
    fork: (label: string) => createRng(hashString(`${baseSeed}:${label}`)),
  };
  return rng;
}
