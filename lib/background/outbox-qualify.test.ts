import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxStore } from '../store/outbox-store';
import { openCompanionDb, type CompanionDb, type OutboxAction } from '../store/db';
import { conversation, fakeService, manualClock, type FakeService, type ManualClock } from '../../test/unit/background/fakes';
import { createOutbox, type Outbox, type Outcome } from './outbox';
import { qualificationOf } from './panel-state';
import { leadStatusKey } from '../store/lead-statuses';

let dbCount = 0;
let db: CompanionDb;
let clock: ManualClock;
let service: FakeService;
let applied: Outcome[];
const instances: Outbox[] = [];

function outbox(): Outbox {
  const o = createOutbox({
    store: createOutboxStore(db),
    api: service.api,
    clock,
    timers: clock,
    policy: { maxAttempts: Infinity, baseMs: 1_000, capMs: 60_000, random: () => 1 },
    uncertainForMs: 0,
    onApplied: (_record, outcome) => void applied.push(outcome),
  });
  instances.push(o);
  return o;
}

const qualify = (status: string, campaign = 'Spring', previous: string | null = null): OutboxAction => ({
  kind: 'qualify',
  conversationId: 'c1',
  leadId: 'lead_1',
  profileUrl: null,
  status,
  campaign,
  previous,
});

beforeEach(async () => {
  dbCount += 1;
  db = await openCompanionDb(`outbox-qualify-test-${dbCount}`);
  clock = manualClock();
  service = fakeService(() => clock.now());
  service.conversations.set('c1', conversation('c1', 'lead_1', { campaignName: 'Spring' }));
  applied = [];
});

afterEach(() => {
  for (const o of instances.splice(0)) o.stop();
  db.close();
});

describe('outbox: qualify', () => {
  it('sets the lead status in the campaign and reports what the service set', async () => {
    const o = outbox();
    await o.start();
    await o.enqueue(qualify('CALL_BOOKED'));
    await o.idle();
    expect(service.calls).toEqual(['leadStatus lead_1']);
    expect(service.statuses.get('lead_1 Spring')).toBe('CALL_BOOKED');
    expect(applied).toEqual([{ kind: 'qualified', status: 'CALL_BOOKED' }]);
    expect(await o.list()).toEqual([]);
  });

  it('keeps a per-campaign refusal as a failed item with the service reason, without holding up the conversation', async () => {
    const o = outbox();
    await o.start();
    await o.enqueue(qualify('INTERESTED', 'Autumn'));
    await o.enqueue({ kind: 'archive', conversationId: 'c1', leadId: 'lead_1', profileUrl: null });
    await o.idle();
    const [failed] = await o.list();
    expect(failed).toMatchObject({ kind: 'qualify', state: 'failed', error: { code: 'bad-request', reason: 'status-refused', detail: 'Autumn: The lead is not in this campaign.' } });
    expect(service.conversations.get('c1')?.status).toBe('ARCHIVED');
    expect(applied).toEqual([{ kind: 'conversation', conversation: expect.objectContaining({ id: 'c1' }) as unknown }]);
  });

  it('sends again after a 5xx (setting a status is idempotent: no read-back)', async () => {
    const o = outbox();
    await o.start();
    service.fail('leadStatus', 'server');
    await o.enqueue(qualify('NOT_INTERESTED'));
    await o.idle();
    expect(service.statuses.size).toBe(0);
    await clock.advance(1_000);
    await o.idle();
    expect(service.calls).toEqual(['leadStatus lead_1', 'leadStatus lead_1']);
    expect(service.statuses.get('lead_1 Spring')).toBe('NOT_INTERESTED');
  });

  it('keeps the order of one lead and campaign, so an undo lands after what it undoes', async () => {
    const o = outbox();
    await o.start();
    service.fail('leadStatus', 'drop');
    await o.enqueue(qualify('CONVERTED', 'Spring', 'INTERESTED'));
    await o.enqueue(qualify('INTERESTED', 'Spring', 'CONVERTED'));
    await o.idle();
    await clock.advance(1_000);
    await o.idle();
    expect(service.statuses.get('lead_1 Spring')).toBe('INTERESTED');
    expect(applied.map((a) => (a.kind === 'qualified' ? a.status : a.kind))).toEqual(['CONVERTED', 'INTERESTED']);
  });
});

describe('qualificationOf', () => {
  const c = conversation('c1', 'lead_1', { campaignName: 'Spring' });
  const record = (id: number, status: string, previous: string | null, state: 'pending' | 'sending' = 'pending', attempts = 0) => ({
    ...(qualify(status, 'Spring', previous) as Extract<OutboxAction, { kind: 'qualify' }>),
    id,
    createdAt: 0,
    state,
    attempts,
    nextAttemptAt: 0,
    uncertain: false,
    error: null,
  });

  it.each([
    ['nothing known', [], undefined, { status: null, previous: null, pendingId: null }],
    ['the last status the service took', [], { status: 'INTERESTED', previous: 'TO_QUALIFY' }, { status: 'INTERESTED', previous: 'TO_QUALIFY', pendingId: null }],
    ['a queued one, not yet sent: undo discards it', [record(4, 'CONVERTED', 'INTERESTED')], { status: 'INTERESTED', previous: null }, { status: 'CONVERTED', previous: 'INTERESTED', pendingId: '4' }],
    ['one on the wire: undo sets the previous one', [record(5, 'CONVERTED', 'INTERESTED', 'sending', 1)], undefined, { status: 'CONVERTED', previous: 'INTERESTED', pendingId: null }],
  ] as const)('%s', (_name, live, stored, expected) => {
    const known = stored ? new Map([[leadStatusKey('lead_1', 'Spring'), stored]]) : undefined;
    expect(qualificationOf(c, live, known)).toEqual(expected);
  });

  it('is absent for a conversation without a campaign', () => {
    expect(qualificationOf({ ...c, campaignName: null }, [], undefined)).toBeNull();
  });
});
