import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openCompanionDb } from '../../store/db';
import { createProfileCache } from '../../store/cache';
import { createMetaStore } from '../../store/meta';
import { conversation, fakeService, flush, lead, manualClock, type FakeService, type ManualClock } from '../../../test/unit/background/fakes';
import { createPanelData } from '../panel-data';
import { createInbox, type Inbox, type InboxDeps } from './inbox';
import { createSlidingWindowLimiter, type RateLimiter } from '../../api/rate-limiter';
import type { LimiterPriority } from '../../api/priority';
import type { BackgroundApi } from '../api';

let n = 0;
let clock: ManualClock;
let fake: FakeService;
let inbox: Inbox;
let counts: (number | null)[];
let navigated: [number, string][];
let caching = true;
let notifying = false;
let news: { replies: string[]; woke: string[]; count: number }[];
let db: Awaited<ReturnType<typeof openCompanionDb>>;

beforeEach(async () => {
  n += 1;
  clock = manualClock();
  fake = fakeService(clock.now);
  counts = [];
  navigated = [];
  caching = true;
  notifying = false;
  news = [];
  for (let i = 1; i <= 30; i++) {
    fake.leads.set(`lead_${i}`, lead(`lead_${i}`, `person-${i}`, { firstname: `P${i}` }));
    fake.conversations.set(`conv_${i}`, conversation(`conv_${i}`, `lead_${i}`));
  }
  db = await openCompanionDb(`inbox-handler-${n}`);
  inbox = build(fake.api);
});

function build(api: InboxDeps['api']): Inbox {
  return createInboxWith({ api });
}

function createInboxWith(over: Partial<InboxDeps>): Inbox {
  return createInbox({
    api: fake.api,
    panelData: createPanelData({ ttlMs: 60_000, clock, enabled: () => caching }),
    cache: createProfileCache(db),
    meta: createMetaStore(db),
    clock,
    keys: { current: () => 'key' },
    freshMs: 60_000,
    cachingEnabled: () => caching,
    hosts: () => [],
    getTabUrl: async () => 'http://pronet.localhost:8787/in/someone/',
    navigateTab: async (tabId, url) => void navigated.push([tabId, url]),
    onCount: (c) => void counts.push(c),
    notifications: () => notifying,
    onNews: (n, count) => void news.push({ replies: n.replies.map((c) => c.id), woke: n.woke.map((s) => s.id), count }),
    myIdentityIds: () => ['idt_2'],
    identities: { names: () => new Map([['idt_1', 'Sam Rivera']]), load: () => undefined, list: async () => [{ id: 'idt_1', name: 'Sam Rivera' }, { id: 'idt_2', name: 'Priya Natarajan' }] },
    ...over,
  });
}

const page = (req: Parameters<Inbox['handlers']['inbox-page']>[0]) => inbox.handlers['inbox-page'](req, {});

describe('inbox handler', () => {
  it('answers the first page with one call and its total, the leads on request, then the next page by cursor', async () => {
    const first = await page({ type: 'inbox-page', view: 'waiting' });
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toMatchObject({ conversationId: 'conv_1', name: null, leadKnown: false, identityName: 'Sam Rivera' });
    expect(fake.calls).toHaveLength(1);
    const leads = await inbox.handlers['inbox-leads']({ type: 'inbox-leads', leadIds: ['lead_1', 'lead_2', 'lead_404'] }, {});
    expect(leads).toEqual([
      { leadId: 'lead_1', name: 'P1 Lovelace', company: 'Analytical Engines', profileUrl: 'https://www.pronet.example/in/person-1/' },
      { leadId: 'lead_2', name: 'P2 Lovelace', company: 'Analytical Engines', profileUrl: 'https://www.pronet.example/in/person-2/' },
      { leadId: 'lead_404', name: null, company: null, profileUrl: null },
    ]);
    // Known now: the next page of these leads names them without a call.
    expect((await page({ type: 'inbox-page', view: 'waiting', reload: true })).rows[0]).toMatchObject({ name: 'P1 Lovelace', leadKnown: true });
    const second = await page({ type: 'inbox-page', view: 'waiting', cursor: first.nextToken!, at: first.at });
    expect(second.rows.map((r) => r.conversationId)).toEqual(Array.from({ length: 10 }, (_, i) => `conv_${21 + i}`));
    expect(second).toMatchObject({ total: null, nextToken: null, restarted: false });
  });

  it('looks up the leads of the rows on screen as the page arrives; the panel asking for them joins those calls, caching or not', async () => {
    caching = false;
    await page({ type: 'inbox-page', view: 'waiting', lookUp: 3 });
    const leads = await inbox.handlers['inbox-leads']({ type: 'inbox-leads', leadIds: ['lead_1', 'lead_2', 'lead_3', 'lead_4'] }, {});
    expect(leads.map((l) => l.name)).toEqual(['P1 Lovelace', 'P2 Lovelace', 'P3 Lovelace', 'P4 Lovelace']);
    expect(fake.calls[0]).toBe('searchConversations ');
    expect(fake.calls.slice(1).sort()).toEqual(['leadById lead_1', 'leadById lead_2', 'leadById lead_3', 'leadById lead_4']);
    expect(fake.calls.slice(1, 4).sort()).toEqual(['leadById lead_1', 'leadById lead_2', 'leadById lead_3']);
    // The page's look-ups serve the panel once: the next ask is a new call (nothing is kept with caching off).
    await inbox.handlers['inbox-leads']({ type: 'inbox-leads', leadIds: ['lead_1'] }, {});
    expect(fake.calls.slice(5)).toEqual(['leadById lead_1']);
  });

  it("a page's look-ups answered before the panel asks still serve it, without a second call", async () => {
    caching = false;
    await page({ type: 'inbox-page', view: 'waiting', lookUp: 2 });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 10));
    const leads = await inbox.handlers['inbox-leads']({ type: 'inbox-leads', leadIds: ['lead_1', 'lead_2'] }, {});
    expect(leads.map((l) => l.name)).toEqual(['P1 Lovelace', 'P2 Lovelace']);
    expect(fake.calls).toHaveLength(3);
  });

  it('reopens a fresh view without a call, and asks again after a mutation or on reload', async () => {
    await page({ type: 'inbox-page', view: 'waiting' });
    const before = fake.calls.length;
    await page({ type: 'inbox-page', view: 'waiting' });
    expect(fake.calls.length).toBe(before);
    inbox.invalidate();
    await page({ type: 'inbox-page', view: 'waiting' });
    expect(fake.calls.length).toBe(before + 1);
    await page({ type: 'inbox-page', view: 'waiting', reload: true });
    expect(fake.calls.length).toBe(before + 2);
  });

  it('shows the kept page with its age when the service cannot be reached', async () => {
    const first = await page({ type: 'inbox-page', view: 'waiting' });
    const fetchedAt = clock.now();
    await clock.advance(120_000);
    fake.fail('searchConversations', 'drop');
    const offline = await page({ type: 'inbox-page', view: 'waiting' });
    expect(offline).toMatchObject({ cachedAt: fetchedAt, total: 30 });
    expect(offline.rows).toEqual(first.rows);
  });

  it('restarts from page one when the service refuses the cursor, and says so', async () => {
    const again = await page({ type: 'inbox-page', view: 'waiting', cursor: 'not!a!cursor', at: clock.now() });
    expect(again).toMatchObject({ restarted: true, total: 30 });
    expect(again.rows[0]?.conversationId).toBe('conv_1');
  });

  it('counts the waiting view with one call, and not again while the count is young', async () => {
    expect(await inbox.refreshCount()).toMatchObject({ count: 30 });
    expect(counts).toEqual([30]);
    const calls = fake.calls.length;
    await inbox.refreshCount(15_000);
    expect(fake.calls.length).toBe(calls);
    expect(await inbox.handlers['inbox-count']({ type: 'inbox-count' }, {})).toMatchObject({ count: 30 });
  });

  it('moves the count at once when an action is queued on a conversation it knows, back on undo, without a call', async () => {
    await inbox.refreshCount();
    await page({ type: 'inbox-page', view: 'waiting' });
    const calls = fake.calls.length;
    await inbox.queued({ kind: 'archive', conversationId: 'conv_1', leadId: 'lead_1' });
    await inbox.queued({ kind: 'snooze', conversationId: 'conv_2', leadId: 'lead_2', until: clock.now() + 3_600_000 });
    expect(counts).toEqual([30, 29, 28]);
    await inbox.queued({ kind: 'unarchive', conversationId: 'conv_1', leadId: 'lead_1' });
    await inbox.queued({ kind: 'note', conversationId: 'conv_3', leadId: 'lead_3' });
    await inbox.queued({ kind: 'archive', conversationId: 'conv_unknown', leadId: 'lead_unknown' });
    expect(counts).toEqual([30, 29, 28, 29]);
    expect(await inbox.handlers['inbox-count']({ type: 'inbox-count' }, {})).toMatchObject({ count: 29 });
    expect(fake.calls.length).toBe(calls);
  });

  it('a reply queued (from the queue or the profile panel) drops the count at once; taken back, the count is read again', async () => {
    await inbox.refreshCount();
    await page({ type: 'inbox-page', view: 'waiting' });
    const calls = fake.calls.length;
    await inbox.queued({ kind: 'reply', conversationId: 'conv_1', leadId: 'lead_1' });
    expect(counts).toEqual([30, 29]);
    expect(fake.calls.length).toBe(calls);
    // A second action on the replied conversation starts from "replied": archiving it moves nothing more.
    await inbox.queued({ kind: 'archive', conversationId: 'conv_1', leadId: 'lead_1' });
    expect(counts).toEqual([30, 29]);
    await inbox.withdrawn('conv_1');
    expect(counts).toEqual([30, 29, 30]);
    expect(fake.calls.length).toBe(calls + 1);
  });

  it('issue 41: a reply taken back moves the count back by what it moved, without a call; a count read while actions wait adds them', async () => {
    const pending = new Set<number>();
    inbox = createInboxWith({ pendingOutbox: async () => pending });
    await inbox.refreshCount();
    await page({ type: 'inbox-page', view: 'waiting' });
    const calls = fake.calls.length;
    // Two replies queued (outbox ids 1 and 2), the second taken back while the first still waits to go.
    pending.add(1).add(2);
    await inbox.queued({ kind: 'reply', conversationId: 'conv_1', leadId: 'lead_1' }, 1);
    await inbox.queued({ kind: 'reply', conversationId: 'conv_2', leadId: 'lead_2' }, 2);
    pending.delete(2);
    await inbox.withdrawn('conv_2', 2);
    expect(counts).toEqual([30, 29, 28, 29]);
    expect(fake.calls.length).toBe(calls);
    // A read now: the service still counts conv_1 (its reply has not gone); the reply waiting is added.
    await inbox.refreshCount();
    expect(counts.at(-1)).toBe(29);
    // It lands: the service says 29 by itself, and the reply that left the outbox is not counted twice.
    pending.delete(1);
    // (The fake's search does not read the last message's direction: the row leaves it instead.)
    fake.conversations.delete('conv_1');
    await inbox.refreshCount();
    expect(counts.at(-1)).toBe(29);
    // Taken back after a worker restart (no record of what it moved): the service is asked.
    await inbox.withdrawn('conv_3', 7);
    expect(fake.calls.length).toBe(calls + 3);
  });

  it('with notifications on, tells a new waiting reply and a snooze that woke since the last refresh', async () => {
    notifying = true;
    fake.conversations.set('conv_s', { ...conversation('conv_s', 'lead_1'), status: 'SNOOZED', snoozeUntil: clock.now() + 60_000 });
    await inbox.refreshCount();
    expect(news).toEqual([]);
    await clock.advance(120_000);
    fake.conversations.set('conv_s', { ...fake.conversations.get('conv_s')!, status: 'OPEN', snoozeUntil: null, leadReplied: false });
    // (The fake answers in insertion order, not by date: the reply is among the first rows.)
    fake.conversations.set('conv_5', { ...fake.conversations.get('conv_5')!, lastMessageAt: clock.now() });
    await inbox.refreshCount();
    expect(news).toEqual([{ replies: ['conv_5'], woke: ['conv_s'], count: 31 }]);
    await inbox.refreshCount();
    expect(news).toHaveLength(1);
  });

  it('lists the identities the user sends as first', async () => {
    const choices = await inbox.handlers['inbox-choices']({ type: 'inbox-choices' }, {});
    expect(choices.identities.map((i) => [i.id, i.mine])).toEqual([
      ['idt_2', true],
      ['idt_1', false],
    ]);
  });

  it('opens a profile on the host the tab is on', async () => {
    await inbox.handlers['open-profile']({ type: 'open-profile', tabId: 7, profileUrl: 'https://www.pronet.example/in/person-3/' }, {});
    expect(navigated).toEqual([[7, 'http://pronet.localhost:8787/in/person-3/']]);
    await expect(inbox.handlers['open-profile']({ type: 'open-profile', tabId: 7, profileUrl: 'javascript:alert(1)' }, {})).rejects.toThrow();
  });

  it("answers a row's preview: the first line of the lead's last message, plain text, one call per conversation, kept", async () => {
    const at = clock.now();
    fake.messages.set('conv_1', [
      { id: 'm1', conversationId: 'conv_1', direction: 'RECEIVED', channel: 'EMAIL', status: 'RECEIVED', content: '<p>Old &amp; gone</p>', createdAt: at - 5000 },
      { id: 'm2', conversationId: 'conv_1', direction: 'RECEIVED', channel: 'EMAIL', status: 'RECEIVED', content: '<style>p{}</style><p>Thanks &mdash; <b>Tuesday</b> works</p><p>Best, Ada</p>', createdAt: at - 1000 },
      { id: 'm3', conversationId: 'conv_1', direction: 'SENT', channel: 'EMAIL', status: 'SENT', content: 'Our answer', createdAt: at - 500 },
    ]);
    const previews = () => inbox.handlers['inbox-previews']({ type: 'inbox-previews', conversationIds: ['conv_1', 'conv_2'] }, {});
    expect(await previews()).toEqual([
      { conversationId: 'conv_1', firstLine: 'Thanks — Tuesday works', at: at - 1000 },
      { conversationId: 'conv_2', firstLine: null, at: null },
    ]);
    expect(fake.calls.filter((c) => c.startsWith('conversationMessages'))).toHaveLength(2);
    await previews();
    expect(fake.calls.filter((c) => c.startsWith('conversationMessages'))).toHaveLength(2);
  });
});

type Opts = { priority?: LimiterPriority; signal?: AbortSignal; abortOnlyQueued?: boolean };

/** The fake service behind a limiter of `limit` calls per 10 s: a call waits for its slot, by priority, and a queued one is dropped when its signal aborts. */
function limited(fake: FakeService, limiter: RateLimiter): InboxDeps['api'] {
  const through =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const opts = args[args.length - 1] as Opts;
      const at = await limiter.acquire({ ...(opts.priority ? { priority: opts.priority } : {}), ...(opts.signal ? { signal: opts.signal } : {}) });
      try {
        return await call(...args);
      } finally {
        limiter.completed(at);
      }
    };
  const api: BackgroundApi = fake.api;
  return {
    searchConversations: through(api.searchConversations),
    leadById: through(api.leadById),
    campaigns: through(api.campaigns),
    conversationMessages: through(api.conversationMessages),
  };
}

let limiter: RateLimiter;
/** The rest of the team spends the window: the calls after these wait for a slot. */
const teamSpends = async (calls: number) => {
  for (let i = 0; i < calls; i++) await limiter.acquire({ priority: 'user' });
};

const ids = (from: number, to: number, prefix = 'conv') => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}_${from + i}`);
const messageCalls = () => fake.calls.filter((c) => c.startsWith('conversationMessages'));
const handle = <K extends keyof Inbox['handlers']>(type: K, req: Omit<Parameters<Inbox['handlers'][K]>[0], 'type'>) =>
  (inbox.handlers[type] as (r: unknown, ctx: object) => Promise<unknown>)({ type, ...req }, {});

/**
 * The queue's row calls belong to the screen that asked (a view switch waited behind the previews
 * of rows no longer on screen). The handler runs here over the real rate limiter: the fake service
 * sees only the calls the limiter let go, in the order it let them go.
 */
describe('inbox rows belong to their screen', () => {
  beforeEach(() => {
    for (let i = 31; i <= 40; i++) {
      fake.leads.set(`lead_${i}`, lead(`lead_${i}`, `person-${i}`));
      fake.conversations.set(`conv_${i}`, conversation(`conv_${i}`, `lead_${i}`, { status: 'SNOOZED', snoozeUntil: clock.now() + 86_400_000 }));
    }
    // A window of 10 calls: two screens of rows cannot all go at once.
    limiter = createSlidingWindowLimiter({ limit: 10, windowMs: 10_000, clock });
    inbox = build(limited(fake, limiter));
  });

  it('a view switch drops the previews and look-ups still queued for the rows it left: the new view\'s search goes first, the dropped calls never go', async () => {
    await handle('inbox-page', { view: 'waiting', screen: 'a', lookUp: 10 });
    const leads = handle('inbox-leads', { leadIds: ids(1, 10, 'lead'), screen: 'a' });
    const previews = handle('inbox-previews', { conversationIds: ids(1, 20), screen: 'a' });
    await flush();
    // The window is spent: the search and nine rows' calls went, the rest wait for a slot.
    expect(fake.calls).toHaveLength(10);
    const looked = fake.calls.filter((c) => c.startsWith('leadById')).length;
    const previewed = messageCalls().length;
    expect(looked + previewed).toBe(9);

    await handle('inbox-leave', { screen: 'a' });
    const snoozed = handle('inbox-page', { view: 'snoozed', screen: 'b' }) as Promise<{ rows: { conversationId: string }[] }>;
    await clock.advance(10_000);
    expect((await snoozed).rows.map((r) => r.conversationId)).toEqual(ids(31, 40));
    // The search went first once the window had room; nothing of screen a went after it.
    expect(fake.calls.slice(10)).toEqual([expect.stringMatching(/^searchConversations/)]);
    await clock.advance(60_000);
    expect(fake.calls).toHaveLength(11);
    // The rows left get what came back before the switch and nothing else; no call fails the reply.
    expect((await leads) as unknown[]).toHaveLength(looked);
    expect((await previews) as unknown[]).toHaveLength(previewed);
  });

  it('a call already sent when its screen is left is answered and kept: the next screen showing that row costs no call', async () => {
    fake.messages.set('conv_1', [{ id: 'm1', conversationId: 'conv_1', direction: 'RECEIVED', channel: 'EMAIL', status: 'RECEIVED', content: 'Tuesday works', createdAt: clock.now() - 1000 }]);
    const hold = fake.hold('conversationMessages');
    const left = handle('inbox-previews', { conversationIds: ['conv_1'], screen: 'a' });
    await flush();
    expect(messageCalls()).toHaveLength(1);
    await handle('inbox-leave', { screen: 'a' });
    hold.release();
    expect(await left).toEqual([]);
    expect(await handle('inbox-previews', { conversationIds: ['conv_1'], screen: 'b' })).toEqual([{ conversationId: 'conv_1', firstLine: 'Tuesday works', at: clock.now() - 1000 }]);
    expect(messageCalls()).toHaveLength(1);
  });

  it('previews asked again for the same rows share one call, caching or not; leaving one screen keeps the call another still waits for', async () => {
    caching = false;
    await teamSpends(10);
    const a = handle('inbox-previews', { conversationIds: ['conv_1', 'conv_2'], screen: 'a' });
    const b = handle('inbox-previews', { conversationIds: ['conv_2', 'conv_3'], screen: 'b' });
    await flush();
    await handle('inbox-leave', { screen: 'a' });
    await clock.advance(20_000);
    expect(((await b) as { conversationId: string }[]).map((p) => p.conversationId)).toEqual(['conv_2', 'conv_3']);
    expect(await a).toEqual([]);
    // conv_1 was dropped (only screen a wanted it); conv_2 went once for both screens.
    expect(messageCalls().sort()).toEqual(['conversationMessages conv_2', 'conversationMessages conv_3']);
  });

  it('every panel closed drops every screen\'s queued calls; a request for a screen already left starts nothing', async () => {
    await teamSpends(10);
    const a = handle('inbox-previews', { conversationIds: ids(1, 5), screen: 'a' });
    await flush();
    inbox.leaveAll();
    expect(await a).toEqual([]);
    expect(await handle('inbox-previews', { conversationIds: ids(6, 8), screen: 'a' })).toEqual([]);
    await clock.advance(20_000);
    expect(messageCalls()).toEqual([]);
  });
});
