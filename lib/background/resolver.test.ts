import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProfileCache } from '../store/cache';
import { openCompanionDb, type CompanionDb } from '../store/db';
import { conversation, fakeService, flush, lead, manualClock, type FakeService, type ManualClock } from '../../test/unit/background/fakes';
import { createResolver, type ResolverOptions } from './resolver';

const ADA = 'https://www.pronet.example/in/ada-lovelace/';
const NOBODY = 'https://www.pronet.example/in/margaret-hamilton/';

let n = 0;
let db: CompanionDb;
let clock: ManualClock;
let service: FakeService;

function resolver(extra: Partial<ResolverOptions> = {}) {
  return createResolver({ api: service.api, cache: createProfileCache(db), clock, freshMs: 60_000, noLeadFreshMs: 15_000, ...extra });
}

beforeEach(async () => {
  n += 1;
  db = await openCompanionDb(`resolver-test-${n}`);
  clock = manualClock();
  service = fakeService(() => clock.now());
  service.leads.set('lead_1', lead('lead_1', 'ada-lovelace'));
  service.conversations.set('c1', conversation('c1', 'lead_1'));
});
afterEach(() => db.close());

describe('resolver', () => {
  it('resolves a profile with two calls and caches it as fresh', async () => {
    const r = resolver();
    const entry = await r.resolve(ADA);
    expect(entry.lead?.id).toBe('lead_1');
    expect(entry.conversations.map((c) => c.id)).toEqual(['c1']);
    expect(service.calls).toEqual([`searchLead ${ADA}`, 'leadConversations lead_1']);
    expect(await r.peek(ADA)).toMatchObject({ fresh: true });
  });

  it('turns stale after a while, and "no lead" much sooner', async () => {
    const r = resolver();
    await r.resolve(ADA);
    await r.resolve(NOBODY);
    expect(service.calls).toEqual([`searchLead ${ADA}`, 'leadConversations lead_1', `searchLead ${NOBODY}`]);
    await clock.advance(20_000);
    expect((await r.peek(NOBODY))?.fresh).toBe(false);
    expect((await r.peek(ADA))?.fresh).toBe(true);
    await clock.advance(45_000);
    expect((await r.peek(ADA))?.fresh).toBe(false);
    expect((await r.peek(ADA))?.entry.lead?.id).toBe('lead_1');
  });

  it('coalesces identical resolutions in flight', async () => {
    const r = resolver();
    const hold = service.hold('searchLead');
    const a = r.resolve(ADA);
    const b = r.resolve(ADA);
    await flush();
    hold.release();
    const [ea, eb] = await Promise.all([a, b]);
    expect(ea).toEqual(eb);
    expect(service.calls).toEqual([`searchLead ${ADA}`, 'leadConversations lead_1']);
  });

  it('cancels the shared work only when every caller has left', async () => {
    const r = resolver();
    const hold = service.hold('searchLead');
    const left = new AbortController();
    const stays = new AbortController();
    const a = r.resolve(ADA, { signal: left.signal });
    const b = r.resolve(ADA, { signal: stays.signal });
    left.abort();
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    hold.release();
    await expect(b).resolves.toMatchObject({ leadId: 'lead_1' });

    const hold2 = service.hold('searchLead');
    const gone = new AbortController();
    let seenSignal: AbortSignal | undefined;
    const search = service.api.searchLead;
    service.api.searchLead = (url, opts) => {
      seenSignal = opts.signal;
      return search(url, opts);
    };
    const c = r.resolve(NOBODY, { signal: gone.signal });
    await flush();
    gone.abort();
    await expect(c).rejects.toMatchObject({ name: 'AbortError' });
    expect(seenSignal?.aborted).toBe(true);
    hold2.release();
  });

  it('with caching off, finds nothing in the cache and shares nothing', async () => {
    const r = resolver({ cachingEnabled: () => false });
    await r.resolve(ADA);
    expect(await r.peek(ADA)).toBeNull();
    await Promise.all([r.resolve(ADA), r.resolve(ADA)]);
    expect(service.calls.filter((c) => c.startsWith('searchLead'))).toHaveLength(3);
  });
});

describe('resolver: several leads for one profile', () => {
  const choices = new Map<string, string>();
  const withChoices = () => resolver({ choices: { get: async (url) => choices.get(url) } });

  beforeEach(() => {
    choices.clear();
    service.leads.set('lead_2', { ...lead('lead_2', 'ada-lovelace'), createdAt: 5 });
  });

  it('lists each lead with its number of conversations and picks none until the user chooses', async () => {
    const entry = await withChoices().resolve(ADA);
    expect(entry.lead).toBeNull();
    expect(entry.leadId).toBeUndefined();
    expect(entry.candidates?.map((c) => [c.lead.id, c.conversations])).toEqual([
      ['lead_1', 1],
      ['lead_2', 0],
    ]);
    expect(service.calls).toEqual([`searchLead ${ADA}`, 'leadConversations lead_1', 'leadConversations lead_2']);
  });

  it('resolves to the lead chosen for the profile, with its conversations and activity, keeping the others listed', async () => {
    choices.set(ADA, 'lead_2');
    const entry = await withChoices().resolve(ADA);
    expect([entry.lead?.id, entry.leadId, entry.conversations, entry.candidates?.length]).toEqual(['lead_2', 'lead_2', [], 2]);
    expect(service.calls.at(-1)).toBe('searchLead lead_2');
  });

  it('ignores a remembered choice that is no longer one of the leads', async () => {
    choices.set(ADA, 'lead_gone');
    expect((await withChoices().resolve(ADA)).lead).toBeNull();
  });
});

describe('resolver: batches (list badges)', () => {
  const GRACE = 'https://www.pronet.example/in/grace-hopper/';
  beforeEach(() => {
    service.leads.set('lead_2', lead('lead_2', 'grace-hopper'));
    service.conversations.set('c2', conversation('c2', 'lead_2'));
    service.conversations.set('c3', conversation('c3', 'lead_2'));
  });

  it('asks a lead search per profile and ONE conversation search for all the leads found', async () => {
    const r = resolver();
    const entries = await Promise.all(r.resolveMany([{ profileUrl: ADA }, { profileUrl: GRACE }, { profileUrl: NOBODY }], { priority: 'list' }));
    expect(entries.map((e) => e.lead?.id ?? null)).toEqual(['lead_1', 'lead_2', null]);
    expect(entries.map((e) => e.conversations.map((c) => c.id).sort())).toEqual([['c1'], ['c2', 'c3'], []]);
    expect(service.calls).toEqual([`searchLead ${ADA}`, `searchLead ${GRACE}`, `searchLead ${NOBODY}`, 'leadsConversations lead_1,lead_2']);
    expect(await r.peek(GRACE)).toMatchObject({ fresh: true });
  });

  it('without the batched search, asks lead by lead (the one-by-one way)', async () => {
    const { leadsConversations: _batched, ...oneByOne } = service.api;
    const r = resolver({ api: oneByOne });
    await Promise.all(r.resolveMany([{ profileUrl: ADA }, { profileUrl: GRACE }]));
    expect(service.calls.filter((c) => c.startsWith('lead'))).toEqual(['leadConversations lead_1', 'leadConversations lead_2']);
  });

  it('joins a resolution in flight (the panel\'s) instead of asking again; the panel joins the batch', async () => {
    const r = resolver();
    const hold = service.hold('searchLead');
    const panel = r.resolve(ADA);
    const batch = r.resolveMany([{ profileUrl: ADA }, { profileUrl: GRACE }]);
    const again = r.resolve(GRACE);
    await flush();
    hold.release();
    const [a, g, g2] = await Promise.all([panel, batch[1]!, again]);
    expect(a.lead?.id).toBe('lead_1');
    expect(g.lead?.id).toBe('lead_2');
    expect(g2).toEqual(g);
    expect(service.calls.filter((c) => c.startsWith('searchLead'))).toEqual([`searchLead ${ADA}`, `searchLead ${GRACE}`]);
    expect(service.calls).toContain('leadsConversations lead_2');
  });

  it('a user joining a list batch raises its calls and does not wait for the batch\'s conversation search', async () => {
    const r = resolver();
    const priorities: unknown[] = [];
    const search = service.api.searchLead;
    service.api.searchLead = (query, opts) => {
      priorities.push(opts.priority);
      return search(query, opts);
    };
    const hold = service.hold('leadsConversations');
    const [, grace] = r.resolveMany([{ profileUrl: ADA }, { profileUrl: GRACE }], { priority: 'list' });
    await flush();
    const panel = await r.resolve(ADA, { priority: 'user' });
    expect(panel.conversations.map((c) => c.id)).toEqual(['c1']);
    expect(priorities.map((p) => (p as { current: string }).current)).toEqual(['user', 'list']);
    expect(service.calls).toContain('leadConversations lead_1');
    hold.release();
    expect((await grace!).conversations).toHaveLength(2);
  });

  it('a hastened resolution (the pointer rests on a link) stays list work, goes ahead, and joins a batch without waiting for its conversation search', async () => {
    const r = resolver();
    const seen: { current: string; ahead: boolean }[] = [];
    const conversations = service.api.leadConversations;
    service.api.leadConversations = (id, opts) => {
      const p = opts.priority as { current: string; ahead: boolean };
      seen.push({ current: p.current, ahead: p.ahead });
      return conversations(id, opts);
    };
    const hold = service.hold('leadsConversations');
    const [, grace] = r.resolveMany([{ profileUrl: ADA }, { profileUrl: GRACE }], { priority: 'list' });
    await flush();
    const hovered = await r.resolve(ADA, { priority: 'list', ahead: true });
    expect(hovered.conversations.map((c) => c.id)).toEqual(['c1']);
    expect(seen).toEqual([{ current: 'list', ahead: true }]);
    expect(await r.peek(ADA)).toMatchObject({ fresh: true });
    hold.release();
    expect((await grace!).conversations).toHaveLength(2);
  });

  it('a profile given up stops its own lookup; the others of the batch go on', async () => {
    const r = resolver();
    const hold = service.hold('searchLead');
    const gone = new AbortController();
    const [ada, grace] = r.resolveMany([{ profileUrl: ADA, signal: gone.signal }, { profileUrl: GRACE }]);
    gone.abort();
    await expect(ada).rejects.toBeDefined();
    hold.release();
    expect((await grace!).lead?.id).toBe('lead_2');
  });
});

describe('resolver: a look-up left while on the wire', () => {
  it('a profile scrolled away while its look-up is on the wire, and back before the answer: that answer serves it, one search', async () => {
    const r = resolver();
    const hold = service.hold('searchLead');
    const gone = new AbortController();
    const [first] = r.resolveMany([{ profileUrl: NOBODY, signal: gone.signal }], { priority: 'list' });
    await flush();
    gone.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    const [back] = r.resolveMany([{ profileUrl: NOBODY, signal: new AbortController().signal }], { priority: 'list' });
    const panel = r.resolve(NOBODY, { priority: 'user' });
    hold.release();
    expect((await back!).lead).toBeFalsy();
    expect((await panel).lead).toBeFalsy();
    expect(service.calls.filter((c) => c.startsWith('searchLead'))).toEqual([`searchLead ${NOBODY}`]);
  });

  it('one that was dropped before it went out is asked again for the profile back on screen', async () => {
    const r = resolver();
    const hold = service.hold('searchLead');
    const search = service.api.searchLead;
    // The first search is queued, not sent: its abort drops it.
    let first = true;
    service.api.searchLead = (url, opts) => {
      if (!first) return search(url, opts);
      first = false;
      return new Promise((_, reject) => opts.signal?.addEventListener('abort', () => reject(new DOMException('dropped', 'AbortError'))));
    };
    const gone = new AbortController();
    const [dropped] = r.resolveMany([{ profileUrl: NOBODY, signal: gone.signal }], { priority: 'list' });
    await flush();
    gone.abort();
    await expect(dropped).rejects.toMatchObject({ name: 'AbortError' });
    const [back] = r.resolveMany([{ profileUrl: NOBODY, signal: new AbortController().signal }], { priority: 'list' });
    await flush();
    hold.release();
    expect((await back!).lead).toBeFalsy();
    expect(service.calls.filter((c) => c.startsWith('searchLead'))).toEqual([`searchLead ${NOBODY}`]);
  });
});

describe('resolver: invalidate (a mutation landed while a look-up was on its way)', () => {
  it('work asked before the change is neither joined by a later caller nor stored', async () => {
    const r = resolver();
    const hold = service.hold('searchLead');
    const [stale] = r.resolveMany([{ profileUrl: NOBODY }]);
    await flush();
    r.invalidate(NOBODY);
    const fresh = r.resolve(NOBODY);
    await flush();
    expect(service.calls.filter((c) => c.startsWith('searchLead'))).toEqual([`searchLead ${NOBODY}`, `searchLead ${NOBODY}`]);
    hold.release();
    await stale;
    await fresh;
    // Only the look-up asked after the change wrote the cache (once, with its own fetch time).
    expect(service.calls.filter((c) => c.startsWith('searchLead'))).toHaveLength(2);
    expect(await r.peek(NOBODY)).not.toBeNull();
  });

  it('a batch answer asked before the change does not overwrite the cache', async () => {
    const r = resolver();
    const hold = service.hold('searchLead');
    const [stale] = r.resolveMany([{ profileUrl: NOBODY }]);
    await flush();
    r.invalidate(NOBODY);
    hold.release();
    await stale;
    expect(await r.peek(NOBODY)).toBeNull();
  });
});

describe('resolver: profiles linked by hand', () => {
  const links = new Map<string, string>();
  const withLinks = () => resolver({ links: { get: async (url) => (links.has(url) ? { profileUrl: url, leadId: links.get(url)!, name: 'x', linkedAt: 0 } : undefined) } });
  beforeEach(() => {
    links.clear();
    service.leads.set('lead_j', lead('lead_j', 'joan-clarke', { firstname: 'Joan', lastname: 'Clarke', pronetUrl: null }));
  });

  it('a linked profile resolves to its lead by id (one search, marked linked), in a batch too', async () => {
    links.set(NOBODY, 'lead_j');
    const r = withLinks();
    const entry = await r.resolve(NOBODY);
    expect(entry).toMatchObject({ leadId: 'lead_j', linked: true });
    expect(service.calls).toEqual(['searchLead lead_j', 'leadConversations lead_j']);
    r.invalidate(NOBODY);
    const [batched] = r.resolveMany([{ profileUrl: NOBODY }]);
    expect(await batched).toMatchObject({ leadId: 'lead_j', linked: true });
  });

  it('a link to a lead that is gone gives way to the URL', async () => {
    links.set(ADA, 'lead_gone');
    const entry = await withLinks().resolve(ADA);
    expect(entry.leadId).toBe('lead_1');
    expect(entry.linked).toBeUndefined();
    expect(service.calls).toEqual(['searchLead lead_gone', `searchLead ${ADA}`, 'leadConversations lead_1']);
  });
});
