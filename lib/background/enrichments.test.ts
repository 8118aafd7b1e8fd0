import { describe, expect, it } from 'vitest';
import type { EnrichStatus, Lead } from '../api/schemas';
import { lead, manualClock } from '../../test/unit/background/fakes';
import { contactsFound, createEnrichments, enrichCheckDelay, ENRICH_GIVE_UP_MS, type EnrichmentRecord, type EnrichmentsApi } from './enrichments';

function memoryMeta() {
  const values = new Map<string, unknown>();
  return {
    values,
    get: async <T,>(key: string) => structuredClone(values.get(key)) as T | undefined,
    set: async (key: string, value: unknown) => void values.set(key, structuredClone(value)),
  };
}

function scriptedApi(answers: Record<string, { status: EnrichStatus; lead?: Lead }[]>) {
  const calls: { id: string; priority: string; at: number }[] = [];
  let now = () => 0;
  const api: EnrichmentsApi = {
    async enrichStatus(id, opts) {
      calls.push({ id, priority: opts.priority, at: now() });
      const list = answers[id] ?? [];
      const next = list.length > 1 ? list.shift()! : list[0];
      if (!next) throw new Error('offline');
      return next;
    },
  };
  return { api, calls, setClock: (f: () => number) => (now = f) };
}

const margaret = lead('lead_mh', 'margaret-hamilton', { firstname: 'Margaret', lastname: 'Hamilton', proEmail: null });

describe('following an enrichment (GET /leads/enrich/{id})', () => {
  it('asks at idle priority with a growing delay while pending, then hands over what was found', async () => {
    const clock = manualClock();
    const found = { ...margaret, proEmail: 'margaret.hamilton@mit.example', phone: '+1 555 010 2030' };
    const service = scriptedApi({ enr_1: [{ status: 'pending' }, { status: 'pending' }, { status: 'completed', lead: found }] });
    service.setClock(clock.now);
    const finished: [EnrichmentRecord, Lead | null][] = [];
    const e = createEnrichments({ api: service.api, meta: memoryMeta(), clock, timers: clock, onChange: () => undefined, onFinished: (r, l) => void finished.push([structuredClone(r), l]) });
    await e.start();
    await e.track({ id: 'enr_1', enrichType: 'FULL_ENRICH', leadId: 'lead_mh', profileUrl: null, before: margaret });
    expect(e.all()[0]?.state).toBe('pending');

    await clock.advance(10 * 60_000);
    const start = clock.now() - 10 * 60_000;
    expect(service.calls.map((c) => c.priority)).toEqual(['idle', 'idle', 'idle']);
    // 15 s after the request, then 30 s, then 60 s later: never a loop.
    expect(service.calls.map((c) => c.at - start)).toEqual([enrichCheckDelay(0), enrichCheckDelay(0) + enrichCheckDelay(1), enrichCheckDelay(0) + enrichCheckDelay(1) + enrichCheckDelay(2)]);
    expect(finished).toHaveLength(1);
    expect(finished[0]![0]).toMatchObject({ state: 'done', leadId: 'lead_mh', found: { proEmail: 'margaret.hamilton@mit.example', phone: '+1 555 010 2030' } });
    expect(finished[0]![1]?.proEmail).toBe('margaret.hamilton@mit.example');
    // Once finished, nothing more is asked.
    await clock.advance(60 * 60_000);
    expect(service.calls).toHaveLength(3);
  });

  it('goes on after a worker restart: the request is kept, and the new worker asks when it is due', async () => {
    const meta = memoryMeta();
    const clock = manualClock();
    const service = scriptedApi({ enr_2: [{ status: 'enriched', lead: { ...margaret, proEmail: 'mh@mit.example' } }] });
    service.setClock(clock.now);
    const first = createEnrichments({ api: service.api, meta, clock, timers: clock, onChange: () => undefined, onFinished: () => undefined });
    await first.start();
    await first.track({ id: 'enr_2', enrichType: 'EMAIL_ENRICH', leadId: null, profileUrl: 'https://www.pronet.example/in/margaret-hamilton/' });
    // The worker stops before the first look.
    first.stop();
    await clock.advance(5 * 60_000);
    expect(service.calls).toHaveLength(0);

    const finished: EnrichmentRecord[] = [];
    const wakes: (number | null)[] = [];
    const second = createEnrichments({ api: service.api, meta, clock, timers: clock, onChange: () => undefined, onFinished: (r) => void finished.push(r), onNextWake: (at) => wakes.push(at) });
    await second.start();
    // Due already: an alarm is asked for now, and the timer looks at once.
    expect(wakes[0]).toBeLessThanOrEqual(clock.now());
    await clock.advance(1);
    expect(service.calls).toHaveLength(1);
    expect(finished[0]).toMatchObject({ id: 'enr_2', state: 'done', leadId: 'lead_mh', found: { proEmail: 'mh@mit.example' } });
    expect(wakes.at(-1)).toBeNull();
  });

  it('says failed and not found as such; failures to reach the service are asked again, and after two hours it stops', async () => {
    const clock = manualClock();
    const service = scriptedApi({ f: [{ status: 'failed' }], n: [{ status: 'not_found' }], gone: [] });
    service.setClock(clock.now);
    const e = createEnrichments({ api: service.api, meta: memoryMeta(), clock, timers: clock, onChange: () => undefined, onFinished: () => undefined });
    await e.start();
    for (const id of ['f', 'n', 'gone']) await e.track({ id, enrichType: 'EMAIL_ENRICH', leadId: `lead_${id}`, profileUrl: null });
    await clock.advance(ENRICH_GIVE_UP_MS + 10 * 60_000);
    const state = Object.fromEntries(e.all().map((r) => [r.id, r.state]));
    expect(state).toEqual({ f: 'failed', n: 'not-found', gone: 'unknown' });
    const gone = service.calls.filter((c) => c.id === 'gone').length;
    // Capped at one look every five minutes: about two dozen in two hours, not thousands.
    expect(gone).toBeGreaterThan(3);
    expect(gone).toBeLessThan(40);
  });

  it('says an enrichment is under way for its lead or its profile only while it is pending', async () => {
    const clock = manualClock();
    const service = scriptedApi({ enr_3: [{ status: 'pending' }, { status: 'not_found' }] });
    const e = createEnrichments({ api: service.api, meta: memoryMeta(), clock, timers: clock, onChange: () => undefined, onFinished: () => undefined });
    await e.start();
    const profileUrl = 'https://www.pronet.example/in/margaret-hamilton/';
    await e.track({ id: 'enr_3', enrichType: 'EMAIL_ENRICH', leadId: 'lead_mh', profileUrl });
    expect([e.underWay({ leadId: 'lead_mh' }), e.underWay({ profileUrl }), e.underWay({ leadId: 'lead_other' })]).toEqual([true, true, false]);
    await clock.advance(10 * 60_000);
    expect(e.all()[0]?.state).toBe('not-found');
    expect([e.underWay({ leadId: 'lead_mh' }), e.underWay({ profileUrl })]).toEqual([false, false]);
  });

  it('credits an enrichment only with the contact details the lead did not have', () => {
    expect(contactsFound({ proEmail: 'a@x.example' }, { proEmail: 'a@x.example', persoEmail: 'a@home.example', phone: null })).toEqual({ persoEmail: 'a@home.example' });
  });
});
