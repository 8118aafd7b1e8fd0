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
import { InboxWebhookPayload } from '../lib/api/schemas';
import type { EventLog, LoggedEvent } from './event-log';

export const EVENTS_PATH = '/events';
export const HOOK_PREFIX = '/hooks/';
/** A comment line this often keeps proxies and the browser's worker from calling the stream idle. */
export const HEARTBEAT_MS = 20_000;

export interface RelayAppOptions {
  token: string;
  secret: string;
  log: EventLog<InboxWebhookPayload>;
  now(): number;
  heartbeatMs?: number;
  /** One line per delivery received (never a key nor a token). */
  onDelivery?(event: LoggedEvent<InboxWebhookPayload> | null, why: string): void;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createRelayApp(opts: RelayAppOptions) {
  const app = new Hono();
  const listeners = new Set<(e: LoggedEvent<InboxWebhookPayload>) => void>();

  app.post(`${HOOK_PREFIX}:secret`, async (c) => {
    if (!sameSecret(c.req.param('secret'), opts.secret)) return c.json({ error: 'Not Found' }, 404);
    const body: unknown = await c.req.json().catch(() => undefined);
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
  app.get(EVENTS_PATH, (c) => {
    const auth = c.req.header('authorization') ?? '';
    const given = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length).trim() : '';
    if (!sameSecret(given, opts.token)) {
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
