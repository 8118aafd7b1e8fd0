import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { EmulatorCore } from './core';
import { buildSeed } from './seed/index';

const cores: EmulatorCore[] = [];
function app() {
  const core = new EmulatorCore({ seed: 'empty', buildSeed });
  cores.push(core);
  return { core, app: createApp(core) };
}
afterEach(() => {
  for (const c of cores.splice(0)) c.close();
});

const env = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe('emulator app', () => {
  it('answers the control API to loopback callers only', async () => {
    const { app: a } = app();
    const local = await a.request('/_emulator/calls', {}, env('127.0.0.1'));
    expect(local.status).toBe(200);
    const remote = await a.request('/_emulator/calls', {}, env('192.168.1.20'));
    expect(remote.status).toBe(403);
    expect(await remote.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });

  it('routes Host pronet.localhost (any port) to the pronet site, other hosts to the API', async () => {
    const { app: a } = app();
    const site = await a.request('http://pronet.localhost:8787/in/ada-lovelace/', {}, env('127.0.0.1'));
    expect(site.status).toBe(200);
    expect(site.headers.get('content-type')).toMatch(/html/);
    const api = await a.request('http://127.0.0.1:8787/flow/members', {}, env('127.0.0.1'));
    expect(api.status).toBe(401);
  });

  it('answers 404 for control routes on an unknown conversation, in the error body', async () => {
    const { app: a } = app();
    const res = await a.request('/_emulator/conversations/conv_missing', {}, env('127.0.0.1'));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const bad = await a.request('/_emulator/clock', { method: 'POST', body: '{"advanceMs":-5}' }, env('127.0.0.1'));
    expect(bad.status).toBe(400);
  });

  it('resets to the same world at a given instant (the screenshots\' fixed clock)', async () => {
    const { core, app: a } = app();
    const now = Date.UTC(2026, 10, 23, 10, 0, 0);
    const reset = () =>
      a.request('/_emulator/reset', { method: 'POST', body: JSON.stringify({ seed: 'demo', now }) }, env('127.0.0.1'));
    expect((await reset()).status).toBe(200);
    const first = JSON.stringify(core.store.workspaces.map((w) => w.data));
    expect(core.now() - now).toBeLessThan(60_000); // the clock runs on from the instant; a busy machine takes its time to build the world
    expect(core.now()).toBeGreaterThanOrEqual(now);
    expect((await reset()).status).toBe(200);
    expect(JSON.stringify(core.store.workspaces.map((w) => w.data))).toBe(first);
  });
});
