/**
 * The background's one connection to the service: one rate limiter for every surface (its state kept
 * in IndexedDB across worker restarts), one client that reads the base URL and the key at each call,
 * every attempt written to the call log, every answer reported to the key session.
 */
import type { RetryPolicy } from '../api/backoff';
import { createCaller, type CallRecord } from '../api/client';
import { createConnectionGate } from '../api/connections';
import type { AimdOptions } from '../api/aimd';
import { createSlidingWindowLimiter, systemClock, type LimiterState } from '../api/rate-limiter';
import { createTransportTracker, watchTransport, type ResourceTimingApi, type Transport } from '../api/transport';
import type { CallLog } from '../store/call-log';
import type { MetaStore } from '../store/meta';
import { createBackgroundApi, type BackgroundApi } from './api';
import { reportingTo, type KeySession } from './key-session';
import type { Timers } from '../timers';

const LIMITER_META = 'limiter';

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
        opts.meta.set(LIMITER_META, kept).catch((error: unknown) => console.error('limiter state write failed', error));
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

  return {
    api: reportingTo(opts.keys, apiWith(() => opts.keys.require())),
    trying: ({ key, baseUrl }) =>
      apiWith(
        key ? () => key : () => opts.keys.require(),
        baseUrl ? () => baseUrl : opts.baseUrl,
      ),
    async restore() {
      limiter.restore((await opts.meta.get<LimiterState>(LIMITER_META)) ?? undefined);
    },
    figures: () => ({ ...figures }),
    transport: transport.transport,
  };
}
