import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import type { Audience } from '../../api/schemas';
import type { CacheEntry, OutboxAction, OutboxRecord } from '../../store/db';
import type { MetaStore } from '../../store/meta';
import type { OutboxItemView, ThisPageView } from '../../views';
import { flush, lead, manualClock } from '../../../test/unit/background/fakes';
import { listAddress } from '../../pronet/search-address';
import { importMayHaveReached, searchImports, type PageRead } from './search-import';

const SEARCH = 'http://pronet.localhost:8787/search/results/people/?keywords=cto&page=2';
const url = (slug: string) => `https://www.pronet.example/in/${slug}/`;

function setup(page: PageRead | null = { pageUrl: SEARCH, statedCount: 25, people: [{ profileUrl: url('a') }, { profileUrl: url('b') }] }) {
  const clock = manualClock();
  const values = new Map<string, unknown>();
  const meta: MetaStore = { get: async <T,>(k: string) => values.get(k) as T | undefined, set: async (k, v) => void values.set(k, structuredClone(v)) };
  const queued: OutboxAction[] = [];
  const records: OutboxRecord[] = [];
  const audiences: Audience[] = [];
  const reads: string[] = [];
  const cache = new Map<string, CacheEntry>([
    [url('a'), { profileUrl: url('a'), lead: null, conversations: [], fetchedAt: 0 }],
    [url('b'), { profileUrl: url('b'), leadId: 'lead_b', lead: lead('lead_b', 'b'), conversations: [], fetchedAt: 0 }],
  ]);
  const lookedUp: string[][] = [];
  let changes = 0;
  const imports = searchImports({
    api: {
      audiences: async (opts) => {
        reads.push(`audiences ${opts.priority}`);
        return audiences.map((a) => ({ ...a }));
      },
      audience: async (id, opts) => {
        reads.push(`audience ${id} ${opts.priority}`);
        const a = audiences.find((x) => x.id === id);
        if (!a) throw new ApiError('getAudience', 404, `No audience ${id}.`);
        return { ...a };
      },
    },
    enqueue: async (action) => {
      queued.push(action);
      return { id: String(queued.length) } as OutboxItemView;
    },
    outbox: { list: async () => records },
    resolver: {
      peek: async (u) => (cache.has(u) ? { entry: cache.get(u)!, fresh: true } : null),
      invalidate: () => undefined,
      resolveMany: (items) => {
        lookedUp.push(items.map((i) => i.profileUrl));
        return items.map((i) => Promise.resolve(cache.get(i.profileUrl)!));
      },
    },
    meta,
    clock,
    timers: clock,
    keyUsable: () => true,
    pageOf: async () => page,
    view: async () => ({ pageUrl: SEARCH, people: [], batch: null }) as ThisPageView,
    changed: () => void (changes += 1),
    newId: () => 'imp_1',
  });
  const press = (extra: Partial<Parameters<(typeof imports.handlers)['this-page-import']>[0]> = {}) =>
    imports.handlers['this-page-import']({ type: 'this-page-import', tabId: 3, audience: ' CTOs ', identityId: 'idt_1', excludeContactedLeads: true, autoImport: false, ...extra }, {});
  const latest = async () => (await imports.viewOf(3, page!))?.latest;
  return { clock, imports, queued, records, audiences, reads, lookedUp, press, latest, changes: () => changes };
}

describe('import all results', () => {
  it('the search is its address without its results page', () => {
    expect(listAddress(SEARCH)).toBe('http://pronet.localhost:8787/search/results/people/?keywords=cto');
  });

  it('looks a results page up again only once the import may have reached it (the service walks the pages in order)', () => {
    const people = Array.from({ length: 10 }, (_, k) => ({ profileUrl: url(`p${k}`) }));
    const on = (pageUrl: string) => ({ pageUrl, people });
    expect(importMayHaveReached(on('http://pronet.localhost/search/results/people/'), 1)).toBe(true);
    expect(importMayHaveReached(on('http://pronet.localhost/search/results/people/'), 0)).toBe(false);
    expect(importMayHaveReached(on('http://pronet.localhost/search/results/people/?page=3'), 20)).toBe(false);
    expect(importMayHaveReached(on('http://pronet.localhost/search/results/people/?page=3'), 21)).toBe(true);
  });

  it('one press queues ONE import of the whole search, and the view says what the page states', async () => {
    const t = setup();
    await t.press();
    expect(t.queued).toEqual([{ kind: 'import-audience', importId: 'imp_1', audience: 'CTOs', pronetUrl: listAddress(SEARCH), identityId: 'idt_1', excludeContactedLeads: true, autoImport: false }]);
    t.records.push({ id: 1, kind: 'import-audience', state: 'pending', error: null } as OutboxRecord);
    const view = await t.imports.viewOf(3, { pageUrl: SEARCH, statedCount: 25, people: [] });
    expect(view).toMatchObject({ source: { kind: 'search', tool: 'network', keywords: 'cto', statedCount: 25 }, lastIdentityId: 'idt_1', latest: { state: 'queued', audience: 'CTOs', imported: null, expected: 25 } });
  });

  it('a page that is no search or post offers nothing, and refuses the press', async () => {
    const t = setup({ pageUrl: 'http://pronet.localhost:8787/company/acme/', people: [] });
    expect(await t.imports.viewOf(3, { pageUrl: 'http://pronet.localhost:8787/company/acme/', people: [] })).toBeUndefined();
    await expect(t.press()).rejects.toThrow();
    expect(t.queued).toEqual([]);
  });

  it('once it landed, follows the audience at list priority until it holds the stated count; looks the page up again after a growth', async () => {
    const t = setup();
    await t.press();
    t.records.length = 0;
    t.audiences.push({ id: 'aud_9', name: 'ctos', description: '', size: 0, type: 'PRONET_SEARCH', sourceUrl: listAddress(SEARCH) });
    await t.imports.applied({ kind: 'import-audience', importId: 'imp_1' } as OutboxRecord, { kind: 'import', audienceId: null });
    await t.clock.advance(0);
    // A new audience: found by name first, then read by id.
    expect(t.reads).toEqual(['audiences list']);
    expect(await t.latest()).toMatchObject({ state: 'following', imported: 0 });
    t.audiences[0]!.size = 10;
    await t.clock.advance(4_000);
    expect(t.reads).toEqual(['audiences list', 'audience aud_9 list']);
    expect(await t.latest()).toMatchObject({ state: 'following', imported: 10, expected: 25 });
    await flush();
    // Only the page's people known as no lead are looked up again.
    expect(t.lookedUp).toEqual([[url('a')]]);
    t.audiences[0]!.size = 25;
    await t.clock.advance(4_000);
    expect(await t.latest()).toMatchObject({ state: 'done', imported: 25 });
    const readsDone = t.reads.length;
    await t.clock.advance(120_000);
    expect(t.reads).toHaveLength(readsDone);
  });

  it('an audience gone while followed (404) ends the following', async () => {
    const t = setup();
    await t.press();
    t.records.length = 0;
    await t.imports.applied({ kind: 'import-audience', importId: 'imp_1' } as OutboxRecord, { kind: 'import', audienceId: 'aud_gone' });
    await t.clock.advance(0);
    expect(await t.latest()).toMatchObject({ state: 'done' });
    const reads = t.reads.length;
    await t.clock.advance(120_000);
    expect(t.reads).toHaveLength(reads);
  });

  it('a failed import record says failed, with why', async () => {
    const t = setup();
    await t.press();
    t.records.push({ id: 1, kind: 'import-audience', state: 'failed', error: { code: 'bad-request', reason: 'import-unconfirmed' } } as OutboxRecord);
    expect(await t.latest()).toMatchObject({ state: 'failed', error: { reason: 'import-unconfirmed' } });
  });

  it('a record gone from the outbox that never said it landed (a stopped worker) is followed by the next worker', async () => {
    const t = setup();
    await t.press();
    t.audiences.push({ id: 'aud_9', name: 'CTOs', description: '', size: 5, type: 'PRONET_SEARCH', sourceUrl: null });
    expect(await t.latest()).toMatchObject({ state: 'sent' });
    await t.clock.advance(0);
    expect(await t.latest()).toMatchObject({ state: 'following', imported: 5 });
  });
});
