import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ConversationSummary, Lead } from '../api/schemas';
import type { ChipState, PanelState, Reply, Request } from '../messages';
import { openCompanionDb, type CompanionDb } from '../store/db';
import { createSettingsStore } from '../store/settings';
import { conversation, lead } from '../../test/unit/background/fakes';
import type { Badge } from './badge';
import { createBackgroundService, type BackgroundService } from './service';

const KEY = 'key_demo-pro_0123456789abcdef0123456789abcdef';
const ADA_PAGE = 'http://pronet.localhost:8787/in/ada-lovelace/';
const MARGARET_PAGE = 'http://pronet.localhost:8787/in/margaret-hamilton/';
const MARGARET = 'https://www.pronet.example/in/margaret-hamilton/';

/** A tiny in-memory service on the wire format, enough for the background's calls. */
function fakeServer() {
  const leads = new Map<string, Lead>([['lead_1', lead('lead_1', 'ada-lovelace')]]);
  const conversations = new Map<string, ConversationSummary>([['c1', conversation('c1', 'lead_1', { note: 'base' })]]);
  const seen: { url: string; auth: string | null; body: string | undefined; signal: AbortSignal | undefined }[] = [];
  let echoKeyInErrors = false;
  let holdSearch: Promise<void> | null = null;

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  const error = (status: number, message: string) => json(status, { statusCode: status, error: 'Error', message });

  const fetchImpl = async (input: string | URL | globalThis.Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    const auth = headers.get('authorization');
    seen.push({ url: url.href, auth, body: init.body as string | undefined, signal: init.signal ?? undefined });
    const presented = auth?.replace(/^Bearer /, '') ?? '';
    if (presented !== KEY) return error(401, `Unknown API key ${presented}.`);
    if (echoKeyInErrors) return error(500, `Internal error while handling ${presented}`);
    const path = url.pathname.replace(/^\/flow/, '');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (path === '/members') return json(200, [{ id: 'mem_1', name: 'Sam', label: 'Owner' }]);
    if (path === '/leads/search') {
      if (holdSearch) await holdSearch;
      init.signal?.throwIfAborted();
      const found = [...leads.values()].find((l) => l.pronetUrl === url.searchParams.get('pronetUrl'));
      return found ? json(200, { statusCode: 200, lead: found, recentLogs: [] }) : error(404, 'No lead matches.');
    }
    const convMatch = /^\/leads\/([^/]+)\/conversations$/.exec(path);
    if (convMatch) {
      return json(200, { statusCode: 200, data: [...conversations.values()].filter((c) => c.leadId === convMatch[1]) });
    }
    if (path === '/leads' && init.method === 'POST') {
      const id = `lead_${leads.size + 1}`;
      leads.set(id, lead(id, 'margaret-hamilton', { firstname: 'Margaret', lastname: 'Hamilton' }));
      return json(200, { statusCode: 200, leadId: id, message: 'created' });
    }
    const c = conversations.get(String(body.conversationId));
    if (path === '/inbox/conversations/note' && c) {
      c.note = body.mode === 'append' ? `${c.note ?? ''}\n-- 2025-01-06 09:00 --\n${String(body.note)}` : String(body.note);
      return json(200, { statusCode: 200, data: { conversationId: c.id, note: c.note, noteLength: c.note.length, truncated: false } });
    }
    if (path === '/inbox/conversations/archive' && c) {
      c.status = 'ARCHIVED';
      return json(200, { statusCode: 200, data: c });
    }
    return error(404, `No route ${path}`);
  };

  return {
    fetch: fetchImpl as typeof fetch,
    seen,
    conversations,
    echoKeyInErrors(on: boolean) {
      echoKeyInErrors = on;
    },
    holdSearch() {
      let release = () => undefined as void;
      holdSearch = new Promise<void>((resolve) => (release = resolve));
      return () => {
        holdSearch = null;
        release();
      };
    },
  };
}

let n = 0;
let db: CompanionDb;
let server: ReturnType<typeof fakeServer>;
let pushed: { panels: [number, PanelState][]; chips: [number, ChipState][]; badges: [number, Badge][] };
const services: BackgroundService[] = [];

async function startService(): Promise<BackgroundService> {
  const service = createBackgroundService({
    db,
    settings: createSettingsStore(),
    session: fakeBrowser.storage.session,
    fetch: server.fetch,
    push: {
      panel: (tabId, state) => pushed.panels.push([tabId, state]),
      chip: (tabId, state) => pushed.chips.push([tabId, state]),
      badge: (tabId, badge) => pushed.badges.push([tabId, badge]),
      outbox: () => undefined,
    },
    hasHostPermission: async (pattern) => pattern.startsWith('http://127.0.0.1') || pattern.startsWith('https://granted.example'),
    outboxPolicy: { maxAttempts: Infinity, baseMs: 5, capMs: 20, random: () => 1 },
    clientRetry: { maxAttempts: 1 },
  });
  services.push(service);
  await service.start();
  return service;
}

async function send(service: BackgroundService, request: Request, ctx = {}): Promise<Reply<unknown>> {
  return service.handle(request, ctx);
}

async function value<T>(reply: Promise<Reply<unknown>>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
}

beforeEach(async () => {
  fakeBrowser.reset();
  n += 1;
  db = await openCompanionDb(`service-test-${n}`);
  server = fakeServer();
  pushed = { panels: [], chips: [], badges: [] };
});

afterEach(() => {
  for (const s of services.splice(0)) s.stop();
  db.close();
});

describe('background service', () => {
  it('shows no-key until a key is set, then resolves the viewed profile with two calls, then from cache', async () => {
    const service = await startService();
    expect(await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 7 }))).toEqual({ kind: 'no-key' });
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await vi.waitFor(async () => expect((await value<PanelState>(send(service, { type: 'panel-state', tabId: 7 }))).kind).toBe('lead'));
    const state = await value<PanelState>(send(service, { type: 'panel-state', tabId: 7 }));
    expect(state).toMatchObject({ kind: 'lead', lead: { name: 'Ada Lovelace' }, stale: false });
    expect(server.seen.map((s) => new URL(s.url).pathname)).toEqual(['/flow/leads/search', '/flow/leads/lead_1/conversations']);

    // Another tab on the same profile: the fresh cache answers, no call.
    await value(send(service, { type: 'profile-viewed', url: `${ADA_PAGE}?trk=x` }, { tabId: 8 }));
    expect(await value(send(service, { type: 'panel-state', tabId: 8 }))).toMatchObject({ kind: 'lead' });
    expect(server.seen).toHaveLength(2);
    await vi.waitFor(() => expect(pushed.chips.at(-1)).toEqual([8, { kind: 'lead', name: 'Ada Lovelace', conversations: 1, status: 'OPEN' }]));
    expect(pushed.badges.some(([tab, b]) => tab === 7 && b.text === 'OPEN')).toBe(true);
  });

  it('cancels the lookup of a profile the user has left', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    const release = server.holdSearch();
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 3 }));
    await vi.waitFor(() => expect(server.seen).toHaveLength(1));
    await service.tabNavigated(3, 'http://pronet.localhost:8787/feed/');
    expect(server.seen[0]?.signal?.aborted).toBe(true);
    release();
    expect(await value(send(service, { type: 'panel-state', tabId: 3 }))).toEqual({ kind: 'not-profile' });
  });

  it('applies an action optimistically, sends it through the outbox, and updates the cache', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 1 }));
    await vi.waitFor(async () => expect((await value<PanelState>(send(service, { type: 'panel-state', tabId: 1 }))).kind).toBe('lead'));
    const hold = server.holdSearch(); // nothing else should search meanwhile
    await value(send(service, { type: 'archive', conversationId: 'c1', leadId: 'lead_1' }));
    await value(send(service, { type: 'save-note', conversationId: 'c1', leadId: 'lead_1', mode: 'append', text: 'call back' }));
    await service.outbox.idle();
    hold();
    expect(server.conversations.get('c1')).toMatchObject({ status: 'ARCHIVED', note: 'base\n-- 2025-01-06 09:00 --\ncall back' });
    const state = await value<PanelState>(send(service, { type: 'panel-state', tabId: 1 }));
    expect(state).toMatchObject({ kind: 'lead', pending: [], conversations: [{ status: 'ARCHIVED', note: 'base\n-- 2025-01-06 09:00 --\ncall back' }] });
    // Somewhere along the way the panel showed the archive before the service confirmed it.
    expect(pushed.panels.some(([, s]) => s.kind === 'lead' && s.pending.length > 0 && s.conversations[0]?.status === 'ARCHIVED')).toBe(true);
  });

  it('adds a profile to an audience, drops the "no lead" answer and resolves it again', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await value(send(service, { type: 'profile-viewed', url: MARGARET_PAGE, name: 'Margaret Hamilton' }, { tabId: 2 }));
    await vi.waitFor(async () => expect(await value(send(service, { type: 'panel-state', tabId: 2 }))).toMatchObject({ kind: 'no-lead', displayName: 'Margaret Hamilton' }));
    await value(send(service, { type: 'add-to-audience', profileUrl: MARGARET_PAGE, audience: 'Pioneers', firstname: 'Margaret', lastname: 'Hamilton' }));
    await vi.waitFor(async () =>
      expect(await value(send(service, { type: 'panel-state', tabId: 2 }))).toMatchObject({ kind: 'lead', lead: { name: 'Margaret Hamilton', pronetUrl: MARGARET } }),
    );
  });

  it('asks for the host permission of a custom base URL before using it', async () => {
    const service = await startService();
    const refused = await send(service, { type: 'settings-set', patch: { baseUrl: 'https://api.elsewhere.example/flow' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'permission-required' } });
    expect(await value(send(service, { type: 'settings-set', patch: { baseUrl: 'https://granted.example/flow' } }))).toMatchObject({
      baseUrl: 'https://granted.example/flow',
    });
  });

  it('keeps the rate limiter state across a worker restart', async () => {
    const first = await startService();
    await value(send(first, { type: 'key-set', key: KEY, sessionOnly: false }));
    await value(send(first, { type: 'key-test' }));
    await value(send(first, { type: 'key-test' }));
    first.stop();
    await vi.waitFor(async () => expect((await db.get('meta', 'limiter')) as { calls: number[] }).toMatchObject({ calls: [expect.any(Number), expect.any(Number)] }));
  });

  it('never lets the key out: not in storage.local or sync, the call log, error messages, pushes or URLs', async () => {
    const service = await startService();
    // A wrong key first: the service echoes what it was given.
    const wrong = await send(service, { type: 'key-test', key: `${KEY}-typo` });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'bad-key' } });
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 5 }));
    await vi.waitFor(async () => expect((await value<PanelState>(send(service, { type: 'panel-state', tabId: 5 }))).kind).toBe('lead'));
    server.echoKeyInErrors(true);
    const replies: Reply<unknown>[] = [wrong];
    replies.push(await send(service, { type: 'credits' }));
    replies.push(await send(service, { type: 'key-test' }));
    replies.push(await send(service, { type: 'archive', conversationId: 'c1', leadId: 'lead_1' }));
    await vi.waitFor(async () => expect((await service.outbox.list())[0]?.error?.code).toBe('server'));
    replies.push(await send(service, { type: 'outbox-list' }));
    replies.push(await send(service, { type: 'settings-get' }));
    replies.push(await send(service, { type: 'call-log' }));
    replies.push(await send(service, { type: 'panel-state', tabId: 5 }));
    await value(send(service, { type: 'settings-set', patch: { chipEnabled: true } }));

    const everything = JSON.stringify({
      replies,
      pushed,
      local: await fakeBrowser.storage.local.get(null),
      sync: await fakeBrowser.storage.sync.get(null),
      calls: await service.callLog.list(),
      outbox: await db.getAll('outbox'),
      meta: await db.getAll('meta'),
      cache: await db.getAll('cache'),
      urls: server.seen.map((s) => s.url),
      bodies: server.seen.map((s) => s.body),
    });
    expect(everything).toContain('Internal error while handling'); // the echoing errors did come back
    expect(everything).not.toContain(KEY);
    expect((await service.callLog.list({ failedOnly: true })).length).toBeGreaterThan(0);
    // The key travelled only as a Bearer header.
    expect(server.seen.filter((s) => s.auth === `Bearer ${KEY}`).length).toBeGreaterThan(3);
    // It is kept in the extension-origin IndexedDB.
    expect(await db.get('secrets', 'apiKey')).toBe(KEY);
  });
});
