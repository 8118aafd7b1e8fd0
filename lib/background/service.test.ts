import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ConversationSummary, Lead } from '../api/schemas';
import { createChipTracker } from '../chip-state';
import type { Reply, Request } from '../messages';
import type { ChipState, KeyTestView, OutboxItemView, PanelState } from '../views';
import { openCompanionDb, type CompanionDb } from '../store/db';
import { createSettingsStore } from '../store/settings';
import { conversation, lead, manualClock } from '../../test/unit/background/fakes';
import type { Badge } from './badge';
import { createMemoryDb } from '../store/memory-db';
import { createBackgroundService, type BackgroundDeps, type BackgroundService } from './service';

const KEY = 'key_demo-pro_0123456789abcdef0123456789abcdef';
const ADA_PAGE = 'http://pronet.localhost:8787/in/ada-lovelace/';
const MARGARET_PAGE = 'http://pronet.localhost:8787/in/margaret-hamilton/';
const MARGARET = 'https://www.pronet.example/in/margaret-hamilton/';
const ADA = 'https://www.pronet.example/in/ada-lovelace/';
const EDSGER_PAGE = 'http://pronet.localhost:8787/in/edsger-dijkstra/';
const IDENTITY = { id: 'idt_1', name: 'Sam Sales', firstname: 'Sam', lastname: 'Sales', companyName: null, jobTitle: null, pronetConnected: true };

/** Closes a gate (`set` keeps the promise calls wait on); the function returned opens it. */
function hold(set: (gate: Promise<void> | null) => void): () => void {
  let release = () => undefined as void;
  set(new Promise<void>((resolve) => (release = resolve)));
  return () => {
    set(null);
    release();
  };
}

/** A tiny in-memory service on the wire format, enough for the background's calls. */
function fakeServer() {
  const leads = new Map<string, Lead>([
    ['lead_1', lead('lead_1', 'ada-lovelace')],
    ['lead_edsger', lead('lead_edsger', 'edsger-dijkstra', { firstname: 'Edsger', lastname: 'Dijkstra' })],
  ]);
  const conversations = new Map<string, ConversationSummary>([['c1', conversation('c1', 'lead_1', { note: 'base' })]]);
  const seen: { url: string; auth: string | null; body: string | undefined; signal: AbortSignal | undefined }[] = [];
  let echoKeyInErrors = false;
  let holdSearch: Promise<void> | null = null;
  let holdReads: Promise<void> | null = null;
  let enrichChecks = 0;

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  const error = (status: number, message: string) => json(status, { statusCode: status, error: 'Error', message });

  const fetchImpl = async (input: string | URL | globalThis.Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    const auth = headers.get('authorization');
    seen.push({ url: url.href, auth, body: init.body as string | undefined, signal: init.signal ?? undefined });
    // Port 9 (discard): nothing listens there.
    if (url.port === '9') throw new TypeError('Failed to fetch');
    const presented = auth?.replace(/^Bearer /, '') ?? '';
    if (presented !== KEY) return error(401, `Unknown API key ${presented}.`);
    if (echoKeyInErrors) return error(500, `Internal error while handling ${presented}`);
    const path = url.pathname.replace(/^\/flow/, '');
    if (holdReads && (init.method ?? 'GET') === 'GET') await holdReads;
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (path === '/members') return json(200, [{ id: 'mem_1', name: 'Sam', label: 'Owner' }]);
    if (path === '/identities') return json(200, { statusCode: 200, identities: [IDENTITY] });
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
      // Merged by id: the lead is who it was, now in one more audience.
      if (typeof body.leadId === 'string') return json(200, { statusCode: 200, leadId: body.leadId, message: 'merged' });
      const id = `lead_${leads.size + 1}`;
      leads.set(id, lead(id, 'margaret-hamilton', { firstname: 'Margaret', lastname: 'Hamilton' }));
      return json(200, { statusCode: 200, leadId: id, message: 'created' });
    }
    if (path === '/leads/enrich' && init.method === 'POST') return json(200, { statusCode: 200, enrichRequestId: 'enr_1', creditsSpent: 5 });
    if (path === '/leads/enrich/enr_1') {
      enrichChecks += 1;
      if (enrichChecks < 2) return json(200, { statusCode: 200, status: 'pending' });
      const enriched = { ...leads.get('lead_1')!, proEmail: 'ada.lovelace@analytical.example' };
      leads.set('lead_1', enriched);
      return json(200, { statusCode: 200, status: 'completed', lead: enriched });
    }
    const messagesMatch = /^\/conversations\/([^/]+)\/messages$/.exec(path);
    if (messagesMatch) {
      // One message: the newest, as the conversation's summary names it.
      const of = conversations.get(messagesMatch[1]!);
      const data = of?.lastMessageAt
        ? [{ id: `m_${of.lastMessageAt}`, conversationId: of.id, direction: 'RECEIVED', channel: 'PRONET', status: of.lastMessageStatus, content: 'hello', createdAt: of.lastMessageAt }]
        : [];
      return json(200, { statusCode: 200, data, total: data.length });
    }
    const c = conversations.get(String(body.conversationId));
    if (path === '/inbox/conversations/note' && c) {
      c.note = body.mode === 'append' ? `${c.note ?? ''}\n-- 2025-01-06 09:00 --\n${String(body.note)}` : String(body.note);
      return json(200, { statusCode: 200, data: { conversationId: c.id, note: c.note, noteLength: c.note.length, truncated: false } });
    }
    if (path === '/inbox/pronet' && init.method === 'POST') return json(200, { statusCode: 200, messageId: `msg_${seen.length}` });
    if (path === '/inbox/conversations/archive' && c) {
      c.status = 'ARCHIVED';
      return json(200, { statusCode: 200, data: c });
    }
    return error(404, `No route ${path}`);
  };

  const paths = () => seen.map((s) => new URL(s.url).pathname);
  return {
    fetch: fetchImpl as typeof fetch,
    seen,
    /** The calls made to resolve profiles (identities are loaded apart, once per key). */
    profileCalls: () => paths().filter((p) => p !== '/flow/identities'),
    identityCalls: () => paths().filter((p) => p === '/flow/identities').length,
    conversations,
    echoKeyInErrors(on: boolean) {
      echoKeyInErrors = on;
    },
    /** Every GET waits until the returned function is called. */
    holdReads: () => hold((p) => (holdReads = p)),
    /** Lead searches wait until the returned function is called. */
    holdSearch: () => hold((p) => (holdSearch = p)),
  };
}

let n = 0;
let db: CompanionDb;
let server: ReturnType<typeof fakeServer>;
let pushed: { panels: [number, PanelState][]; chips: [number, ChipState][]; badges: [number, Badge][]; outbox: OutboxItemView[][] };
const services: BackgroundService[] = [];

async function startService(extra: Partial<BackgroundDeps> = {}): Promise<BackgroundService> {
  const service = createBackgroundService({
    db,
    settings: createSettingsStore(),
    session: fakeBrowser.storage.session,
    fetch: server.fetch,
    push: {
      panel: (tabId, state) => pushed.panels.push([tabId, state]),
      chip: (tabId, state) => pushed.chips.push([tabId, state]),
      badge: (tabId, badge) => pushed.badges.push([tabId, badge]),
      outbox: (items) => pushed.outbox.push(items),
    },
    // As Firefox answers: only a pattern granted as such (no port: a pattern with one is never granted).
    hasHostPermission: async (pattern) => ['http://127.0.0.1/*', 'https://granted.example/*'].includes(pattern),
    outboxPolicy: { maxAttempts: Infinity, baseMs: 5, capMs: 20, random: () => 1 },
    clientRetry: { maxAttempts: 1 },
    ...extra,
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
  if (!r.ok) throw new Error(`${JSON.stringify(r.error)}`);
  return r.value as T;
}

beforeEach(async () => {
  fakeBrowser.reset();
  n += 1;
  db = await openCompanionDb(`service-test-${n}`);
  server = fakeServer();
  pushed = { panels: [], chips: [], badges: [], outbox: [] };
});

afterEach(() => {
  for (const s of services.splice(0)) s.stop();
  db.close();
});

describe('background service', () => {
  it('shows no-key until a key is set, then resolves the viewed profile with two calls, then from cache', async () => {
    const service = await startService();
    expect(await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 7 }))).toEqual({
      kind: 'no-key',
      profileUrl: ADA,
      rev: expect.any(Number),
    });
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await vi.waitFor(async () => expect((await value<PanelState>(send(service, { type: 'panel-state', tabId: 7 }))).kind).toBe('lead'));
    const state = await value<PanelState>(send(service, { type: 'panel-state', tabId: 7 }));
    expect(state).toMatchObject({ kind: 'lead', lead: { name: 'Ada Lovelace' }, stale: false });
    expect(server.profileCalls()).toEqual(['/flow/leads/search', '/flow/leads/lead_1/conversations']);

    // Another tab on the same profile: the fresh cache answers, no call.
    await value(send(service, { type: 'profile-viewed', url: `${ADA_PAGE}?trk=x` }, { tabId: 8 }));
    expect(await value(send(service, { type: 'panel-state', tabId: 8 }))).toMatchObject({ kind: 'lead' });
    expect(server.profileCalls()).toHaveLength(2);
    await vi.waitFor(() =>
      expect(pushed.chips.at(-1)).toEqual([
        8,
        // The last message's status and date: whose turn it is (issue 36).
        { kind: 'lead', name: 'Ada Lovelace', conversations: 1, status: 'OPEN', lastMessageStatus: 'RECEIVED', lastMessageAt: 1000, profileUrl: ADA, rev: expect.any(Number) },
      ]),
    );
    expect(pushed.badges.some(([tab, b]) => tab === 7 && b.text === 'OPEN')).toBe(true);
  });

  it('a profile address whose page says it does not exist: the panel says not a profile, and no call is spent on it', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    const GHOST_PAGE = 'http://pronet.localhost:8787/in/gone-member/';
    // The content script's word first, then the tab's own events for the same address (loaded, title).
    expect(await value(send(service, { type: 'profile-viewed', url: GHOST_PAGE, notFound: true }, { tabId: 9 }))).toMatchObject({ kind: 'not-profile' });
    await service.tabNavigated(9, GHOST_PAGE);
    await service.panelSubscribed(9);
    expect(await value(send(service, { type: 'panel-state', tabId: 9 }))).toEqual({ kind: 'not-profile' });
    expect(await value(send(service, { type: 'refresh', tabId: 9 }))).toEqual({ kind: 'not-profile' });
    // (The inbox's own conversation search, from the key, is no lookup of this page.)
    const lookups = () => server.profileCalls().filter((p) => p.startsWith('/flow/leads'));
    expect(lookups()).toEqual([]);
    // The page shows the profile after all (a reload): it is looked up again.
    await value(send(service, { type: 'profile-viewed', url: GHOST_PAGE, name: 'Gone Member' }, { tabId: 9 }));
    await vi.waitFor(() => expect(lookups()).toContain('/flow/leads/search'));
  });

  it('lets a lookup already sent for a profile the user has left be answered (its budget is spent), and asks nothing more', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    const release = server.holdSearch();
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 3 }));
    const searches = () => server.seen.filter((s) => s.url.includes('/leads/search'));
    await vi.waitFor(() => expect(searches()).toHaveLength(1));
    await service.tabNavigated(3, 'http://pronet.localhost:8787/feed/');
    // The key's budget is spent: the answer is waited for, not thrown away.
    expect(searches()[0]?.signal?.aborted).toBe(false);
    release();
    expect(await value(send(service, { type: 'panel-state', tabId: 3 }))).toEqual({ kind: 'not-profile' });
    // Nobody waits for the profile any more: its conversations are not asked for.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.seen.some((s) => s.url.includes('/conversations'))).toBe(false);
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

  it('tells the panel a reply left the outbox at the send\'s answer: no read after it is awaited first', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await value(send(service, { type: 'settings-set', patch: { replyUndoSeconds: 0 } }));
    await value(send(service, { type: 'reply-member-set', memberId: 'mem_1' }));
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 1 }));
    await vi.waitFor(async () => expect((await value<PanelState>(send(service, { type: 'panel-state', tabId: 1 }))).kind).toBe('lead'));
    // From here every read hangs (the profile looked up again, its messages, a read-back): Sent may not wait for one.
    const release = server.holdReads();
    const reads = () => server.seen.filter((s) => s.body === undefined).length;
    const readsBefore = reads();
    await value(send(service, { type: 'reply-send', conversationId: 'c1', leadId: 'lead_1', channel: 'PRONET', text: 'Thursday at 10 works.' }));
    await vi.waitFor(() => expect(server.seen.some((s) => s.url.endsWith('/inbox/pronet'))).toBe(true));
    await vi.waitFor(() => expect(pushed.panels.at(-1)?.[1]).toMatchObject({ kind: 'lead', pending: [] }));
    // The refresh the send started is on the wire, unanswered, and was not waited for.
    await vi.waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
    expect(pushed.panels.some(([, s]) => s.kind === 'lead' && s.pending.some((p) => p.kind === 'reply'))).toBe(true);
    release();
  });

  it('follows an enrichment to its result and shows what it found, with its source, on the panel', async () => {
    const clock = manualClock(Date.now());
    const service = await startService({ clock, timers: clock });
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 3 }));
    await vi.waitFor(async () => expect(await value(send(service, { type: 'panel-state', tabId: 3 }))).toMatchObject({ kind: 'lead' }));
    expect(await value(send(service, { type: 'panel-state', tabId: 3 }))).not.toHaveProperty('contacts');
    await value(send(service, { type: 'enrich', enrichType: 'EMAIL_ENRICH', leadId: 'lead_1' }));
    expect(await value(send(service, { type: 'panel-state', tabId: 3 }))).toMatchObject({ enrichment: { state: 'pending', enrichType: 'EMAIL_ENRICH' } });
    // Pending at the first look, completed at the second: no Refresh needed.
    await clock.advance(60_000);
    await vi.waitFor(async () =>
      expect(await value(send(service, { type: 'panel-state', tabId: 3 }))).toMatchObject({
        enrichment: { state: 'done', found: ['proEmail'] },
        contacts: [{ field: 'proEmail', value: 'ada.lovelace@analytical.example', source: 'enrichment' }],
      }),
    );
    expect(server.seen.filter((s) => s.url.includes('/leads/enrich/enr_1'))).toHaveLength(2);
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

  it('shows the company and job title the page suggests; the service gets what Add to audience sends, only then', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    const page = { type: 'profile-viewed' as const, url: MARGARET_PAGE, name: 'Margaret Hamilton', company: 'Hamilton Technologies', jobTitle: 'Founder & CEO' };
    await value(send(service, page, { tabId: 2 }));
    await vi.waitFor(async () =>
      expect(await value(send(service, { type: 'panel-state', tabId: 2 }))).toMatchObject({ kind: 'no-lead', company: 'Hamilton Technologies', jobTitle: 'Founder & CEO' }),
    );
    const sentToService = () => server.seen.filter((s) => s.body !== undefined).map((s) => s.body!).join('\n');
    expect(sentToService()).not.toMatch(/Hamilton Technologies|Founder/);
    await value(
      send(service, { type: 'add-to-audience', profileUrl: MARGARET_PAGE, audience: 'Pioneers', firstname: 'Margaret', lastname: 'Hamilton', companyName: ' NASA ', jobTitle: 'Director' }),
    );
    await service.outbox.idle();
    const created = server.seen.find((s) => new URL(s.url).pathname === '/flow/leads' && s.body !== undefined);
    expect(JSON.parse(created!.body!)).toEqual({
      audience: 'Pioneers',
      pronetUrl: MARGARET,
      firstname: 'Margaret',
      lastname: 'Hamilton',
      companyName: 'NASA',
      jobTitle: 'Director',
    });
  });

  it('puts a lead with no conversation in a campaign audience through the outbox: POST /leads by leadId alone, once', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await value(send(service, { type: 'profile-viewed', url: EDSGER_PAGE, name: 'Edsger Dijkstra' }, { tabId: 3 }));
    await vi.waitFor(async () => expect(await value(send(service, { type: 'panel-state', tabId: 3 }))).toMatchObject({ kind: 'lead', conversations: [] }));
    const queued = await value(send(service, { type: 'lead-to-audience', leadId: 'lead_edsger', profileUrl: EDSGER_PAGE, audience: ' Spring launch ' }));
    expect(queued).toMatchObject({ kind: 'add-to-audience', leadId: 'lead_edsger', audience: 'Spring launch' });
    await service.outbox.idle();
    const posts = server.seen.filter((s) => new URL(s.url).pathname === '/flow/leads' && s.body !== undefined);
    expect(posts.map((p) => JSON.parse(p.body!) as unknown)).toEqual([{ audience: 'Spring launch', leadId: 'lead_edsger' }]);
    // Landed: nothing of it waits in the lead's panel, which is still the lead's.
    await vi.waitFor(async () =>
      expect(await value(send(service, { type: 'panel-state', tabId: 3 }))).toMatchObject({ kind: 'lead', lead: { id: 'lead_edsger' }, pending: [], failed: [] }),
    );
  });

  it('links each conversation to the web app once its address is set, and not before', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE, name: 'Ada Lovelace' }, { tabId: 4 }));
    const conversationOf = async () => {
      const state = await value<PanelState>(send(service, { type: 'panel-state', tabId: 4 }));
      return state.kind === 'lead' ? state.conversations[0] : undefined;
    };
    await vi.waitFor(async () => expect(await conversationOf()).toMatchObject({ id: 'c1' }));
    expect((await conversationOf())!.webAppUrl).toBeUndefined();
    expect(await send(service, { type: 'settings-set', patch: { webAppUrl: 'http://app.example' } })).toMatchObject({ ok: false });
    await value(send(service, { type: 'settings-set', patch: { webAppUrl: 'https://app.outreach.example' } }));
    await vi.waitFor(async () => expect((await conversationOf())!.webAppUrl).toBe('https://app.outreach.example/inbox/c1'));
    expect((await conversationOf())!.webAppUrl).not.toContain(KEY);
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
    await vi.waitFor(() => expect(server.identityCalls()).toBe(1));
    await value(send(first, { type: 'key-test' }));
    await value(send(first, { type: 'key-test' }));
    first.stop();
    // Three calls: the identities (once per key) and the two key tests.
    await vi.waitFor(async () =>
      expect((await db.get('meta', 'limiter')) as { calls: number[] }).toMatchObject({ calls: [expect.any(Number), expect.any(Number), expect.any(Number)] }),
    );
  });

  it('keeps the rate the limiter learned from 429s across a worker restart', async () => {
    // The previous worker learned that its team leaves it 7 calls per window.
    await db.put('meta', { calls: [], pausedUntil: 0, rate: 7 }, 'limiter');
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await value(send(service, { type: 'key-test' }));
    await vi.waitFor(async () => {
      const kept = (await db.get('meta', 'limiter')) as { calls: number[]; rate: number };
      expect(kept.calls.length).toBeGreaterThan(0);
      // Raised a little by the accepted calls, not reset to the service's 50.
      expect(kept.rate).toBeGreaterThanOrEqual(7);
      expect(kept.rate).toBeLessThan(8);
    });
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

  it('tests the typed base URL, not the stored one, and names the address that could not be reached', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    const unreachable = 'http://127.0.0.1:9/flow';
    const before = server.seen.length;
    const typedKey = await send(service, { type: 'key-test', key: KEY, baseUrl: unreachable });
    expect(typedKey).toEqual({ ok: false, error: { code: 'offline', subject: unreachable } });
    // The stored key, at the typed address.
    expect(await send(service, { type: 'key-test', baseUrl: unreachable })).toEqual({ ok: false, error: { code: 'offline', subject: unreachable } });
    expect(server.seen.slice(before).map((s) => new URL(s.url).origin)).toEqual(['http://127.0.0.1:9', 'http://127.0.0.1:9']);
    // Where no permission was granted, nothing is called.
    expect(await send(service, { type: 'key-test', baseUrl: 'https://elsewhere.example/flow' })).toMatchObject({ ok: false, error: { code: 'permission-required' } });
    expect(server.seen.length).toBe(before + 2);
    // An address that answers: the typed one is the one called.
    await value(send(service, { type: 'key-test', baseUrl: 'https://granted.example/flow' }));
    expect(server.seen.at(-1)?.url).toBe('https://granted.example/flow/members');
    // Not a word of the typed address reached the settings, and the stored key still works.
    expect((await value<{ baseUrl: string }>(send(service, { type: 'settings-get' }))).baseUrl).not.toContain('127.0.0.1:9');
  });

  it('lists the members on a key test', async () => {
    const service = await startService();
    expect(await value<KeyTestView>(send(service, { type: 'key-test', key: KEY }))).toEqual({
      members: 1,
      list: [{ id: 'mem_1', name: 'Sam', label: 'Owner' }],
    });
  });

  it('names identities on the first state of a profile: loaded once per key, never per profile', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await vi.waitFor(() => expect(server.identityCalls()).toBe(1));
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 1 }));
    await vi.waitFor(() => expect(pushed.panels.some(([, s]) => s.kind === 'lead')).toBe(true));
    const firstLead = pushed.panels.find(([, s]) => s.kind === 'lead')![1];
    expect(firstLead).toMatchObject({ kind: 'lead', conversations: [{ identityId: 'idt_1', identityName: 'Sam Sales' }] });

    await value(send(service, { type: 'profile-viewed', url: MARGARET_PAGE }, { tabId: 2 }));
    await vi.waitFor(async () => expect((await value<PanelState>(send(service, { type: 'panel-state', tabId: 2 }))).kind).toBe('no-lead'));
    expect(server.profileCalls()).toEqual(['/flow/leads/search', '/flow/leads/lead_1/conversations', '/flow/leads/search']);
    expect(server.identityCalls()).toBe(1);

    // A restarted worker keeps the names it loaded; the same key set again loads nothing.
    service.stop();
    const restarted = await startService();
    await value(send(restarted, { type: 'key-set', key: KEY, sessionOnly: false }));
    expect(await value(send(restarted, { type: 'panel-state', tabId: 1 }))).toMatchObject({ conversations: [{ identityName: 'Sam Sales' }] });
    // A new key is another workspace: its names are loaded again.
    await value(send(restarted, { type: 'key-clear' }));
    await value(send(restarted, { type: 'key-set', key: KEY, sessionOnly: false }));
    await vi.waitFor(() => expect(server.identityCalls()).toBe(2));
  });

  it('lists identities for every surface with one call: asks in flight share it, a fresh list costs none', async () => {
    const service = await startService();
    // The options page after Save: the key's own load, the "I send as" list, the key test, the queue's picker.
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    const asks = [send(service, { type: 'identities' }), send(service, { type: 'identities' }), send(service, { type: 'key-test' })];
    const lists = await Promise.all(asks.slice(0, 2).map((r) => value<{ id: string; name: string }[]>(r)));
    await value(asks[2]!);
    for (const list of lists) expect(list).toEqual([{ id: 'idt_1', name: 'Sam Sales' }]);
    expect(server.identityCalls()).toBe(1);
    // The page opened again while the list is fresh: answered from what the worker holds.
    expect(await value(send(service, { type: 'identities' }))).toEqual([{ id: 'idt_1', name: 'Sam Sales' }]);
    expect(server.identityCalls()).toBe(1);
  });

  it('places every chip state, so the content script ends on the newest whichever channel delivers first', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    const release = server.holdSearch();
    const reply = await value<ChipState>(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 4 }));
    expect(reply).toMatchObject({ kind: 'loading', profileUrl: ADA });
    release();
    await vi.waitFor(() => expect(pushed.chips.at(-1)?.[1]).toMatchObject({ kind: 'lead', profileUrl: ADA }));
    const pushes = pushed.chips.filter(([tab]) => tab === 4).map(([, chip]) => chip);
    // Revisions grow with every state computed; the pushes went out in that order.
    const revs = pushes.map((c) => c.rev);
    expect(revs).toEqual([...revs].sort((a, b) => a - b));
    expect(pushes.at(-1)!.rev).toBeGreaterThan(reply.rev);

    // The race of the field: every push arrives first, the reply ("loading") last.
    const chip = createChipTracker<ChipState>();
    chip.navigate(ADA);
    for (const p of pushes) chip.offer(p);
    chip.offer(reply);
    expect(chip.shown).toMatchObject({ kind: 'lead', name: 'Ada Lovelace' });

    // Turned off in the options: the chip hears it, for the same profile.
    await value(send(service, { type: 'settings-set', patch: { chipEnabled: false } }));
    await vi.waitFor(() => expect(pushed.chips.at(-1)).toEqual([4, { kind: 'off', profileUrl: ADA, rev: expect.any(Number) }]));
  });

  it('sends a newly subscribed panel the current state through the push channel', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 6 }));
    await vi.waitFor(() => expect(pushed.panels.at(-1)?.[1].kind).toBe('lead'));
    const before = pushed.panels.length;
    await service.panelSubscribed(6);
    expect(pushed.panels.length).toBe(before + 1);
    expect(pushed.panels.at(-1)).toEqual(pushed.panels[before - 1]);
  });
  it('makes one lookup for a view that the navigation event and the content script report at once', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    const searches = () => server.seen.filter((s) => s.url.includes('/leads/search'));
    const release = server.holdSearch();
    void service.tabNavigated(5, ADA_PAGE);
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 5 }));
    await vi.waitFor(() => expect(searches()).toHaveLength(1));
    release();
    await vi.waitFor(async () => expect((await value<PanelState>(send(service, { type: 'panel-state', tabId: 5 }))).kind).toBe('lead'));
    expect(server.profileCalls()).toEqual(['/flow/leads/search', '/flow/leads/lead_1/conversations']);
    expect(searches()[0]?.signal?.aborted).toBe(false);
  });

  it('keeps the recent messages as long as the status: no call on a revisit, a new call once a message arrived', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    const messageCalls = () => server.profileCalls().filter((p) => p.endsWith('/messages')).length;
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 9 }));
    await vi.waitFor(async () => expect((await value<PanelState>(send(service, { type: 'panel-state', tabId: 9 }))).kind).toBe('lead'));
    const first = await value<{ messages: { createdAt: number }[] }>(send(service, { type: 'conversation-messages', conversationId: 'c1' }));
    expect(first.messages.map((m) => m.createdAt)).toEqual([1_000]);
    await value(send(service, { type: 'conversation-messages', conversationId: 'c1' }));
    expect(messageCalls()).toBe(1);

    // The lead replied: the next lookup of the profile sees it, and the kept messages are read again.
    server.conversations.get('c1')!.lastMessageAt = 2_000;
    await value(send(service, { type: 'refresh', tabId: 9 }));
    await vi.waitFor(async () => {
      const state = await value<PanelState>(send(service, { type: 'panel-state', tabId: 9 }));
      expect(state.kind === 'lead' && state.conversations[0]?.lastMessageAt).toBe(2_000);
    });
    const after = await value<{ messages: { createdAt: number }[] }>(send(service, { type: 'conversation-messages', conversationId: 'c1' }));
    expect(after.messages.map((m) => m.createdAt)).toEqual([2_000]);
    expect(messageCalls()).toBe(2);
  });

  it('pushes the outbox list after a burst of changes, ending on the list as it is', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 1 }));
    const texts = Array.from({ length: 12 }, (_, i) => `note ${i}`);
    await Promise.all(texts.map((text) => value(send(service, { type: 'save-note', conversationId: 'c1', leadId: 'lead_1', mode: 'replace', text }))));
    await service.outbox.idle();
    await vi.waitFor(() => expect(pushed.outbox.at(-1)).toEqual([]));
    expect(server.conversations.get('c1')?.note).toBe('note 11');
    // While the actions were queued, a push showed them waiting.
    expect(pushed.outbox.some((items) => items.length > 1)).toBe(true);
  });

  it('with caching off (the naive baseline) fetches on every visit and every trigger, showing no older answer', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    await value(send(service, { type: 'settings-set', patch: { cacheEnabled: false } }));
    const searches = () => server.seen.filter((s) => s.url.includes('/leads/search'));

    // Two triggers for one view (the navigation event and the content script): two lookups, both
    // go on to the wire (no coalescing), neither cancels the other.
    const release = server.holdSearch();
    void service.tabNavigated(2, ADA_PAGE);
    await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 2 }));
    await vi.waitFor(() => expect(searches()).toHaveLength(2));
    release();
    await vi.waitFor(() => expect(server.profileCalls()).toHaveLength(4));
    expect(searches().every((s) => !s.signal?.aborted)).toBe(true);
    await vi.waitFor(async () => expect((await value<PanelState>(send(service, { type: 'panel-state', tabId: 2 }))).kind).toBe('lead'));

    // A revisit: what was fetched on the earlier visit is not shown; the profile is fetched again.
    await service.tabNavigated(2, MARGARET_PAGE);
    const holdAgain = server.holdSearch();
    const calls = server.profileCalls().length;
    expect(await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 2 }))).toMatchObject({ kind: 'loading', profileUrl: ADA });
    holdAgain();
    await vi.waitFor(async () => expect((await value<PanelState>(send(service, { type: 'panel-state', tabId: 2 }))).kind).toBe('lead'));
    expect(server.profileCalls().length).toBeGreaterThan(calls + 1);
  });

  it.each(['quota', 'blocked', 'corrupt'] as const)(
    'storage %s: profiles still read from the network, an action refused with the problem, the key kept for the session, the pages told',
    async (problem) => {
      const service = await startService({ db: createMemoryDb(), storageProblem: problem });
      expect(await value(send(service, { type: 'storage-status' }))).toEqual({ code: 'storage', reason: problem });
      await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
      expect(await fakeBrowser.storage.session.get('apiKey')).toEqual({ apiKey: KEY });
      await value(send(service, { type: 'profile-viewed', url: ADA_PAGE }, { tabId: 4 }));
      await vi.waitFor(async () => expect(await value<PanelState>(send(service, { type: 'panel-state', tabId: 4 }))).toMatchObject({ kind: 'lead', lead: { name: 'Ada Lovelace' } }));

      const reply = await send(service, { type: 'archive', conversationId: 'c1', leadId: 'lead_1' });
      expect(reply).toMatchObject({ ok: false, error: { code: 'storage', reason: problem } });
      expect(await value(send(service, { type: 'outbox-list' }))).toEqual([]);
      expect(server.seen.filter((s) => s.url.includes('/archive'))).toEqual([]);
      expect(await value<PanelState>(send(service, { type: 'panel-state', tabId: 4 }))).toMatchObject({ kind: 'lead', pending: [] });
    },
  );

  it('storage working: the pages are told nothing is wrong', async () => {
    const service = await startService();
    expect(await value(send(service, { type: 'storage-status' }))).toBeNull();
  });

  it('a write refused for lack of space (an action not queued) is a storage/quota error, not a silent drop', async () => {
    const service = await startService();
    await value(send(service, { type: 'key-set', key: KEY, sessionOnly: false }));
    const add = db.add.bind(db);
    db.add = (() => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))) as typeof db.add;
    const reply = await send(service, { type: 'archive', conversationId: 'c1', leadId: 'lead_1' });
    db.add = add;
    expect(reply).toMatchObject({ ok: false, error: { code: 'storage', reason: 'quota' } });
    expect(await value(send(service, { type: 'outbox-list' }))).toEqual([]);
  });
});
