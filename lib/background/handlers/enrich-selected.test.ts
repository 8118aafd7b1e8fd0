/**
 * "Enrich the selected" (issue 43), the handler with fakes: each person once (same address, same name
 * and company), a person already being enriched not sent, results as they come from the enrichments
 * followed, and a worker stopped mid-press: a person whose record may exist is never queued again.
 */
import { describe, expect, it } from 'vitest';
import type { CacheEntry, OutboxAction, OutboxRecord } from '../../store/db';
import type { MetaStore } from '../../store/meta';
import type { OutboxItemView, ThisPageView } from '../../views';
import { flush, lead, manualClock } from '../../../test/unit/background/fakes';
import type { EnrichmentRecord } from '../enrichments';
import { enrichSelected } from './enrich-selected';

const TAB = 3;
const url = (slug: string) => `https://www.pronet.example/in/${slug}/`;

function world() {
  const values = new Map<string, unknown>();
  const meta: Pick<MetaStore, 'get' | 'set'> = { get: async <T,>(k: string) => structuredClone(values.get(k)) as T | undefined, set: async (k, v) => void values.set(k, structuredClone(v)) };
  return { meta, seq: { next: 100 }, records: [] as OutboxRecord[], followed: [] as EnrichmentRecord[], underWay: new Set<string>(), leads: new Map<string, string>() };
}
type World = ReturnType<typeof world>;

/** One worker; `hangAfter`: its enqueues after that many never return (the worker stopped). */
function worker(w: World, hangAfter = Infinity) {
  const queued: OutboxAction[] = [];
  let creditsDropped = 0;
  const enrich = enrichSelected({
    enqueue: async (action) => {
      if (queued.length >= hangAfter) {
        // The record was written, the worker stopped before its answer.
        w.records.push({ ...action, id: w.seq.next++, state: 'pending', createdAt: 0, attempts: 0, nextAttemptAt: 0, uncertain: false, error: null } as OutboxRecord);
        return new Promise<OutboxItemView>(() => undefined);
      }
      queued.push(action);
      const id = w.seq.next++;
      w.records.push({ ...action, id, state: 'pending', createdAt: 0, attempts: 0, nextAttemptAt: 0, uncertain: false, error: null } as OutboxRecord);
      return { id: String(id) } as OutboxItemView;
    },
    outbox: {
      list: async () => w.records,
      discard: async (id) => {
        const i = w.records.findIndex((r) => r.id === id);
        return i < 0 ? undefined : w.records.splice(i, 1)[0];
      },
    },
    resolver: {
      peek: async (profileUrl) => {
        const id = w.leads.get(profileUrl);
        return id ? { entry: { profileUrl, leadId: id, lead: lead(id, 'x'), conversations: [], fetchedAt: 0 } as CacheEntry, fresh: true } : null;
      },
    },
    meta: w.meta,
    hosts: () => [],
    keyUsable: () => true,
    clock: manualClock(),
    enrichments: {
      follow: async (r) => void w.followed.push({ ...r, requestedAt: 0, state: 'pending', checks: 0, nextCheckAt: 0, finishedAt: null, before: {}, found: {} }),
      all: () => w.followed,
      underWay: (t) => w.underWay.has('leadId' in t ? t.leadId : t.profileUrl),
    },
    creditsSpent: () => void (creditsDropped += 1),
    view: async (tabId) => ({ pageUrl: null, people: [], batch: null, ...(await enrichView(tabId)) }) as ThisPageView,
    newId: () => 'batch_1',
  });
  const enrichView = async (tabId: number) => {
    const v = await enrich.viewOf(tabId);
    return v ? { enrich: v } : {};
  };
  const press = (people: { url: string; name?: string; company?: string }[]) =>
    enrich.handlers['this-page-enrich']({ type: 'this-page-enrich', tabId: TAB, enrichType: 'EMAIL_ENRICH', people }, {}) as Promise<ThisPageView>;
  /** The outbox landed a record: the service took it, or its answer was lost. */
  const land = async (profileUrl: string, outcome: 'accepted' | 'unknown') => {
    const record = w.records.find((r) => r.kind === 'enrich-person' && r.profileUrl === profileUrl)!;
    w.records.splice(w.records.indexOf(record), 1);
    await enrich.applied(record, outcome === 'accepted' ? { kind: 'enrich-accepted', leadId: `lead_${profileUrl}`, enrichRequestId: `enr_${profileUrl}`, creditsSpent: 5 } : { kind: 'enrich-unknown' });
  };
  return { enrich, queued, press, land, credits: () => creditsDropped };
}

const people = [
  { url: url('ana'), name: 'Ana One', company: 'Acme' },
  { url: url('bo'), name: 'Bo Two', company: 'Beta' },
  { url: url('cy'), name: 'Cy Three', company: 'Gamma' },
];

describe('Enrich the selected: each person once', () => {
  it('one record per person; a row the service would merge, and a person already being enriched, are not sent', async () => {
    const w = world();
    w.underWay.add(url('cy'));
    w.leads.set(url('bo'), 'lead_bo');
    const { press, queued } = worker(w);
    const view = await press([...people, { url: url('ana-again'), name: 'ana one', company: 'ACME' }, { url: url('ana') }]);
    expect(queued).toEqual([
      { kind: 'enrich-person', batch: 'batch_1', profileUrl: url('ana'), enrichType: 'EMAIL_ENRICH', firstname: 'Ana', lastname: 'One', companyName: 'Acme' },
      { kind: 'enrich-person', batch: 'batch_1', profileUrl: url('bo'), enrichType: 'EMAIL_ENRICH', leadId: 'lead_bo', firstname: 'Bo', lastname: 'Two', companyName: 'Beta' },
    ]);
    expect(view.enrich).toMatchObject({ total: 2, enriched: 0, skipped: 1, sending: true });
    expect(view.enrich?.people.map((p) => p.state)).toEqual(['queued', 'queued', 'skipped']);
  });

  it('a person in another batch still in the outbox is not sent again', async () => {
    const w = world();
    await worker(w).press([people[0]!]);
    const second = worker(w);
    const view = await second.press([people[0]!, people[1]!]);
    expect(second.queued.map((a) => 'profileUrl' in a && a.profileUrl)).toEqual([url('bo')]);
    expect(view.enrich?.people.map((p) => p.state)).toEqual(['skipped', 'queued']);
  });

  it('results as they come: taken, then found; an answer lost shows "unknown"; a refusal shows why', async () => {
    const w = world();
    const { press, land, enrich, credits } = worker(w);
    await press(people);
    await land(url('ana'), 'accepted');
    await land(url('bo'), 'unknown');
    const refused = w.records.find((r) => r.kind === 'enrich-person' && r.profileUrl === url('cy'))!;
    refused.state = 'failed';
    refused.error = { code: 'bad-request', retryable: false, detail: 'EMAIL_ENRICH needs 5 credits; the balance is 2.' } as OutboxRecord['error'];
    let view = (await enrich.viewOf(TAB))!;
    expect(view.people.map((p) => p.state)).toEqual(['enriching', 'unknown', 'refused']);
    expect(view).toMatchObject({ total: 3, enriched: 1, unknown: 1, refused: 1, sending: false });
    expect(credits()).toBe(2);
    w.followed[0]!.state = 'done';
    w.followed[0]!.found = { proEmail: 'ana.one@acme.example' };
    view = (await enrich.viewOf(TAB))!;
    expect(view.people[0]).toMatchObject({ state: 'found', found: ['proEmail'] });
  });
});

/**
 * A worker stopped while its press was queuing (Ana queued and noted; Bo's record written, not noted;
 * Cy never queued); `meanwhile` changes the world; then the next worker's view: what it queued, and
 * the states it shows.
 */
async function stopThenNext(meanwhile: (w: World) => void = () => undefined) {
  const w = world();
  void worker(w, 1).press(people);
  await flush();
  await flush();
  expect(w.records.map((r) => 'profileUrl' in r && r.profileUrl)).toEqual([url('ana'), url('bo')]);
  meanwhile(w);
  const next = worker(w);
  await next.enrich.viewOf(TAB);
  await flush();
  await flush();
  const view = (await next.enrich.viewOf(TAB))!;
  return { queued: next.queued.map((a) => 'profileUrl' in a && a.profileUrl), states: view.people.map((p) => p.state) };
}

describe('pressed again after a refusal (402: nothing spent)', () => {
  it('the refused record leaves the outbox (it would hold the lane), the new batch sends the person once', async () => {
    const w = world();
    await worker(w).press([people[0]!]);
    const refused = w.records[0]!;
    refused.state = 'failed';
    const next = worker(w);
    await next.press([people[0]!]);
    expect(w.records.map((r) => r.id)).not.toContain(refused.id);
    expect(next.queued).toHaveLength(1);
    expect((await next.enrich.viewOf(TAB))?.people.map((p) => p.state)).toEqual(['queued']);
  });
});

describe('a worker stopped while the press was queuing', () => {
  it('a person whose record was written is noted, never queued twice; one never queued is queued once', async () => {
    expect(await stopThenNext()).toEqual({ queued: [url('cy')], states: ['queued', 'queued', 'queued'] });
  });

  it('a person marked queueing whose record is gone (it may have landed and spent): unknown, not queued again', async () => {
    // Bo's record landed and left the outbox while the worker stopped before its result was noted.
    expect(await stopThenNext((w) => w.records.splice(1, 1))).toEqual({ queued: [url('cy')], states: ['queued', 'unknown', 'queued'] });
  });
});
