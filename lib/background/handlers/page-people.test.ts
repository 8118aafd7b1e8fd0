/**
 * A "This page" batch when the worker stops while the press is still putting its adds in the outbox:
 * the next worker finds the people never queued, reads each back, and queues only those the service
 * does not have (once). CI saw "1 of 2 added" with an empty outbox for good before this.
 */
import { describe, expect, it } from 'vitest';
import type { CacheEntry, OutboxAction, OutboxRecord } from '../../store/db';
import type { MetaStore } from '../../store/meta';
import type { OutboxItemView, ThisPageView } from '../../views';
import { flush, lead, manualClock } from '../../../test/unit/background/fakes';
import { ShedError } from '../../api/limiter-shedding';
import { pagePeople } from './page-people';

const TAB = 4;
const LIST = 'http://pronet.localhost:8787/search/results/people/';
const url = (slug: string) => `https://www.pronet.example/in/${slug}/`;

/** What survives a worker: the meta store, the outbox's records, and the service's leads. */
function world() {
  const values = new Map<string, unknown>();
  const meta: MetaStore = { get: async <T,>(k: string) => structuredClone(values.get(k)) as T | undefined, set: async (k, v) => void values.set(k, structuredClone(v)) };
  const records: OutboxRecord[] = [];
  /** The service's leads by address, with their audiences. */
  const leads = new Map<string, string[]>();
  const session = new Map<string, unknown>();
  return { meta, records, leads, session };
}

type World = ReturnType<typeof world>;

/** One worker's "This page"; `hangAfter`: its enqueues after that many never return (the worker stopped). */
function worker(w: World, hangAfter = Infinity) {
  const clock = manualClock();
  const queued: OutboxAction[] = [];
  const reads: string[] = [];
  const entry = (profileUrl: string): CacheEntry => {
    const audiences = w.leads.get(profileUrl);
    return audiences ? { profileUrl, leadId: `lead_${profileUrl}`, lead: { ...lead(`lead_${profileUrl}`, 'x'), audienceIds: audiences }, conversations: [], fetchedAt: 0 } : { profileUrl, lead: null, conversations: [], fetchedAt: 0 };
  };
  const page = pagePeople({
    resolver: {
      peek: async () => null,
      resolveMany: (items) => items.map(() => new Promise<CacheEntry>(() => undefined)),
      resolve: async (profileUrl) => {
        reads.push(profileUrl);
        return entry(profileUrl);
      },
      invalidate: () => undefined,
    },
    cache: { put: async () => undefined },
    enqueue: async (action) => {
      if (queued.length >= hangAfter) return new Promise<OutboxItemView>(() => undefined);
      queued.push(action);
      const id = w.records.length + 100;
      w.records.push({ ...action, id, state: 'queued', createdAt: 0, attempts: 0 } as unknown as OutboxRecord);
      return { id: String(id) } as OutboxItemView;
    },
    outbox: { list: async () => w.records, discard: async () => undefined },
    meta: w.meta,
    session: { get: async (k) => (w.session.has(k) ? { [k]: w.session.get(k) } : {}), set: async (items) => void Object.entries(items).forEach(([k, v]) => w.session.set(k, v)), remove: async () => undefined },
    clock,
    keyUsable: () => true,
    hosts: () => ['www.pronet.example'],
    newId: () => 'batch_1',
  });
  const view = () => page.handlers['this-page']({ type: 'this-page', tabId: TAB }, {}) as Promise<ThisPageView>;
  return { page, queued, reads, view };
}

const people = [
  { url: url('ana'), name: 'Ana One', company: 'Acme' },
  { url: url('bo'), name: 'Bo Two', company: 'Beta' },
  { url: url('cy'), name: 'Cy Three', company: 'Gamma' },
];

async function pressThenStop(w: World, hangAfter: number) {
  const first = worker(w, hangAfter);
  await first.page.handlers['page-people']({ type: 'page-people', pageUrl: LIST, people }, { tabId: TAB });
  void first.page.handlers['this-page-add']({ type: 'this-page-add', tabId: TAB, audience: 'CTOs', audienceId: 'aud_1', people }, {});
  await flush();
  return first;
}

describe('a batch whose press the worker did not finish', () => {
  it('the next worker queues the people never queued, once, after reading them back', async () => {
    const w = world();
    const first = await pressThenStop(w, 1);
    expect(first.queued.map((a) => 'profileUrl' in a && a.profileUrl)).toEqual([url('ana')]);
    // Ana's add landed and left the outbox; the stopped worker never wrote her result.
    w.records.splice(0);
    w.leads.set(url('ana'), ['aud_1']);

    const next = worker(w);
    await next.view();
    await flush();
    expect(next.reads.sort()).toEqual([url('ana'), url('bo'), url('cy')]);
    expect(next.queued.map((a) => 'profileUrl' in a && a.profileUrl)).toEqual([url('bo'), url('cy')]);
    const after = await next.view();
    await flush();
    expect(next.queued).toHaveLength(2);
    expect(after.batch).toMatchObject({ total: 3, added: 1 });
  });

  it('a record queued before the stop is the person\'s: nothing is queued again, nothing read', async () => {
    const w = world();
    await pressThenStop(w, 2);
    // Bo's record is in the outbox, but the stopped worker never noted it on Bo.
    const next = worker(w);
    await next.view();
    await flush();
    expect(next.queued.map((a) => 'profileUrl' in a && a.profileUrl)).toEqual([url('cy')]);
    expect(next.reads).toEqual([url('cy')]);
  });

  it('a person the service already has is Added, not queued again', async () => {
    const w = world();
    await pressThenStop(w, 1);
    w.leads.set(url('bo'), ['aud_1']);
    const next = worker(w);
    await next.view();
    await flush();
    expect(next.queued.map((a) => 'profileUrl' in a && a.profileUrl)).toEqual([url('cy')]);
  });

  it('while the press is still queuing in this worker, its view queues nothing twice', async () => {
    const w = world();
    const first = await pressThenStop(w, 1);
    await first.view();
    await flush();
    expect(first.queued).toHaveLength(1);
    expect(first.reads).toEqual([]);
  });
});

describe("a person's look-up shed while the key pushed back", () => {
  it('is asked again once the window passed, a few times at most, never in a loop', async () => {
    const w = world();
    const clock = manualClock();
    const asked: string[] = [];
    const page = pagePeople({
      resolver: {
        peek: async () => null,
        resolveMany: (items) =>
          items.map((i) => {
            asked.push(i.profileUrl);
            return Promise.reject(new ShedError());
          }),
        resolve: async (profileUrl) => ({ profileUrl, lead: null, conversations: [], fetchedAt: 0 }),
        invalidate: () => undefined,
      },
      cache: { put: async () => undefined },
      enqueue: async () => ({ id: '1' }) as OutboxItemView,
      outbox: { list: async () => [], discard: async () => undefined },
      meta: w.meta,
      session: { get: async () => ({}), set: async () => undefined, remove: async () => undefined },
      clock,
      timers: clock,
      keyUsable: () => true,
      hosts: () => ['www.pronet.example'],
      push: { view: () => undefined, wanted: () => undefined },
    });
    await page.handlers['page-people']({ type: 'page-people', pageUrl: LIST, people: [people[0]!] }, { tabId: TAB });
    page.watch(TAB);
    await flush();
    expect(asked).toEqual([url('ana')]);
    await clock.advance(10_000);
    await flush();
    expect(asked).toHaveLength(2);
    // Shed every time: five more asks, then no more, whatever time passes.
    for (let i = 0; i < 8; i += 1) {
      await clock.advance(10_000);
      await flush();
    }
    expect(asked).toHaveLength(6);
    expect(clock.pendingTimers()).toBe(0);
  });
});
