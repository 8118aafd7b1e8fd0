/**
 * Reading the team relay's event stream (relay/, issue 36): `GET <events url>` with
 * `Authorization: Bearer <team token>` and `Last-Event-ID`, answered as `text/event-stream`. fetch
 * rather than EventSource, which cannot send a header. The relay forwards the service's inbox webhook
 * payloads (`message` events), and says `hello` (a new reader starts now) or `gap` (events after the
 * id given were dropped: read the service again). fetch, the clock and the signal come in as parameters.
 */
import { createParser } from 'eventsource-parser';
import { z } from 'zod/mini';
import { InboxWebhookPayload } from './schemas';

const PingData = z.object({ nonce: z.string() });
/** What `POST /check` answers (relay/app.ts). */
const RelayCheckAnswer = z.object({ webhook: z.enum(['registered', 're-registered', 'failed']), hook: z.enum(['reached', 'unreachable']) });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type RelayEvent =
  | { kind: 'message'; id: string; payload: InboxWebhookPayload }
  | { kind: 'hello' | 'gap'; id: string }
  /** A check's ping (Test relay), come the whole way from the hook's public address: no position to keep. */
  | { kind: 'ping'; id: ''; nonce: string };

/** The relay refused the token (401 or 403). */
export class RelayRefusedError extends Error {
  constructor(readonly status: number) {
    super(`The relay refused the team token (HTTP ${status}).`);
    this.name = 'RelayRefusedError';
  }
}

/** The relay could not be reached, or answered something that is not its stream. */
export class RelayUnreachableError extends Error {
  constructor(detail: string) {
    super(`The relay could not be reached (${detail}).`);
    this.name = 'RelayUnreachableError';
  }
}

export interface RelayStreamOptions {
  url: string;
  token: string;
  /** The id of the last event applied; absent: start now. */
  lastEventId?: string | null;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** The stream is open (the relay accepted the token). */
  onOpen?(): void;
  onEvent(event: RelayEvent): void | Promise<void>;
}

/** Reads the stream until it ends (resolves) or fails (rejects); an abort rejects with the abort. */
export async function readRelayStream(opts: RelayStreamOptions): Promise<void> {
  const doFetch = opts.fetch ?? fetch;
  const headers: Record<string, string> = { authorization: `Bearer ${opts.token}`, accept: 'text/event-stream' };
  if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
  let res: Response;
  try {
    res = await doFetch(opts.url, { headers, cache: 'no-store', ...(opts.signal ? { signal: opts.signal } : {}) });
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    throw new RelayUnreachableError(error instanceof Error ? error.message : 'network error');
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel().catch(() => undefined);
    throw new RelayRefusedError(res.status);
  }
  if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    await res.body?.cancel().catch(() => undefined);
    throw new RelayUnreachableError(`HTTP ${res.status}`);
  }
  opts.onOpen?.();
  // Events are applied one after another, in the relay's order.
  let chain: Promise<void> = Promise.resolve();
  const parser = createParser({
    onEvent(m) {
      const id = m.id ?? '';
      if (m.event === 'hello' || m.event === 'gap') {
        const kind = m.event;
        chain = chain.then(() => opts.onEvent({ kind, id }));
        return;
      }
      if (m.event === 'ping') {
        const ping = PingData.safeParse(safeJson(m.data));
        if (ping.success) chain = chain.then(() => opts.onEvent({ kind: 'ping', id: '', nonce: ping.data.nonce }));
        return;
      }
      if (m.event !== undefined && m.event !== 'message') return;
      let data: unknown;
      try {
        data = JSON.parse(m.data);
      } catch {
        return;
      }
      const parsed = InboxWebhookPayload.safeParse(data);
      // An event this client cannot read is skipped, not fatal: the next revalidation covers it.
      if (parsed.success) chain = chain.then(() => opts.onEvent({ kind: 'message', id, payload: parsed.data }));
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
      await chain;
    }
  } finally {
    reader.releaseLock();
  }
  await chain;
}

/**
 * What the options page's Test relay says (issue 41), end to end: the stream opens with the token,
 * the relay finds its webhook on the service (registering it again when it was gone: `re-registered`),
 * and a ping posted to the address the service posts to comes back on this stream. `no-webhook`: the
 * relay could not see or register it; `no-delivery`: the ping never came back; `outdated`: a relay
 * without `POST /check`.
 */
export type RelayTestResult = 'ok' | 're-registered' | 'no-webhook' | 'no-delivery' | 'refused' | 'unreachable' | 'outdated';

export async function testRelay(url: string, token: string, doFetch: typeof fetch = fetch, timeoutMs = 10_000, nonce = crypto.randomUUID()): Promise<RelayTestResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let opened!: () => void;
  const open = new Promise<null>((resolve) => (opened = () => resolve(null)));
  let pinged!: () => void;
  const ping = new Promise<true>((resolve) => (pinged = () => resolve(true)));
  const reading = readRelayStream({
    url,
    token,
    fetch: doFetch,
    signal: controller.signal,
    onOpen: () => opened(),
    onEvent: (e) => {
      if (e.kind === 'ping' && e.nonce === nonce) pinged();
    },
  });
  // How the stream ended, if it did (never thrown: every outcome is a result).
  const ended = reading.then(
    () => new RelayUnreachableError('the stream ended') as unknown,
    (error: unknown) => error,
  );
  try {
    const first = await Promise.race([open, ended]);
    if (first !== null) return first instanceof RelayRefusedError ? 'refused' : 'unreachable';
    const res = await doFetch(new URL('check', url).href, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nonce }),
      cache: 'no-store',
      signal: controller.signal,
    });
    if (res.status === 401 || res.status === 403) return 'refused';
    const answer = RelayCheckAnswer.safeParse(await res.json().catch(() => undefined));
    if (!answer.success) return res.ok || res.status === 404 || res.status === 501 ? 'outdated' : 'unreachable';
    if (answer.data.webhook === 'failed') return 'no-webhook';
    if (answer.data.hook === 'unreachable' || !(await Promise.race([ping, ended.then(() => false)]))) return 'no-delivery';
    return answer.data.webhook === 're-registered' ? 're-registered' : 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
    controller.abort();
    await ended;
  }
}
