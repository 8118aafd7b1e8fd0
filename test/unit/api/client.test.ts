import { describe, expect, it } from 'vitest';
import { createClient, type CallRecord, type ClientOptions } from '../../../lib/api/client';
import { ApiError, NetworkError, ResponseSchemaError, ambiguousCandidates, isTransientError } from '../../../lib/api/errors';
import { ConversationSearchQuery } from '../../../lib/api/schemas';
import { fakeFetch, fakeLimiter, fakeSleep, type Handler } from './fake-server';
import * as fx from './fixtures';

const KEY = 'sk_live_SECRET+key/with=odd';
const BASE = 'http://127.0.0.1:8787/flow';

function setup(handler: Handler, extra: Partial<ClientOptions> = {}) {
  const server = fakeFetch(handler);
  const { limiter, acquired, completed, answered, pauses } = fakeLimiter();
  const { sleep, durations } = fakeSleep();
  const records: CallRecord[] = [];
  let clock = 1_000_000;
  const client = createClient({
    baseUrl: BASE,
    apiKey: KEY,
    fetch: server.fetch,
    limiter,
    sleep,
    onCall: (r) => records.push(r),
    now: () => (clock += 5),
    retry: { maxAttempts: 3, baseMs: 100, capMs: 1000, random: () => 0.5 },
    ...extra,
  });
  return { client, requests: server.requests, acquired, completed, answered, pauses, durations, records };
}

const ok = (body: unknown) => ({ status: 200, body });
const members = [{ id: 'm1', name: 'Ada', label: 'Owner' }];

describe('authentication and URLs', () => {
  it('sends the key as a Bearer header only, never in the URL', async () => {
    const { client, requests } = setup(() => ok(members));
    await client.members.list();
    const [req] = requests;
    expect(req?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(req?.headers.has('x-api-key')).toBe(false);
    expect(req?.url.href).toBe(`${BASE}/members`);
    expect(req?.url.href).not.toContain('SECRET');
    expect(req?.url.searchParams.has('apikey')).toBe(false);
  });

  it('tolerates a trailing slash on the base URL and encodes path params', async () => {
    const { client, requests } = setup(() => ok({ statusCode: 200, data: [], total: 0 }), { baseUrl: `${BASE}/` });
    await client.conversations.messages({ conversationId: 'a/b c', page: 2 });
    expect(requests[0]?.url.pathname).toBe('/flow/conversations/a%2Fb%20c/messages');
    expect(requests[0]?.url.searchParams.get('page')).toBe('2');
  });

  it('reads a key function before every attempt', async () => {
    let n = 0;
    const { client, requests } = setup((_, i) => (i === 1 ? { status: 503, body: {} } : ok(members)), {
      apiKey: async () => `key-${++n}`,
    });
    await client.members.list();
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual(['Bearer key-1', 'Bearer key-2']);
  });

  it('puts path params in the path and the rest in the JSON body for a POST', async () => {
    const { client, requests } = setup(() =>
      ok({ statusCode: 200, settings: { name: 'n', audienceId: 'a', enrich: true, autoRescheduleOutOfOffice: false, crmA: false, crmB: false, skipAlreadyContacted: true, ignoreEmojiOnlyReply: false } }),
    );
    await client.campaigns.updateSettings({ campaignId: fx.campaignId, skipAlreadyContacted: true });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url.pathname).toBe(`/flow/campaigns/${fx.campaignId}/settings`);
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(requests[0]?.body).toEqual({ skipAlreadyContacted: true });
  });

  it('serialises search filters in the wire form the emulator validates', async () => {
    const { client, requests } = setup(() => ok({ statusCode: 200, data: [], total: 0, nextToken: null, hasMore: false }));
    await client.conversations.search({
      status: ['OPEN', 'SNOOZED'],
      leadReplied: true,
      lastMessageAtTo: 1_700_000_000_000,
      limit: 50,
      sortDirection: 1,
    });
    const query = Object.fromEntries(requests[0]?.url.searchParams ?? []);
    expect(query).toEqual({
      status: 'OPEN,SNOOZED',
      leadReplied: 'true',
      lastMessageAtTo: '1700000000000',
      limit: '50',
      sortDirection: '1',
    });
    expect(ConversationSearchQuery.parse(query)).toMatchObject({ status: ['OPEN', 'SNOOZED'], leadReplied: true, limit: 50 });
  });
});

describe('errors', () => {
  it('maps an error body to ApiError with the service message', async () => {
    const { client } = setup(() => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No lead matches' } }));
    const err = await client.leads.search({ pronetUrl: 'https://www.pronet.example/in/nobody/' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'api', status: 404, endpoint: 'searchLeads', serviceMessage: 'No lead matches' });
    expect(isTransientError(err)).toBe(false);
  });

  it('keeps the 409 candidates and never leaks the key, even when the service echoes it', async () => {
    const candidates = [{ conversationId: 'c1', identityId: 'i1', campaignId: null, campaignName: null }];
    const { client } = setup(() => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: `several conversations for key ${KEY}`, details: { candidates } },
    }));
    const err = await client.inbox.note({ leadId: 'l1', note: 'secret note text' }).catch((e: unknown) => e);
    expect(ambiguousCandidates(err)).toEqual(candidates);
    expect(String((err as Error).message)).not.toContain(KEY);
    expect((err as ApiError).serviceMessage).toContain('[redacted]');
  });

  it('falls back to the HTTP status when the error body is not the documented one', async () => {
    const { client } = setup(() => ({ status: 500, raw: '<html>oops</html>' }), { retry: { maxAttempts: 1 } });
    const err = await client.credits.get().catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 500, serviceMessage: 'HTTP 500' });
  });

  it('names endpoint and field of a malformed response', async () => {
    const stats = fx.withField(fx.engagementStats, 'replies.contacted', '90');
    const { client } = setup(() => ok({ statusCode: 200, engagementStats: stats }));
    const err = await client.campaigns.stats({ campaignId: fx.campaignId }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseSchemaError);
    expect(err).toMatchObject({ endpoint: 'getCampaignStats', path: 'engagementStats.replies.contacted' });
    expect((err as Error).message).toContain('getCampaignStats');
    expect((err as Error).message).toContain('engagementStats.replies.contacted');
  });

  it('reports a body that is not JSON as a ResponseSchemaError, not retried', async () => {
    const { client, requests } = setup(() => ({ status: 200, raw: 'not json' }));
    const err = await client.members.list().catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'response-schema', endpoint: 'listMembers', path: '' });
    expect(requests).toHaveLength(1);
  });
});

describe('retries', () => {
  it('honours Retry-After on a 429 and pauses the limiter', async () => {
    const { client, durations, pauses, requests } = setup((_, n) =>
      n === 1 ? { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' }, headers: { 'Retry-After': '3' } } : ok(members),
    );
    await expect(client.members.list()).resolves.toEqual(members);
    expect(requests).toHaveLength(2);
    expect(durations).toEqual([3000]);
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toBeGreaterThanOrEqual(1_000_000 + 3000);
  });

  it('does not wait out a long Retry-After inside the call: fails at once with the wait, capped at ten minutes', async () => {
    const { client, durations, pauses, requests } = setup(() => ({ status: 429, body: {}, headers: { 'Retry-After': '86400' } }));
    const err = await client.members.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(429);
    expect((err as ApiError).retryAfter).toBe(600);
    expect(requests).toHaveLength(1);
    expect(durations).toEqual([]);
    // The limiter still holds everyone back for the (capped) wait.
    expect(pauses[0]! - 1_000_000).toBeLessThanOrEqual(600_000 + 100);
  });

  it('sends nothing while the limiter is paused for long by an earlier 429, and says how long', async () => {
    const { client, requests, pauses } = setup(() => ok(members));
    pauses.push(1_000_000 + 120_000);
    const err = await client.members.list().catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(429);
    expect((err as ApiError).retryAfter).toBe(120);
    expect(requests).toHaveLength(0);
  });

  it('retries a 429 for a POST too', async () => {
    const { client, requests, durations } = setup((_, n) =>
      n === 1 ? { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' }, headers: { 'Retry-After': '1' } } : ok({ statusCode: 200, data: fx.conversation }),
    );
    const res = await client.inbox.archive({ conversationId: 'conv1' });
    expect(res.data.id).toBe('conv1');
    expect(requests.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(durations).toEqual([1000]);
  });

  it('backs off with jitter when a 429 has no Retry-After', async () => {
    const { client, durations } = setup((_, n) => (n <= 2 ? { status: 429, body: {} } : ok(members)));
    await client.members.list();
    // random 0.5 of min(cap 1000, 100 * 2^(attempt-1)).
    expect(durations).toEqual([50, 100]);
  });

  it('retries 5xx and network errors for GET', async () => {
    const { client, requests } = setup((_, n) =>
      n === 1 ? { status: 502, body: {} } : n === 2 ? new TypeError('fetch failed') : ok(members),
    );
    await expect(client.members.list()).resolves.toEqual(members);
    expect(requests).toHaveLength(3);
  });

  it('does not retry a 5xx or a network error for a POST', async () => {
    const five = setup(() => ({ status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'Down' } }));
    const err = await five.client.inbox.note({ conversationId: 'c', note: 'x' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'api', status: 503 });
    expect(isTransientError(err)).toBe(true);
    expect(five.requests).toHaveLength(1);

    const net = setup(() => new TypeError('fetch failed'));
    const err2 = await net.client.inbox.snooze({ conversationId: 'c', snoozeUntil: 2_000_000_000_000 }).catch((e: unknown) => e);
    expect(err2).toBeInstanceOf(NetworkError);
    expect(err2).toMatchObject({ endpoint: 'snoozeConversation', timedOut: false });
    expect(net.requests).toHaveLength(1);
  });

  it('gives up after maxAttempts with the last error', async () => {
    const { client, requests } = setup(() => ({ status: 500, body: { statusCode: 500, error: 'Internal', message: 'Boom' } }));
    await expect(client.members.list()).rejects.toMatchObject({ status: 500, serviceMessage: 'Boom' });
    expect(requests).toHaveLength(3);
  });

  it('acquires the limiter before every attempt with the caller priority', async () => {
    const { client, acquired } = setup((_, n) => (n === 1 ? { status: 500, body: {} } : ok(members)));
    await client.members.list(undefined, { priority: 'background' });
    expect(acquired.map((a) => a.priority)).toEqual(['background', 'background']);
  });

  it('reports every attempt to the limiter as it ends, answered or not, so its slot counts from then', async () => {
    const { client, completed, answered } = setup((_, n) => (n === 1 ? { status: 500, body: {} } : n === 2 ? new TypeError('network down') : ok(members)));
    await client.members.list();
    expect(completed).toEqual([1, 2, 3]);
    expect(answered).toEqual([true, false, true]);
  });

  it('turns a hung request into a timed-out NetworkError', async () => {
    const server = fakeFetch(() => ok(members));
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const client = createClient({ baseUrl: BASE, apiKey: KEY, fetch: hanging, timeoutMs: 1, retry: { maxAttempts: 1 } });
    const err = await client.members.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ timedOut: true, endpoint: 'listMembers' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('cancellation', () => {
  it('rejects with the abort reason while fetching, without retrying', async () => {
    const ctrl = new AbortController();
    let calls = 0;
    const fetch: typeof globalThis.fetch = (_input, init) => {
      calls += 1;
      queueMicrotask(() => ctrl.abort());
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new TypeError('aborted'))));
    };
    const client = createClient({ baseUrl: BASE, apiKey: KEY, fetch });
    const err = await client.members.list(undefined, { signal: ctrl.signal }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(calls).toBe(1);
  });

  it('rejects while waiting to retry', async () => {
    const ctrl = new AbortController();
    const { client, requests } = setup(() => ({ status: 429, body: {}, headers: { 'Retry-After': '2' } }), {
      sleep: (_ms, signal) =>
        new Promise((_, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason));
          ctrl.abort();
        }),
    });
    const err = await client.members.list(undefined, { signal: ctrl.signal }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(requests).toHaveLength(1);
  });

  it('with abortOnlyQueued, a call already sent is answered although its signal aborts (its budget is spent)', async () => {
    const ctrl = new AbortController();
    const { client, requests } = setup(() => {
      ctrl.abort();
      return ok(members);
    });
    await expect(client.members.list(undefined, { signal: ctrl.signal, abortOnlyQueued: true })).resolves.toBeDefined();
    expect(requests).toHaveLength(1);
    const err = await client.members.list(undefined, { signal: ctrl.signal, abortOnlyQueued: true }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(requests).toHaveLength(1);
  });

  it('sends nothing when already aborted', async () => {
    const { client, requests } = setup(() => ok(members));
    const err = await client.members.list(undefined, { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(requests).toHaveLength(0);
  });
});

describe('call records', () => {
  it('records every attempt with a short summary, never the key nor the note', async () => {
    const { client, records } = setup((_, n) =>
      n === 1
        ? { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' } }
        : ok({ statusCode: 200, data: { conversationId: 'c1', note: 'secret note text', noteLength: 16, truncated: false } }),
    );
    await client.inbox.note({ conversationId: 'c1', note: 'secret note text' });
    expect(records.map(({ durationMs: _d, at: _at, ...r }) => r)).toEqual([
      { endpoint: 'updateNote', method: 'POST', ok: false, status: 429, failure: { kind: 'refused', message: 'Rate limit exceeded' } },
      { endpoint: 'updateNote', method: 'POST', ok: true, status: 200, summary: { kind: 'noteSaved', n: 16, flag: false } },
    ]);
    const text = JSON.stringify(records);
    expect(text).not.toContain('secret note text');
    expect(text).not.toContain(KEY);
    expect(records.every((r) => r.durationMs >= 0 && r.at > 0)).toBe(true);
  });

  it('summarises lists and lookups by count or outcome', async () => {
    const page = { statusCode: 200, data: [fx.conversation, fx.conversation], total: 2, nextToken: null, hasMore: false };
    const { client, records } = setup((req) =>
      req.url.pathname.endsWith('/search') && req.url.pathname.includes('leads')
        ? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No lead matches' } }
        : ok(page),
    );
    await client.conversations.search({});
    await client.leads.search({ email: 'x@y.example' }).catch(() => undefined);
    // A success as data the pages word in the user's language; a refusal in the service's words.
    expect(records.map((r) => (r.ok ? r.summary : r.failure))).toEqual([{ kind: 'conversations', n: 2 }, { kind: 'refused', message: 'No lead matches' }]);
  });

  it('records a network failure with no status', async () => {
    const { client, records } = setup(() => new TypeError('fetch failed'), { retry: { maxAttempts: 1 } });
    await client.members.list().catch(() => undefined);
    expect(records).toMatchObject([{ ok: false, status: null, failure: { kind: 'network' } }]);
  });

  it('records a timeout, an unexpected answer (its field, not its value) and a cancelled call as failure kinds', async () => {
    const records: CallRecord[] = [];
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const slow = createClient({ baseUrl: BASE, apiKey: KEY, fetch: hanging, timeoutMs: 1, retry: { maxAttempts: 1 }, onCall: (r) => records.push(r) });
    await slow.members.list().catch(() => undefined);
    expect(records).toMatchObject([{ ok: false, status: null, failure: { kind: 'timeout' } }]);

    const odd = setup(() => ok({ statusCode: 200, identities: [{ id: 42, name: 'hidden value' }] }));
    await odd.client.identities.list().catch(() => undefined);
    expect(odd.records).toMatchObject([{ ok: false, status: 200, failure: { kind: 'unexpectedResponse', path: 'identities.0.id' } }]);
    expect(JSON.stringify(odd.records)).not.toContain('hidden value');

    records.length = 0;
    const ctrl = new AbortController();
    const cancelled: typeof fetch = (_input, init) => {
      queueMicrotask(() => ctrl.abort());
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new TypeError('aborted'))));
    };
    const client = createClient({ baseUrl: BASE, apiKey: KEY, fetch: cancelled, onCall: (r) => records.push(r) });
    await client.members.list(undefined, { signal: ctrl.signal }).catch(() => undefined);
    expect(records).toMatchObject([{ ok: false, status: null, failure: { kind: 'cancelled' } }]);
  });
});

describe('paging iterators', () => {
  it('follows nextToken through searchAfter, URL-encoded, with the same filters', async () => {
    const tokens = ['ab+c/d==', 'x+/y+z='];
    const seen: { searchAfter: string | null; status: string | null }[] = [];
    const { client, requests } = setup((req) => {
      // Decode as a server does: a `+` sent raw would come back as a space.
      const params = new URLSearchParams(req.url.search);
      const after = params.get('searchAfter');
      seen.push({ searchAfter: after, status: params.get('status') });
      const index = after === null ? 0 : tokens.indexOf(after) + 1;
      if (after !== null && index === 0) return { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'bad cursor' } };
      const last = index === tokens.length;
      return ok({
        statusCode: 200,
        data: [{ ...fx.conversation, id: `conv${index}` }],
        total: index === 0 ? 3 : null,
        nextToken: last ? null : tokens[index],
        hasMore: !last,
      });
    });
    const ids: string[] = [];
    for await (const c of client.conversations.searchAll({ status: ['OPEN'] })) ids.push(c.id);
    expect(ids).toEqual(['conv0', 'conv1', 'conv2']);
    expect(seen).toEqual([
      { searchAfter: null, status: 'OPEN' },
      { searchAfter: tokens[0], status: 'OPEN' },
      { searchAfter: tokens[1], status: 'OPEN' },
    ]);
    expect(requests[1]?.url.search).toContain('searchAfter=ab%2Bc%2Fd%3D%3D');
  });

  it('pages campaigns with skip and limit until total', async () => {
    const all = Array.from({ length: 60 }, (_, i) => ({ ...fx.campaign, id: String(i).padStart(24, '0') }));
    const { client, requests } = setup((req) => {
      const skip = Number(req.url.searchParams.get('skip'));
      const limit = Number(req.url.searchParams.get('limit'));
      return ok({ statusCode: 200, campaigns: all.slice(skip, skip + limit), total: all.length });
    });
    const ids: string[] = [];
    for await (const c of client.campaigns.all()) ids.push(c.id);
    expect(ids).toEqual(all.map((c) => c.id));
    expect(requests.map((r) => r.url.search)).toEqual(['?skip=0&limit=25', '?skip=25&limit=25', '?skip=50&limit=25']);
  });

  it('pages statsleads with getLeadsAfter the last id', async () => {
    const leads = Array.from({ length: 30 }, (_, i) => ({ ...fx.leadStatsItem, id: `l${i}` }));
    const { client, requests } = setup((req) => {
      const after = req.url.searchParams.get('getLeadsAfter');
      const start = after === null ? 0 : leads.findIndex((l) => l.id === after) + 1;
      const page = leads.slice(start, start + 25);
      return ok({ statusCode: 200, leads: page, count: leads.length, hasMore: start + 25 < leads.length, hasLess: start > 0 });
    });
    const ids: string[] = [];
    for await (const l of client.campaigns.allStatsLeads(fx.campaignId)) ids.push(l.id);
    expect(ids).toEqual(leads.map((l) => l.id));
    expect(requests.map((r) => r.url.searchParams.get('getLeadsAfter'))).toEqual([null, 'l24']);
  });

  it('pages audience leads with skip and limit', async () => {
    const leads = Array.from({ length: 150 }, (_, i) => ({ ...fx.lead, id: `l${i}` }));
    const { client, requests } = setup((req) => {
      const skip = Number(req.url.searchParams.get('skip'));
      const limit = Number(req.url.searchParams.get('limit'));
      return ok({ statusCode: 200, data: leads.slice(skip, skip + limit), total: leads.length });
    });
    let count = 0;
    for await (const _ of client.audiences.allLeads('aud1')) count += 1;
    expect(count).toBe(150);
    expect(requests.map((r) => r.url.pathname + r.url.search)).toEqual([
      '/flow/audiences/aud1/leads?skip=0&limit=100',
      '/flow/audiences/aud1/leads?skip=100&limit=100',
    ]);
  });
});

describe('the shapes the service\'s own clients prove accepted (spec/real-clients.md)', () => {
  it('sends an email without memberId (neither real client sends one), cc and bcc as given, and is not retried on a 5xx', async () => {
    const { client, requests } = setup(() => ({ status: 502, body: { statusCode: 502, error: 'Bad Gateway', message: 'upstream' } }));
    const err = await client.inbox
      .sendEmail({ identityId: 'i1', leadId: 'l1', subject: 'Hello', message: { html: '<p>Hi</p>', text: 'Hi' }, cc: 'a@x.example, b@y.example' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'api', status: 502 });
    // One attempt: a mutation answered 5xx may have been applied, so it is never resent blindly.
    expect(requests).toHaveLength(1);
    const sent = requests[0]?.body as Record<string, unknown>;
    expect(sent).toEqual({ identityId: 'i1', leadId: 'l1', subject: 'Hello', message: { html: '<p>Hi</p>', text: 'Hi' }, cc: 'a@x.example, b@y.example' });
    expect('memberId' in sent).toBe(false);
  });

  it("reads the error sentence wherever the service puts it: message, error (the agent server's reading), or both", async () => {
    for (const body of [
      { statusCode: 400, error: 'Bad Request', message: 'status must be one of PAUSED, RESUME' },
      { statusCode: 400, error: 'status must be one of PAUSED, RESUME' },
      { statusCode: 400, error: 'status must be one of PAUSED, RESUME', message: 'status must be one of PAUSED, RESUME' },
      { statusCode: 400, message: 'status must be one of PAUSED, RESUME' },
    ]) {
      const { client } = setup(() => ({ status: 400, body }));
      const err = await client.leads.status({ status: 'PAUSED', campaign: 'all', proEmail: 'a@x.example' }).catch((e: unknown) => e);
      expect(err, JSON.stringify(body)).toMatchObject({ kind: 'api', status: 400, serviceMessage: 'status must be one of PAUSED, RESUME' });
    }
  });
});
