import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { EmulatorCore } from './core';
import { MAX_BODY_BYTES } from './http/body-limit';
import { buildSeed } from './seed/index';

const cores: EmulatorCore[] = [];
function setup() {
  const core = new EmulatorCore({ seed: 'demo', buildSeed });
  cores.push(core);
  const key = core.workspaceList().find((w) => w.name === 'demo-pro')?.apiKey ?? '';
  return { core, app: createApp(core), key };
}
afterEach(() => {
  for (const c of cores.splice(0)) c.close();
});

let destroyed = 0;
const env = { incoming: { socket: { remoteAddress: '127.0.0.1', destroy: () => (destroyed += 1) } } };
const json = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

describe('the /flow API middleware', () => {
  it('refuses a body over 1 MB with 413 in the error body and stores nothing', async () => {
    const { core, app, key } = setup();
    const name = 'x'.repeat(2 * MAX_BODY_BYTES);
    const res = await app.request('/flow/audiences/create', { method: 'POST', headers: json(key), body: JSON.stringify({ name }) }, env);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large', message: expect.stringMatching(/1 MB/) });
    expect(core.store.workspaces.some((ws) => ws.audienceByName(name))).toBe(false);
    expect(core.calls.list()[0]).toMatchObject({ endpoint: 'createAudience', status: 413, ok: false });
  });

  it('counts the bytes of a body sent without Content-Length too', async () => {
    const { app, key } = setup();
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
    const body = new ReadableStream({
      start(ctl) {
        for (let i = 0; i <= MAX_BODY_BYTES / chunk.length; i++) ctl.enqueue(chunk);
        ctl.close();
      },
    });
    const init = { method: 'POST', headers: json(key), body, duplex: 'half' } as RequestInit;
    expect((await app.request('/flow/audiences/create', init, env)).status).toBe(413);
  });

  it('checks the key before the body size, and the body size before validation', async () => {
    const { app, key } = setup();
    const big = JSON.stringify({ typo: 'x'.repeat(MAX_BODY_BYTES) });
    const noKey = await app.request('/flow/audiences/create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big }, env);
    expect(noKey.status).toBe(401);
    const keyed = await app.request('/flow/audiences/create', { method: 'POST', headers: json(key), body: big }, env);
    expect(keyed.status).toBe(413);
    const small = await app.request('/flow/audiences/create', { method: 'POST', headers: json(key), body: '{"name":"A","typo":1}' }, env);
    expect(await small.json()).toMatchObject({ statusCode: 400, message: 'Unknown body field: typo.', details: { field: 'typo', location: 'body' } });
  });

  it('reads any body as JSON whatever its Content-Type, an empty one as {}', async () => {
    const { app, key } = setup();
    const auth = { authorization: `Bearer ${key}` };
    const typed = await app.request('/flow/audiences/create', { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: '{"name":"Plain"}' }, env);
    expect(typed.status).toBe(200);
    const empty = await app.request('/flow/audiences/create', { method: 'POST', headers: auth, body: '' }, env);
    expect(await empty.json()).toMatchObject({ statusCode: 400, details: { field: 'name', location: 'body' } });
    const broken = await app.request('/flow/audiences/create', { method: 'POST', headers: auth, body: '{name' }, env);
    expect(await broken.json()).toMatchObject({ statusCode: 400, message: 'The body is not valid JSON.' });
  });

  it('records every call, a dropped one with status 0, and answers unknown paths with 404 before any key check', async () => {
    const { core, app, key } = setup();
    core.faults = { dropRate: 1 };
    destroyed = 0;
    await app.request('/flow/members', { headers: json(key) }, env);
    expect(destroyed).toBe(1);
    core.faults = {};
    const unknown = await app.request('/flow/no/such/path?apikey=secret', {}, env);
    expect(unknown.status).toBe(404);
    const calls = core.calls.list();
    expect(calls[0]).toMatchObject({ endpoint: null, status: 404, summary: 'no such endpoint', path: '/flow/no/such/path' });
    expect(calls[1]).toMatchObject({ endpoint: 'listMembers', status: 0, ok: false, summary: 'connection dropped (fault)' });
  });

  it('records the instant the rate limiter counted, and answers 429 with Retry-After', async () => {
    const { core, app, key } = setup();
    core.faults = { rateLimit: { calls: 1, windowMs: 10_000 } };
    expect((await app.request('/flow/members', { headers: json(key) }, env)).status).toBe(200);
    const refused = await app.request('/flow/members', { headers: json(key) }, env);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const [second, first] = core.calls.list();
    expect(first).toMatchObject({ status: 200, summary: expect.any(String) });
    expect(second).toMatchObject({ status: 429, summary: expect.stringMatching(/^Rate limit exceeded/) });
    expect(second!.at).toBeGreaterThanOrEqual(first!.at);
  });
});
