// The control API (design.md) and the emulator's own surfaces: reset, clock, call history with the
// failed-only filter, unknown routes, the pronet site by Host, the settings page at `/`.
import { describe, expect, it } from 'vitest';
import {
  advanceClock,
  clientFor,
  emulatorCalls,
  emulatorNow,
  emulatorOrigin,
  getWithHost,
  proWorkspace,
  rawCall,
  resetEmulator,
  setClock,
  starterWorkspace,
} from './harness';
import { oneLead } from '../../lib/api/lead-search';


describe('control API', () => {
  it('reset returns the workspaces of the seed (demo: Pro with CRM, Starter; empty: an empty Pro)', async () => {
    const demo = await resetEmulator('demo');
    expect(demo.map((w) => w.plan)).toEqual(expect.arrayContaining(['PRO', 'STARTER']));
    for (const w of demo) expect(w).toEqual({ id: expect.any(String), name: expect.any(String), plan: expect.any(String), apiKey: expect.any(String) });
    const empty = await resetEmulator('empty');
    const pro = empty.find((w) => w.plan === 'PRO');
    expect(pro?.name).toBe('empty');
    expect((await clientFor(pro ?? proWorkspace()).conversations.search()).total).toBe(0);
  });

  it('reset with leads adds a large workspace that searches and pages like any other', async () => {
    const ws = await resetEmulator('empty', 3000);
    const bulk = ws.find((w) => w.name === 'bulk');
    expect(bulk).toBeDefined();
    const c = clientFor(bulk ?? proWorkspace());
    const first = await c.conversations.search({ status: ['OPEN'], limit: 100 });
    expect(first.total).toBeGreaterThan(100);
    const second = await c.conversations.search({ status: ['OPEN'], limit: 100, searchAfter: first.nextToken ?? '' });
    expect(second.data.map((x) => x.id)).not.toContain(first.data[0]?.id);
    const lead = oneLead(await c.leads.search({ leadId: first.data[0]?.leadId ?? '' }));
    expect(lead.lead.id).toBe(first.data[0]?.leadId);
  });

  it('moves the emulator clock with {advanceMs} or {now}; a reset puts it back to real time', async () => {
    await resetEmulator('demo');
    const t0 = await emulatorNow();
    expect(await advanceClock(3_600_000)).toBeGreaterThanOrEqual(t0 + 3_600_000);
    expect(await setClock({ now: Date.UTC(2035, 0, 1) })).toBeGreaterThanOrEqual(Date.UTC(2035, 0, 1));
    await resetEmulator('demo');
    expect(await emulatorNow()).toBeLessThan(Date.UTC(2035, 0, 1));
  });

  it('reset with {now} builds the same world at that instant, and the clock runs on from it', async () => {
    const now = Date.UTC(2026, 10, 23, 10, 0, 0);
    const snoozes = async () => {
      await resetEmulator('demo', undefined, now);
      const found = await clientFor(proWorkspace()).conversations.search({ status: ['SNOOZED'], limit: 100 });
      return found.data.map((c) => [c.id, c.snoozeUntil]);
    };
    const first = await snoozes();
    expect(first.length).toBeGreaterThan(0);
    const clock = await emulatorNow();
    expect(clock).toBeGreaterThanOrEqual(now);
    expect(clock - now).toBeLessThan(60_000);
    expect(await snoozes()).toEqual(first);
  });

  it('records every API call (endpoint, status, ok, summary, time, workspace), newest first, failed-only on request', async () => {
    await resetEmulator('demo');
    await clientFor(proWorkspace()).campaigns.list({ limit: 2 });
    await clientFor(starterWorkspace()).members.list().catch(() => undefined);
    await rawCall('/nope', { key: proWorkspace().apiKey });
    const calls = await emulatorCalls();
    expect(calls.map((c) => c.endpoint)).toEqual([null, 'listMembers', 'listCampaigns']);
    expect(calls[2]).toMatchObject({
      endpoint: 'listCampaigns',
      method: 'GET',
      path: '/flow/campaigns?limit=2',
      status: 200,
      ok: true,
      summary: expect.stringContaining('campaigns'),
      workspaceId: proWorkspace().id,
      at: expect.any(Number),
    });
    const failed = await emulatorCalls({ failed: true });
    expect(failed.map((c) => c.status)).toEqual([404, 403]);
    expect((await emulatorCalls({ workspace: starterWorkspace().id })).map((c) => c.endpoint)).toEqual(['listMembers']);
  });

  it('serves the look-alike pronet site for Host pronet.localhost and the settings page at /', async () => {
    await resetEmulator('demo');
    const profile = await getWithHost('/in/ada-lovelace/', `pronet.localhost:${new URL(emulatorOrigin()).port}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toContain('Ada Lovelace');
    const missing = await getWithHost('/in/nobody-at-all/', 'pronet.localhost');
    expect(missing.status).toBe(404);
    const settings = await fetch(`${emulatorOrigin()}/`);
    expect(settings.status).toBe(200);
    expect(await settings.text()).toMatch(/<html/i);
  });

  it('answers unknown API routes with 404 in the error body', async () => {
    const res = await rawCall<{ statusCode: number }>('/campaigns/x/y/z', { key: proWorkspace().apiKey });
    expect(res.status).toBe(404);
    expect(res.body.statusCode).toBe(404);
  });
});
