/**
 * What a browser learned about a key, kept per key so that a restart (tomorrow's browser, a key
 * switched back) starts where the key's last pushback left it, as TCP caches a path's slow-start
 * threshold. Kept by a fingerprint of the key, never the key: the store holds no secret. A key that
 * has not pushed back for `KEY_MEMORY_MS` is new again (the team may have shrunk, the plan grown).
 * Pure, apart from the fingerprint's digest (Web Crypto, passed in by whoever has none to hand).
 */
import { z } from 'zod/mini';

/** A week: a key that has not pushed back for that long starts as new. */
export const KEY_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;
/** The most keys remembered (the ones that pushed back last are kept). */
export const KEY_MEMORY_MAX_KEYS = 20;
/** The most pushbacks remembered per key (the newest). */
export const KEY_MEMORY_MAX_PUSHBACKS = 50;

export interface KeyMemory {
  /** The rate (calls per window of the work that sheds first) the browser held after the key's last pushbacks. */
  rate: number;
  /** When the key last pushed back (epoch ms). */
  settledAt: number;
  /** When it pushed back lately (epoch ms, ascending, within `KEY_MEMORY_MS`): how often, and how recently. */
  pushbacks: number[];
}

// zod 4's numbers are finite.
const keyMemorySchema = z.object({ rate: z.number().check(z.positive()), settledAt: z.number(), pushbacks: z.catch(z.array(z.number()), []) });
/** Stored as `{ version: 1, keys: { [fingerprint]: KeyMemory } }`. */
const storedSchema = z.object({ version: z.literal(1), keys: z.record(z.string(), z.unknown()) });

/** Whether something the key taught at `at` still holds at `now` (a clock set back does not make it eternal). */
export function isRecent(at: number, now: number): boolean {
  return Number.isFinite(at) && now - at < KEY_MEMORY_MS && at - now < KEY_MEMORY_MS;
}

/** A memory still worth starting from at `now`, with only its recent pushbacks; null when the key is new again. */
export function recent(m: KeyMemory | null | undefined, now: number): KeyMemory | null {
  if (!m || !isRecent(m.settledAt, now)) return null;
  return { rate: m.rate, settledAt: m.settledAt, pushbacks: m.pushbacks.filter((t) => isRecent(t, now)).sort((a, b) => a - b).slice(-KEY_MEMORY_MAX_PUSHBACKS) };
}

/** The stored memories, by fingerprint: a corrupt record is dropped alone, anything unreadable is nothing. */
export function parseKeyMemories(raw: unknown): Map<string, KeyMemory> {
  const parsed = storedSchema.safeParse(raw);
  const out = new Map<string, KeyMemory>();
  if (!parsed.success) return out;
  for (const [fingerprint, value] of Object.entries(parsed.data.keys)) {
    const m = keyMemorySchema.safeParse(value);
    if (m.success) out.set(fingerprint, m.data);
  }
  return out;
}

/** The memories to store: `fingerprint`'s replaced (or forgotten, with null), the stale ones dropped, the newest kept. */
export function withKeyMemory(memories: ReadonlyMap<string, KeyMemory>, fingerprint: string, memory: KeyMemory | null, now: number): { version: 1; keys: Record<string, KeyMemory> } {
  const all = new Map(memories);
  if (memory) all.set(fingerprint, memory);
  else all.delete(fingerprint);
  const kept = [...all].flatMap(([f, m]) => {
    const r = recent(m, now);
    return r ? [[f, r] as const] : [];
  });
  kept.sort((a, b) => b[1].settledAt - a[1].settledAt);
  return { version: 1, keys: Object.fromEntries(kept.slice(0, KEY_MEMORY_MAX_KEYS)) };
}

/** A fingerprint of the key: 128 bits of SHA-256 over a label and the key, in hex. The key cannot be read back from it. */
export async function keyFingerprint(key: string, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<string> {
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(`outreach-companion limiter key:${key}`));
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
