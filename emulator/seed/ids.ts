/**
 * Identifier factory for one seed build. Ids carry a counter, so they are unique across the whole
 * world by construction (the control API finds a conversation by id alone), and a scrambled hex
 * body so they look like the opaque ids of the real service.
 */
export interface IdFactory {
  /** `<prefix>_<16 hex>`, e.g. `lead_3f9a0c1e00000007`. */
  next(prefix: string): string;
  /** A 24-character lowercase hex id (campaigns). */
  hex24(): string;
}

/** A bijection on 32-bit integers: distinct counters give distinct, random-looking words. */
function scramble(n: number, salt: number): number {
  let x = (n ^ salt) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

const hex8 = (n: number): string => n.toString(16).padStart(8, '0');

export function createIdFactory(salt: number): IdFactory {
  let counter = 0;
  return {
    next(prefix) {
      counter++;
      return `${prefix}_${hex8(scramble(counter, salt))}${hex8(counter)}`;
    },
    hex24() {
      counter++;
      return `${hex8(scramble(counter, salt))}${hex8(scramble(counter, salt ^ 0x5bd1e995))}${hex8(counter)}`;
    },
  };
}
