/**
 * The outbox's `enrich-person` (issue 43): made a lead, then ONE enrichment; an enrichment whose
 * answer was lost (timeout after apply, 5xx, a worker stopped on the wire) is never sent again and
 * ends "unknown"; a failure before it (POST /leads) or a refusal (429, 402) proves nothing was spent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxStore } from '../store/outbox-store';
import { openCompanionDb, type CompanionDb, type EnrichAction, type OutboxRecord } from '../store/db';
import { fakeService, manualClock, type FakeService, type ManualClock } from '../../test/unit/background/fakes';
import { createOutbox, type Outbox, type Outcome } from './outbox';

const action = (extra: Partial<EnrichAction> = {}): EnrichAction => ({
  kind: 'enrich-person',
  batch: 'b1',
  profileUrl: 'https://www.pronet.example/in/ada/',
  enrichType: 'EMAIL_ENRICH',
  firstname: 'Ada',
  lastname: 'Lovelace',
  companyName: 'Engines',
  ...extra,
});

let db: CompanionDb;
let clock: ManualClock;
let service: FakeService;
let outbox: Outbox;
let applied: { record: OutboxRecord; outcome: Outcome }[];
let n = 0;

function open(api = service.api) {
  const policy = { maxAttempts: Infinity, baseMs: 1_000, capMs: 60_000, random: () => 1 };
  return createOutbox({
    store: createOutboxStore(db),
    api,
    clock,
    timers: clock,
    policy,
    uncertainForMs: 5_000,
    onApplied: (record, outcome) => void applied.push({ record, outcome }),
  });
}

beforeEach(async () => {
  n += 1;
  db = await openCompanionDb(`outbox-enrich-test-${n}`);
  clock = manualClock();
  service = fakeService(() => clock.now());
  applied = [];
  outbox = open();
  await outbox.start();
});

afterEach(() => {
  outbox.stop();
  db.close();
});

const enrichCalls = () => service.calls.filter((c) => c.startsWith('enrich ')).length;

/** Lets every backoff and hold pass. */
async function settle() {
  for (let i = 0; i < 6; i += 1) {
    await outbox.idle();
    await clock.advance(120_000);
  }
  await outbox.idle();
}

describe('enrich-person: each person enriched once, never spent twice', () => {
  it('a non-lead: POST /leads then one POST /leads/enrich, by the lead id; the service took it', async () => {
    await outbox.enqueue(action());
    await settle();
    expect(service.calls.filter((c) => !c.startsWith('enrichStatus'))).toEqual(['createLead https://www.pronet.example/in/ada/', 'enrich ']);
    expect(applied.map((a) => a.outcome)).toEqual([{ kind: 'enrich-accepted', leadId: 'lead_1', enrichRequestId: 'enr_1', creditsSpent: 5 }]);
    expect(await outbox.list()).toEqual([]);
  });

  it('a lead already: enriched by its id, no POST /leads', async () => {
    await outbox.enqueue(action({ leadId: 'lead_9' }));
    await settle();
    expect(service.calls).toEqual(['enrich ']);
  });

  for (const fault of ['timeout-after-apply', 'drop', 'server'] as const) {
    it(`its answer lost (${fault}): not sent again, it ends "unknown" and leaves the outbox`, async () => {
      service.fail('enrich', fault);
      await outbox.enqueue(action());
      await settle();
      expect(enrichCalls()).toBe(1);
      expect(applied.map((a) => a.outcome)).toEqual([{ kind: 'enrich-unknown', leadId: 'lead_1' }]);
      expect(await outbox.list()).toEqual([]);
    });
  }

  it('POST /leads failed (no answer, 5xx): nothing was spent; sent again, and enriched once', async () => {
    service.fail('createLead', 'drop', 'server');
    await outbox.enqueue(action());
    await settle();
    expect(service.calls.filter((c) => c.startsWith('createLead')).length).toBe(3);
    expect(enrichCalls()).toBe(1);
    expect(applied.map((a) => a.outcome.kind)).toEqual(['enrich-accepted']);
  });

  it('a 429 on the enrichment proves it did not apply: sent again once it may', async () => {
    service.fail('enrich', 'rate-limit');
    await outbox.enqueue(action());
    await settle();
    expect(enrichCalls()).toBe(2);
    expect(applied.map((a) => a.outcome.kind)).toEqual(['enrich-accepted']);
  });

  it('402 (too few credits): refused for good, with the service`s reason, kept for the user', async () => {
    service.fail('enrich', { status: 402, message: 'EMAIL_ENRICH needs 5 credits; the balance is 2.' });
    await outbox.enqueue(action());
    await settle();
    expect(enrichCalls()).toBe(1);
    expect(await outbox.list()).toMatchObject([{ kind: 'enrich-person', state: 'failed', uncertain: false }]);
    expect(applied).toEqual([]);
  });

  // The stopped worker's call never answers (its JavaScript is gone); the next worker has the real service.
  const never = () => new Promise<never>(() => undefined);

  it('a worker stopped while the enrichment was on the wire: the next one never sends it again', async () => {
    outbox.stop();
    let lost = 0;
    outbox = open({ ...service.api, enrich: () => ((lost += 1), never()) });
    await outbox.start();
    await outbox.enqueue(action());
    await expect.poll(async () => (await createOutboxStore(db).all())[0]).toMatchObject({ state: 'sending', uncertain: true, spentAt: expect.any(Number) });
    outbox.stop();
    outbox = open();
    await outbox.start();
    await settle();
    expect(lost + enrichCalls()).toBe(1);
    expect(applied.map((a) => a.outcome)).toEqual([{ kind: 'enrich-unknown', leadId: 'lead_1' }]);
  });

  it('a worker stopped during POST /leads: nothing spent; the next one makes the lead and enriches once', async () => {
    outbox.stop();
    outbox = open({ ...service.api, createLead: never });
    await outbox.start();
    await outbox.enqueue(action());
    await expect.poll(async () => (await createOutboxStore(db).all())[0]?.state).toBe('sending');
    outbox.stop();
    outbox = open();
    await outbox.start();
    await settle();
    expect(enrichCalls()).toBe(1);
    expect(applied.map((a) => a.outcome.kind)).toEqual(['enrich-accepted']);
  });
});
