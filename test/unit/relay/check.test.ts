// The relay's `POST /check` and the ping that answers it (issue 41), on the Hono app alone: the team
// token guards the check, a ping posted to the secret hook path reaches every open stream as a `ping`
// event with no id (nothing to resume from) and is never logged as a delivery.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxWebhookPayload } from '../../../lib/api/schemas';
import { createRelayApp, type RelayCheck } from '../../../relay/app';
import { openEventLog } from '../../../relay/event-log';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function app(check?: (nonce: string) => Promise<RelayCheck>) {
  const dir = mkdtempSync(join(tmpdir(), 'relay-check-'));
  dirs.push(dir);
  const log = openEventLog<InboxWebhookPayload>(join(dir, 'events.log'), 100);
  return { log, relay: createRelayApp({ token: 'team-token', secret: 'hook-secret', log, now: () => 0, ...(check ? { check } : {}) }) };
}

const post = (path: string, body: unknown, token?: string) =>
  new Request(`http://relay${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });

describe('POST /check', () => {
  it('needs the team token and a nonce; answers what the check found', async () => {
    const seen: string[] = [];
    const { relay } = app(async (nonce) => {
      seen.push(nonce);
      return { webhook: 're-registered', hook: 'reached' };
    });
    expect((await relay.app.fetch(post('/check', { nonce: 'n1' }))).status).toBe(401);
    expect((await relay.app.fetch(post('/check', { nonce: 'n1' }, 'wrong'))).status).toBe(401);
    expect((await relay.app.fetch(post('/check', { nonce: '<script>' }, 'team-token'))).status).toBe(400);
    const ok = await relay.app.fetch(post('/check', { nonce: 'n1' }, 'team-token'));
    expect(await ok.json()).toEqual({ webhook: 're-registered', hook: 'reached' });
    expect(seen).toEqual(['n1']);
  });

  it('a relay that cannot check says so (501), never a made-up answer', async () => {
    const { relay } = app();
    expect((await relay.app.fetch(post('/check', { nonce: 'n1' }, 'team-token'))).status).toBe(501);
  });

  it('a ping on the hook path reaches the open stream as an id-less `ping` event, and is not logged', async () => {
    const { relay, log } = app();
    const stream = await relay.app.fetch(new Request('http://relay/events', { headers: { authorization: 'Bearer team-token' } }));
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('event: hello')) text += (await reader.read()).value ?? '';
    expect((await relay.app.fetch(post('/hooks/wrong-secret', { relayPing: 'n2' }))).status).toBe(404);
    expect(await (await relay.app.fetch(post('/hooks/hook-secret', { relayPing: 'n2' }))).json()).toEqual({ ok: true, ping: true });
    while (!text.includes('event: ping')) text += (await reader.read()).value ?? '';
    const ping = text.slice(text.indexOf('event: ping')).split('\n\n')[0]!;
    expect(ping).toContain('data: {"nonce":"n2"}');
    expect(ping).not.toMatch(/^id:/m);
    expect(log.lastId()).toBe(0);
    await reader.cancel();
  });
});
