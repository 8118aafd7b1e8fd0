/**
 * The relay's HTTP side (Hono): the service posts inbox webhook deliveries to a secret path; the
 * team's browsers read them as Server-Sent Events with the team token. Each delivery is logged once
 * (a retried delivery of the same message is answered 200 and not logged again) and answered at once
 * (the service allows 3 s). A stream without a `Last-Event-ID` starts now, with a `hello` event
 * carrying the newest id; with one, it first replays what came after it, or says `gap` when some of
 * that was dropped from the bounded log (the browser then reads the service again).
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { z } from 'zod';
import { InboxWebhookPayload } from '../lib/api/schemas';
import type { EventLog, LoggedEvent } from './event-log';

export const EVENTS_PATH = '/events';
export const CHECK_PATH = '/check';
export const HOOK_PREFIX = '/hooks/';
/** A comment line this often keeps proxies and the browser's worker from calling the stream idle. */
export const HEARTBEAT_MS = 20_000;

/** What `POST /check` found: the webhook on the service, and whether the address it posts to reaches this relay. */
export interface RelayCheck {
  /** `re-registered`: it was gone from the service, and is there again now. */
  webhook: 'registered' | 're-registered' | 'failed';
  hook: 'reached' | 'unreachable';
  /** Why it failed, in words (never a key). */
  detail?: string;
}

export interface RelayAppOptions {
  token: string;
  secret: string;
  log: EventLog<InboxWebhookPayload>;
  now(): number;
  heartbeatMs?: number;
  /** One line per delivery received (never a key nor a token). */
  onDelivery?(event: LoggedEvent<InboxWebhookPayload> | null, why: string): void;
  /**
   * `POST /check` (issue 41): is the webhook still on the service (registered again if gone), and
   * does a ping posted to the hook's public address come back to this relay? The ping then reaches
   * every open stream as a `ping` event carrying `nonce`: the browser that asked sees the whole way.
   */
  check?(nonce: string): Promise<RelayCheck>;
}

/** A ping the relay posts to its own hook address (`POST /check`): never logged, never a message. */
const RelayPing = z.object({ relayPing: z.string().regex(/^[\w-]{1,64}$/) });

function bearer(header: string | undefined): string {
  const auth = header ?? '';
  return auth.startsWith('Bearer ') ? auth.slice('Bearer '.length).trim() : '';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createRelayApp(opts: RelayAppOptions) {
  const app = new Hono();
  const listeners = new Set<(e: LoggedEvent<InboxWebhookPayload>) => void>();
  const pingListeners = new Set<(nonce: string) => void>();

  app.post(`${HOOK_PREFIX}:secret`, async (c) => {
    if (!sameSecret(c.req.param('secret'), opts.secret)) return c.json({ error: 'Not Found' }, 404);
    const body: unknown = await c.req.json().catch(() => undefined);
    const ping = RelayPing.safeParse(body);
    if (ping.success) {
      for (const listener of pingListeners) listener(ping.data.relayPing);
      return c.json({ ok: true, ping: true });
    }
    const parsed = InboxWebhookPayload.safeParse(body);
    if (!parsed.success) {
      opts.onDelivery?.(null, 'refused: not an inbox webhook payload');
      return c.json({ error: 'Bad Request', message: 'The body is not an inbox webhook payload.' }, 400);
    }
    const p = parsed.data;
    if (opts.log.has((d) => d.messageId === p.messageId && d.conversationId === p.conversationId)) {
      opts.onDelivery?.(null, `again: message ${p.messageId} (a retry), not logged twice`);
      return c.json({ ok: true, duplicate: true });
    }
    const event = opts.log.append(p, opts.now());
    opts.onDelivery?.(event, 'logged');
    for (const listener of listeners) listener(event);
    return c.json({ ok: true, id: event.id });
  });

  // The extension's worker reads the stream from its own origin: CORS lets it, the token guards it.
  app.use(EVENTS_PATH, cors({ origin: '*', allowHeaders: ['Authorization', 'Last-Event-ID'], allowMethods: ['GET'] }));
  app.use(CHECK_PATH, cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type'], allowMethods: ['POST'] }));
  app.post(CHECK_PATH, async (c) => {
    if (!sameSecret(bearer(c.req.header('authorization')), opts.token)) {
      return c.json({ error: 'Unauthorized', message: 'This relay needs its team token: Authorization: Bearer <token>.' }, 401);
    }
    const body = z.object({ nonce: z.string().regex(/^[\w-]{1,64}$/) }).safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return c.json({ error: 'Bad Request', message: 'The body must be {"nonce": "<letters, digits, - or _>"}.' }, 400);
    if (!opts.check) return c.json({ error: 'Not Implemented', message: 'This relay cannot check its webhook.' }, 501);
    return c.json(await opts.check(body.data.nonce));
  });
  app.get(EVENTS_PATH, (c) => {
    if (!sameSecret(bearer(c.req.header('authorization')), opts.token)) {
      return c.json({ error: 'Unauthorized', message: 'This relay needs its team token: Authorization: Bearer <token>.' }, 401);
    }
    const lastHeader = c.req.header('last-event-id');
    const from = lastHeader !== undefined && /^\d+$/.test(lastHeader.trim()) ? Number(lastHeader.trim()) : null;
    return streamSSE(c, async (stream) => {
      // Live events that come while the replay is written wait behind it, in order.
      const pending: LoggedEvent<InboxWebhookPayload>[] = [];
      let replaying = true;
      let sentUpTo = from ?? opts.log.lastId();
      const send = async (e: LoggedEvent<InboxWebhookPayload>) => {
        if (e.id <= sentUpTo) return;
        sentUpTo = e.id;
        await stream.writeSSE({ id: String(e.id), event: 'message', data: JSON.stringify(e.data) });
      };
      const listener = (e: LoggedEvent<InboxWebhookPayload>) => {
        if (replaying) pending.push(e);
        else void send(e).catch(() => undefined);
      };
      listeners.add(listener);
      // A check's ping carries no id: it is no event to resume from.
      const pinged = (nonce: string) => void stream.writeSSE({ event: 'ping', data: JSON.stringify({ nonce }) }).catch(() => undefined);
      pingListeners.add(pinged);
      let closed = false;
      const done = new Promise<void>((resolve) => {
        stream.onAbort(() => {
          closed = true;
          resolve();
        });
      });
      try {
        if (from === null) {
          await stream.writeSSE({ id: String(opts.log.lastId()), event: 'hello', data: JSON.stringify({ lastId: opts.log.lastId() }) });
        } else {
          const { events, gap } = opts.log.since(from);
          if (gap) {
            sentUpTo = opts.log.lastId();
            await stream.writeSSE({ id: String(sentUpTo), event: 'gap', data: JSON.stringify({ lastId: sentUpTo }) });
          } else {
            for (const e of events) await send(e);
          }
        }
        replaying = false;
        for (const e of pending.splice(0)) await send(e);
        await heartbeats(stream, opts.heartbeatMs ?? HEARTBEAT_MS, () => closed, done);
      } finally {
        listeners.delete(listener);
        pingListeners.delete(pinged);
      }
    });
  });

  return { app, listeners: () => listeners.size };
}

/** Comment lines until the browser goes away. */
async function heartbeats(stream: SSEStreamingApi, everyMs: number, closed: () => boolean, done: Promise<void>) {
  while (!closed()) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, everyMs)))]);
    clearTimeout(timer);
    if (closed()) return;
    await stream.write(': ping\n\n').catch(() => undefined);
  }
}
