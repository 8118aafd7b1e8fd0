import type { AcquireOptions, RateLimiter } from '../../../lib/api/rate-limiter';

// A scripted stand-in for `fetch`: each request is recorded and answered by a handler, so tests
// see exactly what went on the wire without a network or a global mock.

export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Sent verbatim instead of JSON.stringify(body). */
  raw?: string;
  headers?: Record<string, string>;
}

export type Handler = (req: SeenRequest, n: number) => FakeAnswer | Error | Promise<FakeAnswer | Error>;

export function fakeFetch(handler: Handler) {
  const requests: SeenRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    init.signal?.throwIfAborted();
    const req: SeenRequest = {
      method: init.method ?? 'GET',
      url: new URL(String(input)),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(req);
    const answer = await handler(req, requests.length);
    if (answer instanceof Error) throw answer;
    const text = answer.raw ?? JSON.stringify(answer.body ?? {});
    return new Response(text, {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

/** A limiter that grants at once and records what the client asked of it. */
export function fakeLimiter() {
  const acquired: AcquireOptions[] = [];
  /** The grants reported ended, in order (a grant is its 1-based number here), and whether answered. */
  const completed: number[] = [];
  const answered: boolean[] = [];
  const pauses: number[] = [];
  const limiter: RateLimiter = {
    acquire: async (opts = {}) => {
      opts.signal?.throwIfAborted();
      acquired.push(opts);
      return acquired.length;
    },
    completed: (grantedAt, wasAnswered = true) => {
      completed.push(grantedAt);
      answered.push(wasAnswered);
    },
    pauseUntil: (epochMs) => {
      pauses.push(epochMs);
    },
    throttled: (epochMs) => {
      pauses.push(epochMs);
      return epochMs;
    },
    snapshot: () => ({ calls: [], pausedUntil: pauses.at(-1) ?? 0 }),
    restore: () => undefined,
    adopt: () => undefined,
    memory: () => null,
  };
  return { limiter, acquired, completed, answered, pauses };
}

/** A sleep that returns at once and remembers every requested duration. */
export function fakeSleep() {
  const durations: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    signal?.throwIfAborted();
    durations.push(ms);
  };
  return { sleep, durations };
}
