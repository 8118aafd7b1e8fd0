/**
 * Every call the service's own clients make (spec/real-clients.md: W = the workflow-automation
 * node, T = its webhook trigger, A = the AI-agent tool server), sent as they send it (form-encoded
 * where W does, their field names, their enums) against both dialects of the emulator, and read
 * as they read it (`members` or a bare array, `data` or a bare array ...): accepted and answered
 * with the fields the client reads, or refused only where the service's rules refuse it, with a
 * sentence naming the field in `error` (where the agent server reads it) and in `message`.
 *
 * The rows of issue 29's table, each tested below under its number:
 *  1 form-encoded bodies (W: /leads/status, /audiences)               → rows 10, 15
 *  2 /leads/status with every status of the node's list              → row 15
 *  3 /leads/status naming the lead by proEmail or name + company     → row 15
 *  4 POST /leads without audience, with the node's extra fields      → row 13
 *  5 GET /leads/search by the node's keys                            → row 14
 *  6 POST /leads/enrich with mode and webhookUrl                     → row 18
 *  7 POST /audiences with pronetPostCategory like / comment          → row 10
 *  8 snooze with a date-time without offset; A's without snoozeUntil → row 24
 *  9 POST /inbox/pronet with attachments, source, audioUrl           → row 26
 * 10 POST /inbox/email without memberId; cc, bcc, replyToMessageId   → row 27
 * 11 POST /crm/search by proEmail or persoEmail                      → row 28
 * 12 the trigger's POST /inboxWebhooks {url, name, description, campaigns} → row 31
 * 13 GET /campaigns?status=RUNNING, search=                          → row 20
 * 14 GET /campaigns?limit=50 in the variants dialect                 → row 20
 * Also: the 400's sentence in `error` (every refusal below); GET /members and GET /inboxWebhooks
 * in envelopes the node reads (rows 1, 30); GET /workspaces and X-Workspace (row 5),
 * POST /identities/{id}/preferences (row 7), POST /posts/enrich (row 6).
 * The agent's retries of a 5xx under an applied-then-failed send: real-clients-retries.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  advanceClock,
  baseUrl,
  emulatorNow,
  getConversation,
  profileUrl,
  proWorkspace,
  resetEmulator,
  setDialect,
  setFaults,
  startReceiver,
  waitForOutcomes,
  workspace,
  type EmulatorWorkspace,
} from './harness';

type Body = Record<string, unknown>;
interface Answer {
  status: number;
  body: Body & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- read as the real clients read: by field name
}

/** A call as the real clients make it: Bearer key, JSON or form-encoded body, any extra header. */
async function send(
  method: string,
  path: string,
  opts: { json?: unknown; form?: Record<string, string | string[]>; headers?: Record<string, string>; key?: string | null; ws?: EmulatorWorkspace } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  const key = opts.key === undefined ? (opts.ws ?? proWorkspace()).apiKey : opts.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
    body = form.toString();
  }
  const res = await fetch(`${baseUrl()}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = {};
  try {
    parsed = text === '' ? {} : JSON.parse(text);
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed as Answer['body'] };
}

const get = (path: string, opts?: Parameters<typeof send>[2]) => send('GET', path, opts);
const post = (path: string, json: unknown, opts?: Parameters<typeof send>[2]) => send('POST', path, { ...opts, json });
const postForm = (path: string, form: Record<string, string | string[]>) => send('POST', path, { form });
const q = (params: Record<string, string | number>) => `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/** 2xx, or the answer in the failure message. */
function ok(a: Answer): Answer['body'] {
  expect(a.status, JSON.stringify(a.body).slice(0, 400)).toBeGreaterThanOrEqual(200);
  expect(a.status, JSON.stringify(a.body).slice(0, 400)).toBeLessThan(300);
  return a.body;
}

/** A refusal as the agent server shows it: `body.error` holds a sentence naming `field`. */
function refusedNaming(a: Answer, status: number, field: RegExp): void {
  expect(a.status, JSON.stringify(a.body)).toBe(status);
  expect(a.body.error).toMatch(field);
}

/** How each client finds a list (spec/real-clients.md "what the client reads"). */
const bareOr = (body: unknown, ...names: string[]): Body[] | undefined => {
  if (Array.isArray(body)) return body as Body[];
  for (const n of names) {
    const v = (body as Body)[n];
    if (Array.isArray(v)) return v as Body[];
  }
  return undefined;
};

async function ada() {
  const { body } = await get(`/leads/search${q({ pronetUrl: profileUrl('ada-lovelace') })}`);
  const { data } = ok(await get(`/leads/${body.lead.id}/conversations`));
  return { lead: body.lead as Record<string, any>, conversation: data[0] as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe.each(['standard', 'variants'] as const)('the real clients, %s dialect', (dialect) => {
  beforeEach(async () => {
    await resetEmulator('demo');
    await setDialect(dialect);
    // These tests check shapes, not the budget: room for every call of one test.
    await setFaults({ rateLimit: { calls: 10_000, windowMs: 10_000 } });
  });

  it('#1-4 GET /members (bare or `members`), HEAD /members without a key, GET /identities, GET /credits', async () => {
    for (const _turn of [0, 1, 2]) {
      // W reads a bare array or `members`: it never meets an envelope it cannot read.
      const members = bareOr(ok(await get('/members')), 'members');
      expect(members?.[0]).toMatchObject({ id: expect.any(String), name: expect.any(String) });
      const identities = bareOr(ok(await get('/identities')), 'identities', 'data');
      expect(identities?.[0]).toMatchObject({ id: expect.any(String) });
    }
    const head = await fetch(`${baseUrl()}/members`, { method: 'HEAD' });
    expect(head.status).toBe(401);
    expect(await head.text()).toBe('');
    expect(ok(await get('/credits')).credits).toMatchObject({ total: expect.any(Number) });
  });

  it('#5 GET /workspaces and X-Workspace: a key reaches the other workspace of its account, no other', async () => {
    const listed = ok(await get('/workspaces'));
    expect(listed.multiWorkspace).toBe(true);
    const other = workspace('demo-pro-nocrm');
    expect(listed.workspaces.map((w: Body) => w.id).sort()).toEqual([proWorkspace().id, other.id].sort());
    expect(listed.workspaces.find((w: Body) => w.current)?.id).toBe(proWorkspace().id);
    const theirs = bareOr(ok(await get('/members', { headers: { 'X-Workspace': other.id } })), 'members') ?? [];
    const own = bareOr(ok(await get('/members', { ws: other })), 'members') ?? [];
    expect(theirs.map((m) => m.id)).toEqual(own.map((m) => m.id));
    expect(ok(await get('/workspaces', { headers: { 'X-Workspace': other.id } })).workspaces.find((w: Body) => w.current)?.id).toBe(other.id);
    const starter = await get('/members', { headers: { 'X-Workspace': workspace('demo-starter').id } });
    expect(starter.status).toBe(403);
    // A Starter workspace's key is refused by the plan gate, here as everywhere.
    expect((await get('/workspaces', { ws: workspace('demo-starter') })).status).toBe(403);
  });

  it('#6 POST /posts/enrich {postUrl}; #7 POST /identities/{id}/preferences (value ≤ 500)', async () => {
    const post6 = ok(await post('/posts/enrich', { postUrl: 'https://www.pronet.example/posts/ada-lovelace_engines-activity-7123' }));
    expect(post6.post).toMatchObject({ url: expect.any(String), authorName: expect.any(String), reactions: expect.any(Number) });
    refusedNaming(await post('/posts/enrich', { postUrl: 'https://elsewhere.example/x' }), 400, /postUrl/);
    const identityId = String(bareOr(ok(await get('/identities')), 'identities', 'data')?.[0]?.id);
    const pref = ok(await post(`/identities/${identityId}/preferences`, { category: 'tone', key: 'greeting', value: 'Hi {firstname},', channel: 'EMAIL' }));
    expect(pref.preference).toMatchObject({ identityId, category: 'tone', key: 'greeting', value: 'Hi {firstname},', channel: 'EMAIL' });
    ok(await post(`/identities/${identityId}/preferences`, { category: 'tone', key: 'signature', value: 'Sam' }));
    refusedNaming(await post(`/identities/${identityId}/preferences`, { category: 'tone', key: 'k', value: 'x'.repeat(501) }), 400, /value/);
    expect((await post('/identities/id_missing/preferences', { category: 'tone', key: 'k', value: 'v' })).status).toBe(404);
  });

  it('#8-12 audiences: list, create, import form-encoded (W) and JSON (A) with like / comment, detail, leads paged', async () => {
    expect(bareOr(ok(await get('/audiences')), 'audiences')?.length).toBeGreaterThan(0);
    const created = ok(await post('/audiences/create', { name: 'From the node' })).audience;
    expect(created).toMatchObject({ id: expect.any(String), name: 'From the node' });
    const identityId = String(bareOr(ok(await get('/identities')), 'identities', 'data')?.[0]?.id);
    // Row 1 and row 7: W sends this body form-encoded, with its own post categories.
    ok(
      await postForm('/audiences', {
        audience: 'Post likers',
        pronetUrl: 'https://www.pronet.example/posts/ada-lovelace_engines-activity-7123',
        identityId,
        pronetPostCategory: 'like',
        excludeContactedLeads: 'true',
        autoImport: 'false',
      }),
    );
    ok(await post('/audiences', { audience: 'Post commenters', pronetUrl: 'https://www.pronet.example/posts/x-activity-1', identityId, pronetPostCategory: 'comment', excludeContactedLeads: false }));
    refusedNaming(await postForm('/audiences', { audience: 'A', pronetUrl: 'https://www.pronet.example/posts/x', identityId, pronetPostCategory: 'share' }), 400, /pronetPostCategory/);
    const audiences = bareOr(ok(await get('/audiences')), 'audiences') ?? [];
    const audience = [...audiences].sort((a, b) => Number(b.size) - Number(a.size))[0];
    expect(ok(await get(`/audiences/${audience?.id}/detail`)).data).toMatchObject({ id: audience?.id });
    // W pages by 50 (or 100) while a page is full; A asks 25.
    for (const limit of [50, 100, 25]) {
      const seen: string[] = [];
      for (let skip = 0; ; skip += limit) {
        const { data } = ok(await get(`/audiences/${audience?.id}/leads${q({ limit, skip })}`));
        seen.push(...(data as Body[]).map((l) => String(l.id)));
        if (data.length < limit) break;
      }
      expect(seen.length).toBe(audience?.size);
    }
  });

  it('#13 POST /leads without audience, with the node fields (profilePicture, bio, crm_id, relationsCount, gender, customAttributeN)', async () => {
    const res = await post('/leads', {
      firstname: 'Mary',
      lastname: 'Jackson',
      companyName: 'Langley Research',
      pronetUrl: 'https://www.pronet.example/in/mary-jackson-nodeuser/',
      proEmail: 'mary.jackson@langley.example',
      profilePicture: 'https://images.example/mary.jpg',
      bio: 'Engineer, wind tunnels.',
      crm_id: 'crm-mary-1',
      gender: 'woman',
      industry: 'Aerospace',
      jobTitle: 'Engineer',
      location: 'Hampton, Virginia',
      phone: '+1 555 0100',
      relationsCount: 512,
      customAttribute1: 'tier-1',
      customAttribute10: 'from the node',
    });
    expect(res.status).toBe(200); // W reads nothing; the variants may answer an empty body
    const found = ok(await get(`/leads/search${q({ pronetUrl: 'https://www.pronet.example/in/mary-jackson-nodeuser/' })}`)).lead;
    expect(found).toMatchObject({
      picture: 'https://images.example/mary.jpg',
      crmId: 'crm-mary-1',
      gender: 'woman',
      audienceIds: [],
      relationsCount: 512,
      customAttributes: { customAttribute1: 'tier-1', customAttribute10: 'from the node' },
    });
    // With an audience (W omits it only when empty): the lead is merged and added.
    ok(await post('/leads', { proEmail: 'mary.jackson@langley.example', audience: 'Node leads', customAttribute2: 'second' }));
    const merged = ok(await get(`/leads/search${q({ leadId: found.id })}`)).lead;
    expect(merged.audienceIds).toHaveLength(1);
    expect(merged.customAttributes).toMatchObject({ customAttribute1: 'tier-1', customAttribute2: 'second' });
    refusedNaming(await post('/leads', { proEmail: 'x@y.example', relationsCount: 'many' }), 400, /relationsCount/);
    refusedNaming(await post('/leads', { bio: 'nobody' }), 400, /leadId/);
  });

  it('#14 GET /leads/search by every key the node sends; `lead` or `leads`', async () => {
    const { lead } = await ada();
    const read = (b: Body) => (b.lead ? [b.lead as Body] : ((b.leads as Body[] | undefined) ?? []));
    const searches: Record<string, string>[] = [
      { leadId: lead.id },
      { email: lead.proEmail },
      { pronetUrl: profileUrl('ada-lovelace') },
      { pronetPublicId: 'ada-lovelace' },
      { pronetId: 'ada-lovelace' },
      { firstname: 'Ada', lastname: 'Lovelace' },
      { firstname: 'ada', lastname: 'LOVELACE', companyName: lead.companyName },
      { companyName: lead.companyName },
      { companyUrl: lead.companyUrl },
      { industry: lead.industry, location: lead.location },
      { lastname: 'Lovelace' },
    ];
    for (const s of searches) {
      const found = read(ok(await get(`/leads/search${q(s)}`)));
      expect(found.map((l) => l.id), JSON.stringify(s)).toContain(lead.id);
    }
    if (lead.crmId) expect(read(ok(await get(`/leads/search${q({ crmId: lead.crmId })}`)))[0]?.id).toBe(lead.id);
    expect((await get(`/leads/search${q({ industry: 'No such industry anywhere' })}`)).status).toBe(404);
    refusedNaming(await get('/leads/search'), 400, /leadId/);
  });

  it('#15 POST /leads/status form-encoded: every status of the node, lead by proEmail or name + company, campaign repeated', async () => {
    const { lead } = await ada();
    const statuses = [
      'PAUSED', 'RESUME', 'STOPPED', 'CONVERTED', 'SUBSCRIBED', 'UNSUBSCRIBED', 'NOT_ACTIVATED', 'ALREADY_EQUIPPED', 'ENRICHED', 'CONTACTED',
      'COMPLETED_WITHOUT_REPLY', 'TO_QUALIFY', 'OUT_OF_OFFICE', 'WRONG_TIMING', 'CALL_BOOKED', 'INTERESTED', 'NOT_INTERESTED', 'WRONG_TARGET',
      'NEGOTIATING', 'READY_TO_BUY',
    ];
    for (const status of statuses) {
      const { logs } = ok(await postForm('/leads/status', { status, campaign: 'all', proEmail: lead.proEmail }));
      expect(logs.length, status).toBeGreaterThan(0);
    }
    // What the sequence commands do in the campaign: PAUSED keeps the status for RESUME; STOPPED is for good.
    const byName = { firstname: 'Ada', lastname: 'Lovelace', companyName: lead.companyName };
    const first = ok(await postForm('/leads/status', { status: 'INTERESTED', campaign: 'all', ...byName })).logs[0] as Body;
    const campaign = String(first.campaign);
    const paused = ok(await postForm('/leads/status', { status: 'PAUSED', campaign: [campaign, 'No such campaign'], ...byName })).logs as Body[];
    expect(paused.map((l) => [l.leadStatus, l.leadUpdated])).toEqual([['PAUSED', true], ['', false]]);
    expect(ok(await postForm('/leads/status', { status: 'RESUME', campaign, ...byName })).logs[0]).toMatchObject({ leadStatus: 'INTERESTED', leadUpdated: true });
    expect(ok(await postForm('/leads/status', { status: 'RESUME', campaign, ...byName })).logs[0]).toMatchObject({ leadStatus: 'INTERESTED', leadUpdated: false });
    ok(await postForm('/leads/status', { status: 'STOPPED', campaign, proEmail: lead.proEmail }));
    expect(ok(await postForm('/leads/status', { status: 'PAUSED', campaign, proEmail: lead.proEmail })).logs[0]).toMatchObject({ leadStatus: 'STOPPED', leadUpdated: false });
    // UNSUBSCRIBED and SUBSCRIBED: the lead's conversations say so.
    ok(await postForm('/leads/status', { status: 'UNSUBSCRIBED', campaign: 'all', proEmail: lead.proEmail }));
    const { conversation } = await ada();
    expect((await getConversation(conversation.id)).conversation.unsubscribed).toBe(true);
    ok(await postForm('/leads/status', { status: 'SUBSCRIBED', campaign: 'all', proEmail: lead.proEmail }));
    expect((await getConversation(conversation.id)).conversation.unsubscribed).toBe(false);
    refusedNaming(await postForm('/leads/status', { status: 'LOST', campaign: 'all', proEmail: lead.proEmail }), 400, /status/);
    expect((await postForm('/leads/status', { status: 'PAUSED', campaign: 'all', proEmail: 'nobody@nowhere.example' })).status).toBe(404);
  });

  it('#16-17 GET /leads/{id}/logs (limit 50, 100, 25; identityId) and /conversations', async () => {
    const { lead, conversation } = await ada();
    for (const limit of [50, 100, 25]) expect(Array.isArray(ok(await get(`/leads/${lead.id}/logs${q({ limit, skip: 0 })}`)).data)).toBe(true);
    expect(Array.isArray(ok(await get(`/leads/${lead.id}/logs${q({ identityId: conversation.identityId, limit: 25, skip: 0 })}`)).data)).toBe(true);
    expect(ok(await get(`/leads/${lead.id}/conversations${q({ identityId: conversation.identityId })}`)).data[0]).toMatchObject({ id: conversation.id });
  });

  it('#18-19 POST /leads/enrich in polling, sync and webhook mode; GET /leads/enrich/{id}', async () => {
    const polling = ok(await post('/leads/enrich', { enrichType: 'EMAIL_ENRICH', mode: 'polling', firstname: 'Dorothy', lastname: 'Vaughan', companyName: 'West Computing' }));
    expect(polling.enrichRequestId).toEqual(expect.any(String));
    expect(ok(await get(`/leads/enrich/${polling.enrichRequestId}`)).status).toBe('pending');
    // sync: the answer carries the result.
    const sync = ok(await post('/leads/enrich', { enrichType: 'EMAIL_ENRICH', mode: 'sync', firstname: 'Katherine', lastname: 'Coleman', companyUrl: 'https://www.langley.example' }));
    expect(sync).toMatchObject({ enrichRequestId: expect.any(String), status: 'completed' });
    expect(sync.lead.proEmail).toBe('katherine.coleman@langley.example');
    expect(ok(await get(`/leads/enrich/${sync.enrichRequestId}`)).status).toBe('completed');
    // webhook: the result goes to webhookUrl when done, retried as inbox webhooks are.
    const receiver = await startReceiver((n) => (n === 1 ? 500 : 200));
    try {
      const hooked = ok(
        await post('/leads/enrich', { enrichType: 'PRONET_ENRICH', mode: 'webhook', webhookUrl: receiver.url, firstname: 'Mary', lastname: 'Winston', companyName: 'Langley' }),
      );
      await advanceClock(60_000);
      await receiver.waitFor(1);
      await waitForOutcomes(1);
      await advanceClock(15_000);
      const [, second] = await receiver.waitFor(2);
      expect(second?.body).toMatchObject({ enrichRequestId: hooked.enrichRequestId, status: 'completed', lead: { pronetUrl: profileUrl('mary-winston') } });
    } finally {
      await receiver.close();
    }
    refusedNaming(await post('/leads/enrich', { enrichType: 'EMAIL_ENRICH', mode: 'webhook', firstname: 'A', lastname: 'B', companyName: 'C' }), 400, /webhookUrl/);
    refusedNaming(await post('/leads/enrich', { enrichType: 'EMAIL_ENRICH', mode: 'later', firstname: 'A', lastname: 'B', companyName: 'C' }), 400, /mode/);
  });

  it('#20-21 GET /campaigns with status, search, limit and skip; one campaign, stats, messages, statsleads', async () => {
    const running = ok(await get(`/campaigns${q({ status: 'RUNNING', limit: 25, skip: 0 })}`)).campaigns as Body[];
    expect(running.length).toBeGreaterThan(0);
    expect(running.every((c) => c.status === 'RUNNING')).toBe(true);
    for (const status of ['CANCELED', 'PAUSED', 'READY']) expect(ok(await get(`/campaigns${q({ status, limit: 25 })}`)).campaigns.every((c: Body) => c.status === status)).toBe(true);
    const name = String(running[0]?.name);
    const searched = ok(await get(`/campaigns${q({ search: name.slice(0, 6).toLowerCase(), limit: 25, skip: 0 })}`)).campaigns as Body[];
    expect(searched.map((c) => c.id)).toContain(running[0]?.id);
    expect(searched.every((c) => String(c.name).toLowerCase().includes(name.slice(0, 6).toLowerCase()))).toBe(true);
    // W pages by 25 while a page is full.
    const all: Body[] = [];
    for (let skip = 0; ; skip += 25) {
      const { campaigns } = ok(await get(`/campaigns${q({ limit: 25, skip })}`));
      all.push(...campaigns);
      if (campaigns.length < 25) break;
    }
    expect(all.length).toBeGreaterThan(25);
    // Row 14: over 25, the variants answer an empty list where the standard refuses, naming limit.
    const over = await get(`/campaigns${q({ limit: 50 })}`);
    if (dialect === 'variants') expect(ok(over).campaigns).toEqual([]);
    else refusedNaming(over, 400, /limit/);
    const id = String(all[0]?.id);
    expect(ok(await get(`/campaigns/${id}`)).campaign).toMatchObject({ id });
    expect(ok(await get(`/campaigns/${id}/stats`)).engagementStats).toBeDefined();
    expect(Array.isArray(ok(await get(`/campaigns/${id}/messages`)).data)).toBe(true);
    const page = ok(await get(`/campaigns/${id}/statsleads`));
    expect(typeof page.hasMore).toBe('boolean');
    if (page.hasMore) expect(Array.isArray(ok(await get(`/campaigns/${id}/statsleads${q({ getLeadsAfter: String(page.leads.at(-1).id) })}`)).leads)).toBe(true);
  });

  it('#22-23 GET /conversations/search (PRONET, EMAIL, PLATFORM; limit 50 / 25; searchAfter) and messages (page or none)', async () => {
    let token: string | null = null;
    let pages = 0;
    do {
      const page: Body = ok(await get(`/conversations/search${q({ lastMessageType: 'PRONET,EMAIL,PLATFORM', limit: 50, ...(token ? { searchAfter: token } : {}) })}`));
      expect(Array.isArray(page.data)).toBe(true);
      token = page.hasMore ? (page.nextToken as string) : null;
      pages += 1;
    } while (token && pages < 3);
    const first = ok(await get(`/conversations/search${q({ limit: 25 })}`)).data[0] as Body;
    const none = ok(await get(`/conversations/${first.id}/messages`));
    expect(none).toMatchObject({ data: expect.any(Array), total: expect.any(Number) });
    for (const page of [0, 1]) expect(ok(await get(`/conversations/${first.id}/messages${q({ page })}`)).data).toEqual(expect.any(Array));
  });

  it('#24-25 conversation actions by W and A targets; snooze without offset (UTC) and without date (tomorrow); note append', async () => {
    const { lead, conversation } = await ada();
    // W: any target, narrowed by identity.
    expect(ok(await post('/inbox/conversations/archive', { leadId: lead.id, identityId: conversation.identityId })).data).toMatchObject({ id: conversation.id, status: 'ARCHIVED' });
    expect(ok(await post('/inbox/conversations/unarchive', { email: lead.proEmail })).data.status).toBe('OPEN');
    const now = await emulatorNow();
    const day = new Date(now + 3 * 24 * 3600_000).toISOString().slice(0, 10);
    const snoozed = ok(await post('/inbox/conversations/snooze', { pronetUrl: profileUrl('ada-lovelace'), snoozeUntil: `${day}T09:30:00` })).data;
    expect(snoozed).toMatchObject({ status: 'SNOOZED', snoozeUntil: Date.parse(`${day}T09:30:00Z`) });
    ok(await post('/inbox/conversations/unsnooze', { conversationId: conversation.id }));
    // A: one of conversationId, pronetUrl, email; its snooze may leave the date out.
    const bare = ok(await post('/inbox/conversations/snooze', { conversationId: conversation.id })).data;
    expect(bare.status).toBe('SNOOZED');
    expect(bare.snoozeUntil).toBeGreaterThanOrEqual(now + 24 * 3600_000);
    expect(bare.snoozeUntil).toBeLessThan(now + 25 * 3600_000);
    expect(ok(await post('/inbox/conversations/unsnooze', { email: lead.proEmail })).data.status).toBe('OPEN');
    refusedNaming(await post('/inbox/conversations/snooze', { conversationId: conversation.id, snoozeUntil: 'next tuesday' }), 400, /snoozeUntil/);
    const noted = await post('/inbox/conversations/note', { leadId: lead.id, campaignId: conversation.campaignId ?? undefined, note: 'From the node', mode: 'append' });
    expect(ok(noted).data.note).toMatch(/From the node$/);
    refusedNaming(await post('/inbox/conversations/note', { conversationId: conversation.id, note: 'x', mode: 'prepend' }), 400, /mode/);
  });

  it('#26 POST /inbox/pronet with message, with audioUrl alone, with attachments and source', async () => {
    const { lead, conversation } = await ada();
    const memberId = String(bareOr(ok(await get('/members')), 'members')?.[0]?.id);
    const base = { identityId: conversation.identityId, memberId, leadId: lead.id };
    expect(ok(await post('/inbox/pronet', { ...base, message: 'Hello from the node' })).messageId).toEqual(expect.any(String));
    ok(await post('/inbox/pronet', { ...base, audioUrl: 'https://files.example/voice.mp3' }));
    ok(await post('/inbox/pronet', { identityId: conversation.identityId, memberId, pronetUrl: profileUrl('ada-lovelace'), message: 'See attached', attachments: ['https://files.example/deck.pdf'], source: 'workflow' }));
    const sent = (await getConversation(conversation.id)).messages.filter((m) => m.direction === 'SENT').slice(-3);
    expect(sent.map((m) => m.content)).toEqual(['Hello from the node', '', 'See attached']);
    refusedNaming(await post('/inbox/pronet', base), 400, /message/);
    refusedNaming(await post('/inbox/pronet', { ...base, message: 'x', attachments: ['not a url'] }), 400, /attachments/);
  });

  it('#27 POST /inbox/email without memberId: subject, replyInLastThread, replyToMessageId; cc and bcc comma-separated', async () => {
    const { lead, conversation } = await ada();
    const base = { identityId: conversation.identityId, leadId: lead.id, message: { html: '<p>Hello</p>', text: 'Hello' } };
    const first = ok(await post('/inbox/email', { ...base, subject: 'Engines', cc: 'charles@engines.example, mary@engines.example', bcc: 'log@lumen.example' }));
    expect(first.messageId).toEqual(expect.any(String));
    ok(await post('/inbox/email', { identityId: conversation.identityId, leadEmail: lead.proEmail, message: { html: '<p>Again</p>', text: 'Again' }, replyInLastThread: true }));
    ok(await post('/inbox/email', { ...base, replyToMessageId: first.messageId }));
    const emails = (await getConversation(conversation.id)).messages.filter((m) => m.channel === 'EMAIL' && m.direction === 'SENT').slice(-3);
    expect(emails.map((m) => m.subject)).toEqual(['Engines', 'Re: Engines', 'Re: Engines']);
    refusedNaming(await post('/inbox/email', { ...base, subject: 'x', cc: 'not-an-address' }), 400, /cc/);
    refusedNaming(await post('/inbox/email', base), 400, /subject/);
    expect((await post('/inbox/email', { ...base, replyToMessageId: 'msg_missing' })).status).toBe(404);
  });

  it('#28 POST /crm/search by email, proEmail, persoEmail, names, pronetUrl', async () => {
    const { lead } = await ada();
    for (const search of [{ proEmail: lead.proEmail }, { email: lead.proEmail }, { firstname: 'Ada', lastname: 'Lovelace' }, { pronetUrl: profileUrl('ada-lovelace') }, { companyName: lead.companyName }]) {
      expect(ok(await post('/crm/search', search)).results.length, JSON.stringify(search)).toBeGreaterThan(0);
    }
    expect(ok(await post('/crm/search', { persoEmail: 'nobody@home.example' })).results).toEqual([]);
    refusedNaming(await post('/crm/search', { proEmail: 'not an email' }), 400, /proEmail/);
  });

  it('#29 POST /leads/visitors/trackerA/{audienceName}: the provider payload as is', async () => {
    const res = await post('/leads/visitors/trackerA/Node%20visitors', { visitors: [{ email: 'visitor@acme.example', firstName: 'Vi', lastName: 'Sitor', company: 'Acme' }] });
    expect(res.status).toBe(200);
  });

  it('#30-32 the trigger: list (bare or data), register {url, name, description, campaigns} once, delete', async () => {
    const campaigns = ok(await get(`/campaigns${q({ limit: 25, skip: 0 })}`)).campaigns as Body[];
    const url = 'https://hooks.example/node-trigger';
    // T's activation: list, register only when its URL is not there yet. Twice, as a workflow re-activated.
    const activate = async () => {
      const hooks = bareOr(ok(await get('/inboxWebhooks')), 'data');
      expect(hooks, 'T reads a bare array or data').toBeDefined();
      const mine = hooks?.find((h) => h.url === url);
      if (mine) return String(mine.id);
      const created = ok(await post('/inboxWebhooks', { url, name: 'Node trigger', description: 'New replies to the workflow', campaigns: [campaigns[0]?.id, campaigns[1]?.name] }));
      return String(created.id);
    };
    const id = await activate();
    expect(await activate()).toBe(id);
    const hooks = bareOr(ok(await get('/inboxWebhooks')), 'data') ?? [];
    expect(hooks.filter((h) => h.url === url)).toHaveLength(1);
    expect(hooks.find((h) => h.id === id)?.campaignIds).toEqual([campaigns[0]?.id, campaigns[1]?.id]);
    refusedNaming(await post('/inboxWebhooks', { url: 'ftp://x.example', name: 'n' }), 400, /url/);
    expect((await send('DELETE', `/inboxWebhooks/${id}`)).status).toBe(200);
    expect((bareOr(ok(await get('/inboxWebhooks')), 'data') ?? []).some((h) => h.id === id)).toBe(false);
  });
});
