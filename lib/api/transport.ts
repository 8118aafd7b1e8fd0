/**
 * What the connection to the service allows the low classes (`list`, `idle`). Under HTTP/1.1 the
 * browser opens at most 6 connections to one host: list work keeps to 5 of them (the connection gate,
 * `connections.ts`) and to 5 on the wire (the limiter, `aimd.ts`), and a cold page of 10 badges takes
 * three round trips (5 lead searches, 5 more, then the conversation search). Over HTTP/2 or HTTP/3
 * every call shares one multiplexed connection: no connection is held from the user by a badge, and
 * a page's 10 lead searches go together (two round trips with the conversation search). The learned
 * rate and the list's share still bound how many calls go per window: this bounds only how many
 * answers are pending at once.
 *
 * The protocol is the one the browser reports on the service's answers (`nextHopProtocol` of their
 * Resource Timing entries). Until an answer of the service's current origin says otherwise, HTTP/1.1
 * is assumed: the safe side (a multiplexed service merely waits one round trip more).
 */
import { HOST_CONNECTIONS } from './connections';

export type Transport = 'http1' | 'multiplexed';

export interface LowCaps {
  /** Low calls the connection gate lets hold a connection at once (`lowMax`). */
  connections: number;
  /** Low calls the limiter lets be on the wire at once (`lowInFlight`). */
  inFlight: number;
}

/** A page of badges (10 lead searches) in one round trip; its conversation search follows them. */
export const MULTIPLEXED_LOW_CALLS = 10;

export const LOW_CAPS: Readonly<Record<Transport, LowCaps>> = {
  // One connection of the six always free for the user's action or the profile on screen.
  http1: { connections: HOST_CONNECTIONS - 1, inFlight: HOST_CONNECTIONS - 1 },
  multiplexed: { connections: MULTIPLEXED_LOW_CALLS, inFlight: MULTIPLEXED_LOW_CALLS },
};

/**
 * The transport an ALPN protocol id means (`nextHopProtocol`): `http/1.0`, `http/1.1` → http1;
 * `h2`, `h3`, `h3-29` ... → multiplexed; empty (a cached answer, or a protocol not exposed) or
 * unknown → null, which says nothing.
 */
export function transportOf(nextHopProtocol: string | undefined): Transport | null {
  // Absent where the browser does not report it (Node's entries, older engines).
  if (typeof nextHopProtocol !== 'string') return null;
  const p = nextHopProtocol.trim().toLowerCase();
  if (/^http\/1\.[01]$/.test(p)) return 'http1';
  if (/^h[23](-\d+)?$/.test(p)) return 'multiplexed';
  return null;
}

/** The part of a Resource Timing entry that is read (never kept: only its origin and protocol). */
export interface ResourceEntryLike {
  name: string;
  nextHopProtocol?: string;
}

export interface TransportTracker {
  /** Reads entries of any origin; those of the service's current origin with a known protocol count. */
  seen(entries: Iterable<ResourceEntryLike>): void;
  /** The transport of the service's current origin (http1 until an answer of it said otherwise). */
  transport(): Transport;
  caps(): LowCaps;
  /** Called when the caps change (the gate lets waiting calls on at once). Returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * `serviceUrl()`: the service's base URL as configured now (it may change: another service, a
 * typed URL being tried). Only the origin and the transport of its newest answer are kept.
 */
export function createTransportTracker(serviceUrl: () => string): TransportTracker {
  let known: { origin: string; transport: Transport } | null = null;
  const listeners = new Set<() => void>();
  const current = (): Transport => {
    const origin = originOf(serviceUrl());
    return known !== null && origin !== null && known.origin === origin ? known.transport : 'http1';
  };
  return {
    seen(entries) {
      const origin = originOf(serviceUrl());
      if (origin === null) return;
      const before = current();
      for (const entry of entries) {
        // The newest answer wins: a service may move between protocols (a proxy, a fallback).
        const transport = transportOf(entry.nextHopProtocol);
        if (transport !== null && originOf(entry.name) === origin) known = { origin, transport };
      }
      if (current() !== before) for (const listener of listeners) listener();
    },
    transport: current,
    caps: () => LOW_CAPS[current()],
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The part of the worker's `performance` and `PerformanceObserver` the watch uses. */
export interface ResourceTimingApi {
  observe(onEntries: (entries: ResourceEntryLike[]) => void): { disconnect(): void };
  /** Empties the browser's Resource Timing buffer (the URLs it holds). */
  clear(): void;
}

/**
 * Feeds the tracker the service's answers as they end. An observer, not the buffer: the buffer stops
 * at 250 entries (`resourcetimingbufferfull`) while an observer is told of every one; and the buffer
 * is emptied after each batch so that the worker holds no URL of the service (queries name profiles)
 * longer than it takes to read the protocol.
 */
export function watchTransport(tracker: TransportTracker, api: ResourceTimingApi): () => void {
  const observer = api.observe((entries) => {
    tracker.seen(entries);
    api.clear();
  });
  return () => observer.disconnect();
}

/** The browser's Resource Timing (a worker or a page), or null where there is none. */
export function browserResourceTiming(scope: typeof globalThis = globalThis): ResourceTimingApi | null {
  const Observer = scope.PerformanceObserver;
  const perf = scope.performance;
  if (typeof Observer !== 'function' || !perf || typeof perf.clearResourceTimings !== 'function') return null;
  if (!Observer.supportedEntryTypes?.includes('resource')) return null;
  return {
    observe(onEntries) {
      const observer = new Observer((list) => onEntries(list.getEntries() as unknown as ResourceEntryLike[]));
      // buffered: the answers that ended before the worker started watching count too.
      observer.observe({ type: 'resource', buffered: true });
      return observer;
    },
    clear: () => perf.clearResourceTimings(),
  };
}
