// The team relay (relay/, issue 36) against the running emulator: it registers the inbox webhook,
// takes the service's deliveries on its secret path, and serves them as SSE with the team token,
// replaying from Last-Event-ID; its log and token survive a restart; the key is never written out.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRelayStream, RelayRefusedError, testRelay, type RelayEvent } from '../../lib/api/relay-stream';
import type { ConversationSummary } from '../../lib/api/schemas';
import { startRelay, unregisterRelay, type RelayOptions, type RunningRelay } from '../../relay/server';
import { advanceClock, baseUrl, clientFor, freshRateWindow, inbound, leadBySlug, proWorkspace, resetEmulator } from './harness';

const dirs: string[] = [];
const relays: RunningRelay[] = [];
const readers: AbortController[] = [];
const lines: string[] = [];

async function relay(dataDir?: string, port = 0, more: Partial<RelayOptions> = {}): Promise<{ relay: RunningRelay; dataDir: string }> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'relay-test-'));
  if (!dataDir) dirs.push(dir);
  const r = await startRelay({ service: baseUrl(), key: proWorkspace().apiKey, port, dataDir: dir, say: (l) => lines.push(l), ...more });
  relays.push(r);
  return { relay: r, dataDir: dir };
}

/** Reads the relay's stream in the background; `next(n)` waits for the nth event (events, not time). */
function follow(r: RunningRelay, opts: { token?: string; lastEventId?: string } = {}) {
  const controller = new AbortController();
  readers.push(controller);
  const events: RelayEvent[] = [];
  const waiters: (() => void)[] = [];
  const done = readRelayStream({
    url: r.eventsUrl,
    token: opts.token ?? r.token,
    ...(opts.lastEventId !== undefined ? { lastEventId: opts.lastEventId } : {}),
    signal: controller.signal,
    onEvent(e) {
      events.push(e);
      for (const w of waiters.splice(0)) w();
    },
  });
  done.catch(() => undefined);
  return {
    events,
    done,
    async next(count: number): Promise<RelayEvent[]> {
      while (events.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return events.slice(0, count);
    },
  };
}

const client = () => clientFor(proWorkspace());

async function adaConversation(): Promise<ConversationSummary> {
  const ada = await leadBySlug(client(), 'ada-lovelace');
  const c = ada.conversations[0];
  if (!c) throw new Error('Ada has no conversation in the demo seed');
  return c;
}

/** A lead's message delivered: inbound, then the emulator's clock past the 60 s dedup window. */
async function leadWrites(c: ConversationSummary, text: string) {
  const { message } = await inbound(c.id, text);
  await advanceClock(60_000);
  return message;
}

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
  lines.length = 0;
});
afterEach(async () => {
  for (const c of readers.splice(0)) c.abort();
  await Promise.all(relays.splice(0).map((r) => r.close()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('relay', () => {
  it('registers one inbox webhook on the service, at its secret path, and deletes it on close', async () => {
    const { relay: r } = await relay();
    const hooks = await client().inboxWebhooks.list();
    expect(hooks).toEqual([expect.objectContaining({ id: r.webhookId, url: r.hookUrl })]);
    expect(r.hookUrl).toMatch(/\/hooks\/[A-Za-z0-9_-]{20,}$/);
    await r.close({ unregister: true });
    expect(await client().inboxWebhooks.list()).toEqual([]);
  });

  it("webhook in, SSE out: a lead's message delivered after the 60 s window reaches a browser with its id", async () => {
    const { relay: r } = await relay();
    const reader = follow(r);
    const [hello] = await reader.next(1);
    expect(hello).toEqual({ kind: 'hello', id: '0' });
    const c = await adaConversation();
    const message = await leadWrites(c, 'Could we talk on Tuesday?');
    const [, event] = await reader.next(2);
    expect(event).toMatchObject({ kind: 'message', id: '1', payload: { conversationId: c.id, messageId: message.id, received: true, messageBody: 'Could we talk on Tuesday?' } });
  });

  it('a teammate’s send is relayed at once, with no clock moved', async () => {
    const { relay: r } = await relay();
    const reader = follow(r);
    await reader.next(1);
    const c = await adaConversation();
    const [member] = await client().members.list();
    const sent = await client().inbox.sendPronet({ identityId: c.identityId, memberId: member?.id ?? '', leadId: c.leadId, message: 'On it.' });
    const [, event] = await reader.next(2);
    expect(event).toMatchObject({ kind: 'message', payload: { messageId: sent.messageId, sent: true } });
  });

  it('replays what came after Last-Event-ID to a browser that was away, then goes on live', async () => {
    const { relay: r } = await relay();
    const first = follow(r);
    await first.next(1);
    const c = await adaConversation();
    await leadWrites(c, 'one');
    await first.next(2);
    await leadWrites(c, 'two');
    await leadWrites(c, 'three');
    await first.next(4);
    const back = follow(r, { lastEventId: '1' });
    const replayed = await back.next(2);
    expect(replayed.map((e) => (e.kind === 'message' ? [e.id, e.payload.messageBody] : e.kind))).toEqual([
      ['2', 'two'],
      ['3', 'three'],
    ]);
    await leadWrites(c, 'four');
    const [, , live] = await back.next(3);
    expect(live).toMatchObject({ id: '4', payload: { messageBody: 'four' } });
  });

  it('refuses a wrong or missing token with 401 and serves nothing', async () => {
    const { relay: r } = await relay();
    const res = await fetch(r.eventsUrl, { headers: { authorization: 'Bearer not-the-token' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).not.toMatch(/event-stream/);
    expect((await fetch(r.eventsUrl)).status).toBe(401);
    await expect(readRelayStream({ url: r.eventsUrl, token: 'wrong', onEvent: () => undefined })).rejects.toBeInstanceOf(RelayRefusedError);
    expect(await testRelay(r.eventsUrl, 'wrong')).toBe('refused');
    expect(await testRelay(r.eventsUrl, r.token)).toBe('ok');
    expect(await testRelay('http://127.0.0.1:9/events', r.token)).toBe('unreachable');
  });

  it('issue 41: Test relay checks the whole way; a webhook deleted on the service is registered again and said so, and replies flow again', async () => {
    const { relay: r } = await relay();
    expect(await testRelay(r.eventsUrl, r.token)).toBe('ok');
    const first = r.webhookId;
    // Deleted on the service behind the relay's back (by hand, another tool): no delivery would come.
    await client().inboxWebhooks.delete({ id: first });
    expect(await testRelay(r.eventsUrl, r.token)).toBe('re-registered');
    expect(r.webhookId).not.toBe(first);
    expect((await client().inboxWebhooks.list()).filter((w) => w.url === r.hookUrl).map((w) => w.id)).toEqual([r.webhookId]);
    expect(lines.some((l) => l.includes(`webhook ${first} was gone from the service: registered again as ${r.webhookId}`))).toBe(true);
    // And a reply reaches the browser's stream again.
    const reader = follow(r);
    await reader.next(1);
    await leadWrites(await adaConversation(), 'after the check');
    const [, live] = await reader.next(2);
    expect(live).toMatchObject({ kind: 'message', payload: { messageBody: 'after the check' } });
  });

  it('Test relay: a relay whose hook address does not reach it says no delivery; one without /check is outdated', async () => {
    // Its public address (where the service posts, and the check's ping goes) reaches nothing.
    const { relay: r } = await relay(undefined, 0, { publicUrl: 'http://127.0.0.1:9' });
    // The browser reaches the relay where it listens.
    const listening = `http://127.0.0.1:${r.port}`;
    const direct: typeof fetch = (input, init) => fetch(String(input instanceof Request ? input.url : input).replace('http://127.0.0.1:9', listening), init);
    expect(await testRelay(r.eventsUrl, r.token, direct)).toBe('no-delivery');
    // A relay of the last version: its stream answers, /check does not.
    const outdated: typeof fetch = (input, init) => (String(input).endsWith('/check') ? Promise.resolve(new Response('404 Not Found', { status: 404 })) : direct(input, init));
    expect(await testRelay(r.eventsUrl, r.token, outdated)).toBe('outdated');
  });

  it('a delivery the service retries is logged once; a body that is no delivery, or a wrong path, is refused', async () => {
    const { relay: r } = await relay();
    const reader = follow(r);
    await reader.next(1);
    const c = await adaConversation();
    await leadWrites(c, 'once');
    const [, event] = await reader.next(2);
    const payload = event?.kind === 'message' ? event.payload : null;
    const again = await fetch(r.hookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    expect(await again.json()).toMatchObject({ ok: true, duplicate: true });
    expect((await fetch(r.hookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' })).status).toBe(400);
    const wrongPath = r.hookUrl.replace(/[^/]+$/, 'guess');
    expect((await fetch(wrongPath, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) })).status).toBe(404);
    // Nothing more reached the browser: the next event is the next message.
    await leadWrites(c, 'next');
    const [, , next] = await reader.next(3);
    expect(next).toMatchObject({ id: '2', payload: { messageBody: 'next' } });
  });

  it('a restart keeps the token, the webhook (not a second one) and the log to replay', async () => {
    const { relay: r, dataDir } = await relay();
    const reader = follow(r);
    await reader.next(1);
    const c = await adaConversation();
    await leadWrites(c, 'before the restart');
    await reader.next(2);
    const { token, webhookId } = r;
    await r.close();
    // At the same address: the same webhook (at another, the old one is deleted and a new one made).
    const { relay: again } = await relay(dataDir, Number(new URL(r.eventsUrl).port));
    expect(again.token).toBe(token);
    expect(again.webhookId).toBe(webhookId);
    expect((await client().inboxWebhooks.list()).map((w) => w.id)).toEqual([webhookId]);
    const back = follow(again, { lastEventId: '0' });
    const [replayed] = await back.next(1);
    expect(replayed).toMatchObject({ id: '1', payload: { messageBody: 'before the restart' } });
    // From a log that no longer holds what came after the id (another data dir): a gap, said once.
    const stranger = follow(again, { lastEventId: '99' });
    expect(await stranger.next(1)).toEqual([{ kind: 'gap', id: '1' }]);
  });

  it('never writes the key to its data dir nor to its output; --unregister deletes what a killed run left', async () => {
    const { relay: r, dataDir } = await relay();
    const reader = follow(r);
    await reader.next(1);
    await leadWrites(await adaConversation(), 'hello');
    await reader.next(2);
    const key = proWorkspace().apiKey;
    for (const f of readdirSync(dataDir)) expect(readFileSync(join(dataDir, f), 'utf8')).not.toContain(key);
    expect(lines.join('\n')).not.toContain(key);
    expect(lines.join('\n')).not.toContain(r.token);
    await r.close();
    expect(await unregisterRelay({ service: baseUrl(), key, dataDir })).toEqual([r.webhookId]);
    expect(await client().inboxWebhooks.list()).toEqual([]);
  });
});
