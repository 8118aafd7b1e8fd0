/**
 * The worker's one stream from the team relay (issue 36), kept while a surface (panel, popup, queue)
 * is open and a relay is configured: each event is applied as it comes; a lost stream reconnects
 * with a growing delay (1 s doubling to 60 s, reset once a stream opened), resuming after the last
 * event applied, whose id is stored so that a worker restarted (MV3 stops an idle one; Firefox
 * suspends its event page) resumes where the previous one stopped. A token the relay refuses stops
 * the retries until the settings change. fetch, timers and storage come in as parameters.
 */
import { readRelayStream, RelayRefusedError, type RelayEvent } from '../api/relay-stream';
import type { Timers } from '../timers';

export type LiveState = 'off' | 'connecting' | 'live' | 'refused' | 'retrying';

export interface LiveRelayDeps {
  /** The relay configured now (read at each connection); null when none. */
  config(): { url: string; token: string } | null;
  /** Where the last applied event's id is kept across worker restarts. */
  position: { get(): Promise<string | null>; set(id: string): Promise<void> };
  apply(event: RelayEvent): Promise<void>;
  timers: Timers;
  fetch?: typeof fetch;
  onState?(state: LiveState): void;
  random?(): number;
}

export const LIVE_RETRY_MIN_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 60_000;

export function createLiveRelay(deps: LiveRelayDeps) {
  let wanted = false;
  let running: { controller: AbortController; config: string } | null = null;
  let retryTimer: unknown = null;
  let delay = LIVE_RETRY_MIN_MS;
  let state: LiveState = 'off';
  let refusedFor: string | null = null;
  const setState = (next: LiveState) => {
    if (next === state) return;
    state = next;
    deps.onState?.(next);
  };

  function clearRetry() {
    if (retryTimer !== null) deps.timers.clearTimeout(retryTimer);
    retryTimer = null;
  }

  async function connect() {
    clearRetry();
    const config = deps.config();
    if (!wanted || !config || running) {
      if (!config) setState('off');
      return;
    }
    const key = `${config.url}\n${config.token}`;
    if (refusedFor === key) return;
    const controller = new AbortController();
    running = { controller, config: key };
    setState('connecting');
    try {
      await readRelayStream({
        url: config.url,
        token: config.token,
        lastEventId: await deps.position.get().catch(() => null),
        signal: controller.signal,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
        onOpen() {
          delay = LIVE_RETRY_MIN_MS;
          setState('live');
        },
        async onEvent(event) {
          if (controller.signal.aborted) return;
          await deps.apply(event).catch((error: unknown) => console.warn('A live event could not be applied', error));
          if (event.id !== '') await deps.position.set(event.id).catch(() => undefined);
        },
      });
    } catch (error) {
      if (error instanceof RelayRefusedError) {
        refusedFor = key;
        if (running?.controller === controller) running = null;
        setState('refused');
        return;
      }
    }
    if (running?.controller !== controller) return;
    running = null;
    if (!wanted || controller.signal.aborted) return;
    // Ended or failed: again after a growing, jittered delay.
    setState('retrying');
    const wait = Math.min(delay, LIVE_RETRY_MAX_MS) * (0.75 + 0.5 * (deps.random ?? Math.random)());
    delay = Math.min(delay * 2, LIVE_RETRY_MAX_MS);
    retryTimer = deps.timers.setTimeout(() => void connect(), wait);
  }

  function stopStream() {
    clearRetry();
    running?.controller.abort();
    running = null;
  }

  return {
    /** A surface is open: follow the relay. */
    want() {
      wanted = true;
      if (!running && retryTimer === null) void connect();
    },
    /** No surface open: the stream closes (the worker may then stop). */
    release() {
      wanted = false;
      stopStream();
      setState('off');
    },
    /** The relay's address or token changed: a new stream, from a new refusal state. */
    reconfigure() {
      refusedFor = null;
      delay = LIVE_RETRY_MIN_MS;
      stopStream();
      if (wanted) void connect();
      else setState('off');
    },
    state: () => state,
  };
}

export type LiveRelay = ReturnType<typeof createLiveRelay>;
