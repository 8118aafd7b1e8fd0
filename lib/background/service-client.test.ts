import { describe, expect, it } from 'vitest';
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
