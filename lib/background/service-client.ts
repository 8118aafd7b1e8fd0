/**
 * The background's one connection to the service: one rate limiter for every surface (its state kept
 * in IndexedDB across worker restarts), one client that reads the base URL and the key at each call,
 * every attempt written to the call log, every answer reported to the key session.
 */
import type { RetryPolicy } from '../api/backoff';
import { createCaller, type CallRecord } from '../api/client';
import { createConnectionGate } from '../api/connections';
import type { AimdOptions } from '../api/aimd';
import { keyFingerprint, parseKeyMemories, withKeyMemory, type KeyMemory } from '../api/key-memory';
import { createSlidingWindowLimiter, systemClock, type LimiterState } from '../api/rate-limiter';
import { createTransportTracker, watchTransport, type ResourceTimingApi, type Transport } from '../api/transport';
import type { CallLog } from '../store/call-log';
import type { MetaStore } from '../store/meta';
import { createBackgroundApi, type BackgroundApi } from './api';
import { reportingTo, type KeySession } from './key-session';
import type { Timers } from '../timers';

const LIMITER_META = 'limiter';
/** What the limiter learned about each key it used, by fingerprint (`key-memory.ts`). */
const KEY_MEMORY_META = 'limiter-keys';

/** The limiter's state as stored: `key`, the fingerprint of the key it was learned on (absent before keys were remembered). */
type StoredLimiterState = LimiterState & { key?: string };

export interface ServiceClientOptions {
  baseUrl(): string;
  keys: KeySession;
  callLog: CallLog;
  meta: MetaStore;
  fetch?: typeof fetch;
  /** A clock of the caller's (tests): the limiter then waits on `timers` too. */
  clock?: { now(): number };
  timers: Timers;
  /**
   * Rate limit of the service (50 per 10 s); tests shorten the window. The limiter learns the key's
   * headroom from 429s (a key is shared by a team) unless `adaptive` is false; AIMD options (the
   * team benchmark's seeded `random`, a variant tried) in place of `true`.
   */
  rateLimit?: { limit?: number; windowMs?: number; adaptive?: boolean | AimdOptions };
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
  /**
   * The worker's Resource Timing: the protocol of the service's answers sets how many list calls may
   * be pending at once (`transport.ts`). Absent: HTTP/1.1's caps.
   */
  resourceTiming?: ResourceTimingApi | null;
}

export interface CallFigures {
  calls: number;
  failed: number;
  rateLimited: number;
}

export interface ServiceClient {
  /** The calls made with the stored key. */
  api: BackgroundApi;
  /**
   * The calls made to try a typed connection: `key` (else the stored key) at `baseUrl` (else the
   * stored one). Not reported to the key session: neither is the connection in force.
   */
  trying(typed: { key?: string; baseUrl?: string }): BackgroundApi;
  /** Takes over the limiter's state kept by the previous worker. */
  restore(): Promise<void>;
  /** The stored key changed: the limiter starts from what it learned about the new key (and keeps what it learned about the old). */
  keyChanged(): Promise<void>;
  figures(): CallFigures;
  /** The connection to the service as its answers tell it (`transport.ts`). */
  transport(): Transport;
}

export function createServiceClient(opts: ServiceClientOptions): ServiceClient {
  const now = () => (opts.clock ?? systemClock).now();
  const figures: CallFigures = { calls: 0, failed: 0, rateLimited: 0 };
  const { adaptive = true, ...rateLimit } = opts.rateLimit ?? {};
  const transport = createTransportTracker(opts.baseUrl);
  if (opts.resourceTiming) watchTransport(transport, opts.resourceTiming);
  /** The limiter's newest state not written yet (written once per turn). */
  let latest: LimiterState | null = null;
  /**
   * The fingerprint of the key the limiter's state was learned on: null with no key; `undefined` for
   * a state written before keys were remembered, found with no key stored (the next key takes it).
   */
  let fingerprint: string | null | undefined = null;
  const fingerprintOf = async (key: string | null) => (key === null ? null : keyFingerprint(key));
  const limiter = createSlidingWindowLimiter({
    ...rateLimit,
    ...(adaptive ? { adaptive: { lowInFlight: () => transport.caps().inFlight, ...(adaptive === true ? {} : adaptive) } } : {}),
    clock: opts.clock ? { now, setTimeout: opts.timers.setTimeout, clearTimeout: opts.timers.clearTimeout } : systemClock,
    onChange: (state) => {
      // Ten badges' calls granted in one turn are one write, not ten (the newest state wins).
      const first = latest === null;
      latest = state;
      if (!first) return;
      queueMicrotask(() => {
        const kept = latest!;
        latest = null;
        const stored: StoredLimiterState = { ...kept, ...(typeof fingerprint === 'string' ? { key: fingerprint } : {}) };
        opts.meta.set(LIMITER_META, stored).catch((error: unknown) => console.error('limiter state write failed', error));
      });
    },
  });

  const connections = createConnectionGate({ lowMax: () => transport.caps().connections });
  transport.onChange(() => connections.recheck());

  function recordCall(record: CallRecord) {
    figures.calls += 1;
    if (!record.ok) figures.failed += 1;
    if (record.status === 429) figures.rateLimited += 1;
    opts.callLog.add(record).catch((error: unknown) => console.error('call log write failed', error));
  }

  const apiWith = (apiKey: () => string, baseUrl: () => string = opts.baseUrl) =>
    createBackgroundApi(
      createCaller({
        baseUrl,
        apiKey,
        limiter,
        connections,
        now,
        onCall: recordCall,
        ...(opts.fetch ? { fetch: opts.fetch } : {}),
        ...(opts.retry ? { retry: opts.retry } : {}),
        ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
      }),
    );

  /** Keeps what the limiter learned about the key in use, then starts from what it knows of `next`. */
  async function switchTo(next: string | null) {
    let memories = parseKeyMemories(await opts.meta.get(KEY_MEMORY_META));
    if (typeof fingerprint === 'string') {
      const stored = withKeyMemory(memories, fingerprint, limiter.memory(), now());
      await opts.meta.set(KEY_MEMORY_META, stored);
      memories = new Map<string, KeyMemory>(Object.entries(stored.keys));
    }
    fingerprint = next;
    limiter.adopt(next === null ? null : (memories.get(next) ?? null));
  }

  return {
    api: reportingTo(opts.keys, apiWith(() => opts.keys.require())),
    trying: ({ key, baseUrl }) =>
      apiWith(
        key ? () => key : () => opts.keys.require(),
        baseUrl ? () => baseUrl : opts.baseUrl,
      ),
    async restore() {
      const stored = (await opts.meta.get<StoredLimiterState>(LIMITER_META)) ?? undefined;
      const current = await fingerprintOf(opts.keys.current());
      limiter.restore(stored);
      // A state without `key` was written before keys were remembered: learned on the key stored
      // then, the current one (or, with none stored, the next one set).
      const owner = typeof stored?.key === 'string' ? stored.key : stored ? (current ?? undefined) : null;
      fingerprint = owner;
      // Learned on another key (changed while no worker ran): start from what is known of this one.
      if (current !== null && owner !== undefined && owner !== current) await switchTo(current);
    },
    async keyChanged() {
      const next = await fingerprintOf(opts.keys.current());
      if (next === fingerprint) return;
      if (fingerprint === undefined && next !== null) {
        fingerprint = next;
        return;
      }
      await switchTo(next);
    },
    figures: () => ({ ...figures }),
    transport: transport.transport,
  };
}
