import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../model';
import { maskKey, settingsPage } from './settings-page';

const KEY = 'key_demo-pro_153658cb3f0023f2d3f0aa0b31f5110c';
const WORKSPACES = [
  { id: 'ws_pro', name: 'demo-pro', plan: 'PRO' as const, apiKey: KEY },
  { id: 'ws_starter', name: 'demo-starter', plan: 'STARTER' as const },
];

const call = (id: number, over: Partial<CallRecord>): CallRecord => ({
  id,
  workspaceId: 'ws_pro',
  workspaceName: 'demo-pro',
  endpoint: 'listMembers',
  method: 'GET',
  path: '/flow/members',
  status: 200,
  ok: true,
  summary: '3 members',
  at: Date.UTC(2025, 5, 15, 10, 0, id),
  ...over,
});

const CALLS: CallRecord[] = [
  call(1, { endpoint: 'searchLeads', summary: '1 lead' }),
  call(2, { endpoint: 'updateNote', ok: false, status: 409, summary: 'several conversations <b>match</b>' }),
  call(3, { endpoint: 'listMembers', workspaceId: 'ws_starter', workspaceName: 'demo-starter', ok: false, status: 403, summary: 'plan below Pro' }),
  call(4, { endpoint: null, path: '/flow/nope', ok: false, status: 404, summary: 'unknown route' }),
];

function setup() {
  const seen: { failed?: boolean; workspaceId?: string }[] = [];
  const app = settingsPage({
    workspaces: () => WORKSPACES,
    calls: (f) => {
      seen.push(f);
      return CALLS.filter((c) => (!f.failed || !c.ok) && (!f.workspaceId || c.workspaceId === f.workspaceId));
    },
  });
  return { app, seen, page: async (q = '') => (await app.request(`http://127.0.0.1/${q}`)).text() };
}

describe('API settings page', () => {
  it('masks the key: the page never holds it, only its last characters', async () => {
    const body = await setup().page();
    expect(body).not.toContain(KEY);
    expect(body).not.toContain(KEY.slice(0, 12));
    expect(body).toContain(maskKey(KEY));
    expect(maskKey(KEY).endsWith('110c')).toBe(true);
    expect(body).toContain('data-reveal="ws_pro"');
  });

  it('reveals the key only on request, and only for a known workspace', async () => {
    const { app } = setup();
    const res = await app.request('http://127.0.0.1/settings/api-key/ws_pro');
    expect(await res.json()).toEqual({ apiKey: KEY });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await app.request('http://127.0.0.1/settings/api-key/ws_starter')).status).toBe(404);
    expect((await app.request('http://127.0.0.1/settings/api-key/ws_other')).status).toBe(404);
  });

  it('shows every call newest first with endpoint, outcome, summary and time', async () => {
    const body = await setup().page();
    const order = ['unknown route', 'listMembers', 'updateNote', 'searchLeads'].map((s) => body.indexOf(`<b>${s}</b>`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(body).toContain('Error · 409');
    expect(body).toContain('Success · 200');
    expect(body).toContain('2025-06-15 10:00:02 UTC');
    expect(body).toContain('several conversations &lt;b&gt;match&lt;/b&gt;');
    expect(body).toContain('4 calls');
  });

  it('filters failed calls with ?failed=true', async () => {
    const { page, seen } = setup();
    const body = await page('?failed=true');
    expect(seen.at(-1)).toEqual({ failed: true });
    expect(body).not.toContain('<b>searchLeads</b>');
    expect(body).toContain('<b>updateNote</b>');
    expect(body).toMatch(/name="failed" value="true" checked/);
  });

  it('filters by workspace, ignoring an unknown one', async () => {
    const { page, seen } = setup();
    const body = await page('?workspace=ws_starter');
    expect(seen.at(-1)).toEqual({ workspaceId: 'ws_starter' });
    expect(body).not.toContain('<b>updateNote</b>');
    await page('?workspace=ws_nope');
    expect(seen.at(-1)).toEqual({});
  });

  it('tells a Starter workspace that the API is not included', async () => {
    expect(await setup().page()).toContain('Not included in Starter');
  });
});
