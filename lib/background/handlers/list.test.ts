import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../settings';
import { createProfileCache, type ProfileCache } from '../../store/cache';
import { openCompanionDb, type CompanionDb } from '../../store/db';
import type { ListBadge } from '../../views';
import { conversation, fakeService, flush, lead, manualClock, type FakeService, type ManualClock } from '../../../test/unit/background/fakes';
import { createResolver } from '../resolver';
import { listHandlers } from './list';

const ADA = 'https://www.pronet.example/in/ada-lovelace/';
const NOBODY = 'https://www.pronet.example/in/margaret-hamilton/';

let n = 0;
let db: CompanionDb;
let cache: ProfileCache;
let clock: ManualClock;
let service: FakeService;
let settings: Settings;
let pushed: [number, ListBadge[]][];

function setup(keyUsable: () => boolean = () => true) {
  const resolver = createResolver({ api: service.api, cache, clock });
  return listHandlers({ resolver, clock, keyUsable, settings: () => settings, push: (tabId, badges) => pushed.push([tabId, badges]) });
}

beforeEach(async () => {
  n += 1;
  db = await openCompanionDb(`list-test-${n}`);
  cache = createProfileCache(db);
  clock = manualClock();
  service = fakeService(() => clock.now());
  service.leads.set('lead_1', lead('lead_1', 'ada-lovelace'));
  service.conversations.set('c1', conversation('c1', 'lead_1', { leadReplied: true }));
  settings = { ...DEFAULT_SETTINGS };
  pushed = [];
});
afterEach(() => db.close());

describe('list handlers', () => {
  it('looks up the profiles a tab listed before the key could be used once it can, and pushes their badges (they came only after a reload)', async () => {
    let usable = false;
    const { handlers, feed } = setup(() => usable);
    expect(await handlers['list-badges']({ type: 'list-badges', urls: [ADA, NOBODY] }, { tabId: 3 })).toEqual([]);
    await handlers['list-badges']({ type: 'list-badges', urls: [ADA] }, { tabId: 4 });
    feed.notify();
    await flush();
    expect(service.calls).toEqual([]);
    // The key saved (and accepted): the service tells the feed.
    usable = true;
    feed.notify();
    await flush();
    expect(service.calls.filter((c) => c.startsWith('searchLead')).sort()).toEqual([`searchLead ${ADA}`, `searchLead ${NOBODY}`]);
    const badges = pushed.flatMap(([tabId, list]) => list.map((b) => `${tabId} ${b.profileUrl} ${b.kind}`));
    expect(badges.sort()).toEqual([`3 ${ADA} lead`, `3 ${NOBODY} no-lead`, `4 ${ADA} lead`]);
    // Looked up once: a later change of the cache asks nothing more.
    const calls = service.calls.length;
    feed.notify();
    await flush();
    expect(service.calls).toHaveLength(calls);
  });

  it('resolves the listed profiles in one batch and pushes their badges; a second ask answers from the cache', async () => {
    const { handlers } = setup();
    // Any address form of a profile: the background canonicalises again.
    const first = await handlers['list-badges']({ type: 'list-badges', urls: ['http://pronet.localhost:8787/in/Ada-Lovelace?trk=x', NOBODY, 'https://evil.example/in/x/'] }, { tabId: 3 });
    expect(first).toEqual([]);
    await flush();
    expect(service.calls).toEqual([`searchLead ${ADA}`, `searchLead ${NOBODY}`, 'leadsConversations lead_1']);
    const badges = pushed.flatMap(([tabId, list]) => list.map((b) => [tabId, b.profileUrl, b.kind, b.status ?? null, b.replied ?? null]));
    expect(badges).toEqual(
      expect.arrayContaining([
        [3, ADA, 'lead', 'OPEN', true],
        [3, NOBODY, 'no-lead', null, null],
      ]),
    );
    const again = await handlers['list-badges']({ type: 'list-badges', urls: [ADA, NOBODY] }, { tabId: 3 });
    expect(again.map((b) => b.profileUrl)).toEqual([ADA, NOBODY]);
    expect(service.calls).toHaveLength(3);
  });

  it('pushes a badge again only when what it shows changed', async () => {
    const { handlers, feed } = setup();
    await handlers['list-badges']({ type: 'list-badges', urls: [ADA] }, { tabId: 3 });
    await flush();
    pushed = [];
    feed.notify();
    await new Promise((r) => setTimeout(r, 5));
    expect(pushed).toEqual([]);
    await cache.patchConversation('lead_1', 'c1', { status: 'ARCHIVED' });
    feed.notify();
    await new Promise((r) => setTimeout(r, 5));
    expect(pushed.map(([, list]) => list.map((b) => b.status))).toEqual([['ARCHIVED']]);
  });

  it('does nothing with badges or prefetch turned off, or from no tab', async () => {
    const { handlers } = setup();
    settings = { ...settings, listBadges: false, prefetchOnHover: false };
    expect(await handlers['list-badges']({ type: 'list-badges', urls: [ADA] }, { tabId: 3 })).toEqual([]);
    expect(await handlers['list-prefetch']({ type: 'list-prefetch', url: ADA }, { tabId: 3 })).toBeNull();
    await flush();
    expect(service.calls).toEqual([]);
    await expect(handlers['list-badges']({ type: 'list-badges', urls: [ADA] }, {})).rejects.toThrow();
  });

  it('prefetches a profile at once, and not again while it is fresh', async () => {
    const { handlers } = setup();
    await handlers['list-prefetch']({ type: 'list-prefetch', url: 'http://pronet.localhost:8787/in/ada-lovelace/' }, { tabId: 3 });
    await handlers['list-prefetch']({ type: 'list-prefetch', url: ADA }, { tabId: 3 });
    await flush();
    expect(service.calls).toEqual([`searchLead ${ADA}`, 'leadConversations lead_1']);
    await handlers['list-prefetch']({ type: 'list-prefetch', url: ADA }, { tabId: 3 });
    await flush();
    expect(service.calls).toHaveLength(2);
  });
});
