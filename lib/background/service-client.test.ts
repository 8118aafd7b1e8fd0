import { describe, expect, it } from 'vitest';
import { keyFingerprint } from '../api/key-memory';
import type { ResourceEntryLike, ResourceTimingApi } from '../api/transport';
import { createCallLog } from '../store/call-log';
import { createMemoryDb } from '../store/memory-db';
import { createMetaStore } from '../store/meta';
import { systemTimers } from '../timers';
import type { KeySession } from './key-session';
import { createServiceClient } from './service-client';

/** A Resource Timing the test feeds by hand. */
function fakeTiming() {
  let onEntries: ((entries: ResourceEntryLike[]) => void) | null = null;
  const timing: ResourceTimingApi & { clears: number } = {
    clears: 0,
    observe(listener) {
      onEntries = listener;
      return { disconnect: () => undefined };
    },
    clear: () => void (timing.clears += 1),
  };
  return { timing, feed: (entries: ResourceEntryLike[]) => onEntries?.(entries) };
}

describe('service client transport', () => {
  it("follows the protocol of the configured service's answers and empties the browser's buffer after reading", () => {
    const db = createMemoryDb();
    let baseUrl = 'https://api.example.test/flow';
    const { timing, feed } = fakeTiming();
    const client = createServiceClient({
      baseUrl: () => baseUrl,
      keys: { require: () => 'key' } as unknown as KeySession,
      callLog: createCallLog(db),
      meta: createMetaStore(db),
      timers: systemTimers,
      resourceTiming: timing,
    });
    expect(client.transport()).toBe('http1');
    feed([{ name: 'https://cdn.example.test/x.js', nextHopProtocol: 'h2' }]);
    expect(client.transport()).toBe('http1');
    feed([{ name: 'https://api.example.test/flow/leads/search?pronetUrl=x', nextHopProtocol: 'h2' }]);
    expect(client.transport()).toBe('multiplexed');
    expect(timing.clears).toBe(2);
    baseUrl = 'http://127.0.0.1:8787/flow';
    expect(client.transport()).toBe('http1');
  });

  it('stays on HTTP/1.1 caps without a Resource Timing', () => {
    const db = createMemoryDb();
    const client = createServiceClient({
      baseUrl: () => 'https://api.example.test/flow',
      keys: { require: () => 'key' } as unknown as KeySession,
      callLog: createCallLog(db),
      meta: createMetaStore(db),
      timers: systemTimers,
    });
    expect(client.transport()).toBe('http1');
  });
});

describe('service client: the memory of each key', () => {
  const day = 24 * 60 * 60 * 1000;
  function clientOn(db: ReturnType<typeof createMemoryDb>, key: { value: string | null }) {
    return createServiceClient({
      baseUrl: () => 'https://api.example.test/flow',
      keys: { require: () => key.value ?? '', current: () => key.value } as unknown as KeySession,
      callLog: createCallLog(db),
      meta: createMetaStore(db),
      timers: systemTimers,
    });
  }
  const limiterState = async (meta: ReturnType<typeof createMetaStore>) => {
    // The state is written a turn after it changes.
    await new Promise((r) => setTimeout(r, 0));
    return meta.get<{ rate: number; starting?: boolean; key?: string; settledAt?: number }>('limiter');
  };

  it('keeps what it learned of a key when the key changes, and starts from it when that key comes back; never stores the key', async () => {
    const db = createMemoryDb();
    const meta = createMetaStore(db);
    const key = { value: 'key-of-team-a' as string | null };
    await meta.set('limiter', { calls: [], pausedUntil: 0, rate: 3, settledAt: Date.now() - day, pushbacks: [Date.now() - day] });
    const client = clientOn(db, key);
    // A state written before keys were remembered: learned on the key stored, which keeps it.
    await client.restore();
    key.value = 'key-of-team-b';
    await client.keyChanged();
    expect(await limiterState(meta)).toMatchObject({ rate: 5, starting: true });
    key.value = 'key-of-team-a';
    await client.keyChanged();
    const back = await limiterState(meta);
    expect(back).toMatchObject({ rate: 3 });
    expect(back?.starting).toBeUndefined();
    const stored = JSON.stringify(await db.getAll('meta'));
    expect(stored).not.toContain('key-of-team');
    expect(back?.key).toMatch(/^[0-9a-f]{32}$/);
    // A worker restarted later with team B's key stored: the state was A's, B starts as new.
    await meta.set('limiter', { ...back, rate: 3 });
    key.value = 'key-of-team-b';
    const restarted = clientOn(db, key);
    await restarted.restore();
    expect(await limiterState(meta)).toMatchObject({ rate: 5, starting: true });
  });

  it('reads a corrupt memory record as nothing learned of that key, and the others as they are', async () => {
    const db = createMemoryDb();
    const meta = createMetaStore(db);
    const key = { value: 'key-one' as string | null };
    const client = clientOn(db, key);
    await client.restore();
    const now = Date.now();
    await meta.set('limiter-keys', {
      version: 1,
      keys: { [await keyFingerprint('key-two')]: { rate: 'lots', settledAt: now }, [await keyFingerprint('key-three')]: { rate: 4, settledAt: now - day, pushbacks: [now - day] } },
    });
    key.value = 'key-two';
    await client.keyChanged();
    expect(await limiterState(meta)).toMatchObject({ rate: 5, starting: true });
    key.value = 'key-three';
    await client.keyChanged();
    expect(await limiterState(meta)).toMatchObject({ rate: 4, settledAt: now - day });
  });
});
