import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance as nodePerformance, PerformanceObserver as NodeObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { createConnectionGate, HOST_CONNECTIONS } from './connections';
import { createSlidingWindowLimiter, type LimiterClock } from './rate-limiter';
import { browserResourceTiming, createTransportTracker, LOW_CAPS, transportOf, watchTransport, type ResourceEntryLike } from './transport';

const SERVICE = 'https://api.example.test/flow';
const entry = (name: string, nextHopProtocol: string): ResourceEntryLike => ({ name, nextHopProtocol });
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('transportOf', () => {
  it.each([
    ['http/1.1', 'http1'],
    ['http/1.0', 'http1'],
    ['HTTP/1.1', 'http1'],
    ['h2', 'multiplexed'],
    ['h3', 'multiplexed'],
    ['h3-29', 'multiplexed'],
    ['', null],
    ['spdy/3', null],
    ['h2c-ish', null],
    ['http/2', null],
    [undefined, null],
  ] as const)('%j → %s', (protocol, transport) => {
    expect(transportOf(protocol)).toBe(transport);
  });
});

describe('low caps', () => {
  it('keep HTTP/1.1 to today\'s 5 and 5 (a connection of the six left to the user), and let a page of 10 go together when multiplexed', () => {
    expect(LOW_CAPS.http1).toEqual({ connections: HOST_CONNECTIONS - 1, inFlight: 5 });
    expect(LOW_CAPS.multiplexed.connections).toBeGreaterThanOrEqual(10);
    expect(LOW_CAPS.multiplexed.inFlight).toBeGreaterThanOrEqual(10);
  });
});

describe('transport tracker', () => {
  it.each([
    { what: 'nothing seen yet', entries: [], transport: 'http1' },
    { what: 'an h2 answer of the service', entries: [entry(`${SERVICE}/leads/search?pronetUrl=x`, 'h2')], transport: 'multiplexed' },
    { what: 'an h3 answer of the service', entries: [entry('https://api.example.test/flow/members', 'h3')], transport: 'multiplexed' },
    { what: 'an HTTP/1.1 answer of the service', entries: [entry(`${SERVICE}/members`, 'http/1.1')], transport: 'http1' },
    { what: 'h2 from another origin only', entries: [entry('https://cdn.example.test/a.js', 'h2')], transport: 'http1' },
    { what: 'h2 from another port of the host', entries: [entry('https://api.example.test:8443/flow/members', 'h2')], transport: 'http1' },
    { what: 'h2, then a cached answer (no protocol)', entries: [entry(`${SERVICE}/a`, 'h2'), entry(`${SERVICE}/b`, '')], transport: 'multiplexed' },
    { what: 'h2, then HTTP/1.1 (the newest wins)', entries: [entry(`${SERVICE}/a`, 'h2'), entry(`${SERVICE}/b`, 'http/1.1')], transport: 'http1' },
    { what: 'an entry whose name is not a URL', entries: [entry('not a url', 'h2')], transport: 'http1' },
  ] as const)('$what → $transport', ({ entries, transport }) => {
    const tracker = createTransportTracker(() => SERVICE);
    tracker.seen(entries);
    expect(tracker.transport()).toBe(transport);
    expect(tracker.caps()).toEqual(LOW_CAPS[transport]);
  });

  it('forgets what it learned when the service moves to another origin, and tells of each change', () => {
    let base = SERVICE;
    const tracker = createTransportTracker(() => base);
    let changes = 0;
    tracker.onChange(() => changes++);
    tracker.seen([entry(`${SERVICE}/members`, 'h2')]);
    expect(changes).toBe(1);
    tracker.seen([entry(`${SERVICE}/members`, 'h2')]);
    expect(changes).toBe(1);
    base = 'http://127.0.0.1:8787/flow';
    expect(tracker.transport()).toBe('http1');
    base = 'not a url';
    tracker.seen([entry(`${SERVICE}/members`, 'h2')]);
    expect(tracker.transport()).toBe('http1');
  });

  it('keeps nothing of the URLs it reads (query, path): only an origin and a protocol', () => {
    const tracker = createTransportTracker(() => SERVICE);
    const seen = entry(`${SERVICE}/leads/search?pronetUrl=https%3A%2F%2Fpronet.example%2Fin%2Fada&apiKey=secret`, 'h2');
    tracker.seen([seen]);
    expect(JSON.stringify(tracker)).not.toMatch(/ada|secret|leads/);
    expect(tracker.transport()).toBe('multiplexed');
  });
});

describe('what the gate and the limiter let on with a rising cap', () => {
  it('the gate lets waiting low calls go as soon as the connection turns out multiplexed', async () => {
    const tracker = createTransportTracker(() => SERVICE);
    const gate = createConnectionGate({ lowMax: () => tracker.caps().connections });
    tracker.onChange(() => gate.recheck());
    let entered = 0;
    for (let i = 0; i < 11; i++) void gate.enter('list').then(() => entered++);
    await flush();
    expect(entered).toBe(5);
    tracker.seen([entry(`${SERVICE}/members`, 'h2')]);
    await flush();
    expect(entered).toBe(10);
    expect(gate.lowInFlight()).toBe(10);
  });

  it('the gate still refuses a getter that says less than one', () => {
    const gate = createConnectionGate({ lowMax: () => 0 });
    expect(() => gate.enter('list')).toThrow(RangeError);
    expect(() => createConnectionGate({ lowMax: 0 })).toThrow(RangeError);
  });

  it('the limiter reads the cap at each decision: 5 list calls on the wire under HTTP/1.1, 10 once multiplexed', async () => {
    const tracker = createTransportTracker(() => SERVICE);
    const now = 1_700_000_000_000;
    const clock: LimiterClock = { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined };
    const limiter = createSlidingWindowLimiter({
      clock,
      adaptive: { random: () => 0.5, lowInFlight: () => tracker.caps().inFlight },
      state: { calls: [], pausedUntil: 0, rate: 30 },
    });
    const granted: number[] = [];
    for (let i = 0; i < 12; i++) void limiter.acquire({ priority: 'list' }).then((t) => granted.push(t));
    await flush();
    expect(granted).toHaveLength(5);
    tracker.seen([entry(`${SERVICE}/members`, 'h2')]);
    // The next decision (here an answer) reads the new cap: 4 on the wire, 6 more may go.
    limiter.completed(granted[0]!);
    await flush();
    expect(granted).toHaveLength(11);
  });
});

describe('watchTransport with the real Resource Timing (Node)', () => {
  it('keeps hearing of the service\'s answers past the buffer\'s 250 entries, and leaves no URL in the buffer', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/flow`;
    const timing = browserResourceTiming({ PerformanceObserver: NodeObserver, performance: nodePerformance } as unknown as typeof globalThis);
    expect(timing).not.toBeNull();
    const tracker = createTransportTracker(() => base);
    const seen: ResourceEntryLike[] = [];
    const stop = watchTransport({ ...tracker, seen: (entries) => (seen.push(...entries), tracker.seen(entries)) }, timing!);
    try {
      for (let i = 0; i < 300; i += 30) {
        await Promise.all(Array.from({ length: 30 }, (_, j) => fetch(`${base}/leads/search?pronetUrl=p${i + j}`).then((r) => r.text())));
      }
      for (let i = 0; i < 50 && seen.filter((e) => e.name.startsWith(base)).length < 300; i++) await new Promise((r) => setTimeout(r, 20));
      expect(seen.filter((e) => e.name.startsWith(base)).length).toBe(300);
      expect(nodePerformance.getEntriesByType('resource').filter((e) => e.name.startsWith(base)).length).toBe(0);
      expect(tracker.transport()).toBe('http1');
    } finally {
      stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('is absent where there is no Resource Timing', () => {
    expect(browserResourceTiming({} as typeof globalThis)).toBeNull();
  });
});
