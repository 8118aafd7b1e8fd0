import { describe, expect, it } from 'vitest';
import type { RelayEvent } from '../api/relay-stream';
import { webhookMessage, webhookPayload } from '../../test/unit/live/payload';
import { createLiveRelay, LIVE_RETRY_MIN_MS } from './live-relay';

const payload = (id: string) => webhookPayload(webhookMessage(id, 1, true));

function sse(events: { id: string; data: unknown }[]): Response {
  const text = events.map((e) => `id: ${e.id}\nevent: message\ndata: ${JSON.stringify(e.data)}\n\n`).join('');
  return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function fakeTimers() {
  const pending: { fn: () => void; ms: number }[] = [];
  return {
    pending,
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        const t = { fn, ms };
        pending.push(t);
        return t;
      },
      clearTimeout: (t: unknown) => {
        const i = pending.indexOf(t as { fn: () => void; ms: number });
        if (i >= 0) pending.splice(i, 1);
      },
    },
  };
}

/** Lets the stream's reads and the stored ids settle: a few turns of the event loop, no time waited. */
async function settled() {
  for (let i = 0; i < 20; i += 1) await new Promise((r) => setImmediate(r));
}

describe('the live relay stream', () => {
  it('resumes after the stored id, applies events in order and stores each id; a stream that ends is reopened after a growing delay', async () => {
    const asked: (string | null)[] = [];
    const applied: string[] = [];
    let position: string | null = '7';
    const { pending, timers } = fakeTimers();
    const live = createLiveRelay({
      config: () => ({ url: 'http://relay.test/events', token: 't' }),
      position: { get: async () => position, set: async (id) => void (position = id) },
      apply: async (e: RelayEvent) => void applied.push(e.id),
      timers,
      random: () => 0.5,
      fetch: async (_url, init) => {
        asked.push(new Headers(init?.headers).get('last-event-id'));
        return asked.length === 1 ? sse([{ id: '8', data: payload('a') }, { id: '9', data: payload('b') }]) : Promise.reject(new TypeError('offline'));
      },
    });
    live.want();
    await settled();
    expect(asked).toEqual(['7']);
    expect(applied).toEqual(['8', '9']);
    expect(position).toBe('9');
    expect(live.state()).toBe('retrying');
    expect(pending.map((t) => t.ms)).toEqual([LIVE_RETRY_MIN_MS]);
    pending.shift()!.fn();
    await settled();
    expect(asked).toEqual(['7', '9']);
    // Failed again: the wait doubles.
    expect(pending.map((t) => t.ms)).toEqual([2 * LIVE_RETRY_MIN_MS]);
    live.release();
    expect(pending).toEqual([]);
    expect(live.state()).toBe('off');
  });

  it('a refused token stops the retries until the relay settings change', async () => {
    let calls = 0;
    const { pending, timers } = fakeTimers();
    const live = createLiveRelay({
      config: () => ({ url: 'http://relay.test/events', token: 'wrong' }),
      position: { get: async () => null, set: async () => undefined },
      apply: async () => undefined,
      timers,
      fetch: async () => {
        calls += 1;
        return new Response('{}', { status: 401 });
      },
    });
    live.want();
    await settled();
    expect(live.state()).toBe('refused');
    expect(pending).toEqual([]);
    live.want();
    await settled();
    expect(calls).toBe(1);
    live.reconfigure();
    await settled();
    expect(calls).toBe(2);
  });

  it('stays off without a relay configured', async () => {
    let calls = 0;
    const live = createLiveRelay({
      config: () => null,
      position: { get: async () => null, set: async () => undefined },
      apply: async () => undefined,
      timers: fakeTimers().timers,
      fetch: async () => {
        calls += 1;
        return new Response('');
      },
    });
    live.want();
    await settled();
    expect(calls).toBe(0);
    expect(live.state()).toBe('off');
  });
});
