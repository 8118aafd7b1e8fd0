import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { EmulatorCore } from './core';
import { findOrCreateAudience } from './rules/lead-merge';
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

describe('emulator people for a search of N results', () => {
  it('adds N people at one company: its search lists exactly them, and an import of it brings them all', async () => {
    const { core, app: a } = app();
    const post = (path: string, body: unknown) => a.request(path, { method: 'POST', body: JSON.stringify(body) }, env('127.0.0.1'));
    expect((await post('/_emulator/reset', { seed: 'demo' })).status).toBe(200);
    const res = await post('/_emulator/people', { company: 'Crowd Forty Ltd', count: 40 });
    expect(res.status).toBe(200);
    const { people } = (await res.json()) as { people: { slug: string; firstname: string; lastname: string; companyName: string }[] };
    expect(people).toHaveLength(40);
    expect(new Set(people.map((p) => p.slug)).size).toBe(40);
    expect(people.every((p) => p.companyName === 'Crowd Forty Ltd')).toBe(true);
    // Each a name of their own (the service would merge two of one name at one company).
    expect(new Set(people.map((p) => `${p.firstname} ${p.lastname}`)).size).toBe(40);
    // The site's search for the company: 4 pages of 10, those 40 people and no one else.
    const page = async (n: number) => (await a.request(`http://pronet.localhost:8787/search/results/people/?keywords=Crowd%20Forty%20Ltd&page=${n}`, {}, env('127.0.0.1'))).text();
    const listed: string[] = [];
    for (let n = 1; n <= 5; n++) for (const m of (await page(n)).matchAll(/\/in\/([a-z0-9-]+)\//g)) if (people.some((p) => p.slug === m[1]) && !listed.includes(m[1]!)) listed.push(m[1]!);
    // Answered in the search's order.
    expect(listed).toEqual(people.map((p) => p.slug));
    expect(await page(1)).toMatch(/40 results/);
    // The service's import of that search: 4 steps of 5 s on the emulator's clock, the 40 then in the audience.
    const ws = core.store.workspaces.find((w) => w.data.plan === 'PRO')!;
    const audience = findOrCreateAudience(ws, 'Forty imported', 'PRONET_SEARCH', core.now());
    core.startAudienceImport(ws, audience.id, { pronetUrl: 'https://www.pronet.example/search/results/people/?keywords=Crowd%20Forty%20Ltd' });
    core.clock.advance(15_000);
    expect(ws.leadsOfAudience(audience.id)).toHaveLength(30);
    core.clock.advance(5_000);
    expect(new Set(ws.leadsOfAudience(audience.id).map((l) => l.pronetUrl))).toEqual(new Set(people.map((p) => `https://www.pronet.example/in/${p.slug}/`)));
    expect((await post('/_emulator/people', { company: 'X', count: 1 })).status).toBe(400);
    expect((await post('/_emulator/people', { company: 'Crowd', count: 2_001 })).status).toBe(400);
  });
});
