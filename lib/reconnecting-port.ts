/**
 * A long-lived port to the background that comes back by itself. A worker restart (MV3 stops an
 * idle worker) closes every port; the page connects again, with a growing delay so that a worker
 * that keeps failing is not hammered, and the background answers a new port with the current state
 * at once. One helper for the lead panel (PanelState) and the options page (the outbox).
 */
import { systemTimers, type Timers } from './timers';

/** The part of `runtime.Port` used here. */
export interface PortLike {
  onMessage: { addListener(cb: (message: unknown) => void): void };
  onDisconnect: { addListener(cb: () => void): void };
  postMessage(message: unknown): void;
  disconnect(): void;
}

export interface ReconnectingPortOptions<T> {
  /** `runtime.connect`. */
  connect(info: { name: string }): PortLike;
  name: string;
  /** Checks an incoming message: the push it carries, or undefined to ignore it. */
  parse(raw: unknown): T | undefined;
  onPush(push: T): void;
  /** Posted on every (re)connect: a new port starts with no subscription. */
  hello?: unknown;
  /** Wait before the first reconnect; it doubles on each failure, up to `maxDelayMs`, and resets on a good message. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  timers?: Timers;
}

export const RECONNECT_FIRST_DELAY_MS = 200;
export const RECONNECT_MAX_DELAY_MS = 5000;

/** Connects now and after every disconnect, until the returned function closes it for good. */
export function openReconnectingPort<T>(options: ReconnectingPortOptions<T>): () => void {
  const { timers = systemTimers, firstDelayMs = RECONNECT_FIRST_DELAY_MS, maxDelayMs = RECONNECT_MAX_DELAY_MS } = options;
  let closed = false;
  let port: PortLike | null = null;
  let retry: unknown;
  let delay = firstDelayMs;

  const reconnectLater = () => {
    if (closed) return;
    retry = timers.setTimeout(open, delay);
    delay = Math.min(delay * 2, maxDelayMs);
  };

  function open() {
    retry = undefined;
    let next: PortLike;
    try {
      next = options.connect({ name: options.name });
    } catch {
      // No background to reach (being reloaded, or updating): try again later.
      return reconnectLater();
    }
    port = next;
    next.onMessage.addListener((raw) => {
      const push = closed ? undefined : options.parse(raw);
      if (push === undefined) return;
      // The background answers again: the next loss starts over from the first delay.
      delay = firstDelayMs;
      options.onPush(push);
    });
    next.onDisconnect.addListener(() => {
      if (port === next) port = null;
      reconnectLater();
    });
    if (options.hello !== undefined) next.postMessage(options.hello);
  }

  open();
  return () => {
    closed = true;
    if (retry !== undefined) timers.clearTimeout(retry);
    port?.disconnect();
    port = null;
  };
}
