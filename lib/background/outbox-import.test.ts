import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Audience } from '../api/schemas';
import { createOutboxStore } from '../store/outbox-store';
import { openCompanionDb, type CompanionDb, type ImportAction } from '../store/db';
import { fakeService, manualClock, type FakeService, type ManualClock } from '../../test/unit/background/fakes';
import { createOutbox, type Outbox } from './outbox';
import { importLanded } from './outbox-import';

const SEARCH = 'http://pronet.localhost:8787/search/results/people/?keywords=cto';
const audience = (extra: Partial<Audience>): Audience => ({ id: 'aud_1', name: 'CTOs', description: '', size: 0, type: 'PRONET_SEARCH', sourceUrl: SEARCH, ...extra });
const action = (extra: Partial<ImportAction> = {}): ImportAction => ({ kind: 'import-audience', importId: 'imp_1', audience: 'CTOs', pronetUrl: SEARCH, identityId: 'idt_1', ...extra });

describe('an import whose outcome is unknown, read back', () => {
  it('a new audience: landed once an audience of that name exists (its source this search, or any)', () => {
    expect(importLanded([audience({})], action())).toBe('aud_1');
    expect(importLanded([audience({ name: 'ctos ' , sourceUrl: null })], action())).toBe('aud_1');
    expect(importLanded([audience({ name: 'Other' })], action())).toBeNull();
    expect(importLanded([], action())).toBeNull();
  });

  it('an existing audience: landed when its source is this search or it grew; else nothing can tell, and it is not resent', () => {
    const existing = action({ audienceId: 'aud_1', sizeBefore: 30 });
    expect(importLanded([audience({ size: 30 })], existing)).toBe('aud_1');
    expect(importLanded([audience({ size: 31, sourceUrl: null })], existing)).toBe('aud_1');
    expect(() => importLanded([audience({ size: 30, sourceUrl: null })], existing)).toThrow(/import-unconfirmed/);
  });
});

let db: CompanionDb;
let clock: ManualClock;
let service: FakeService;
let outbox: Outbox;
let n = 0;

beforeEach(async () => {
  n += 1;
  db = await openCompanionDb(`outbox-import-test-${n}`);
  clock = manualClock();
  service = fakeService(() => clock.now());
  const policy = { maxAttempts: Infinity, baseMs: 1_000, capMs: 60_000, random: () => 1 };
  outbox = createOutbox({ store: createOutboxStore(db), api: service.api, clock, timers: clock, policy, uncertainForMs: 0 });
  await outbox.start();
});

afterEach(() => {
  outbox.stop();
  db.close();
});

describe('the outbox sends an import exactly once', () => {
  it('stored before it is sent; one POST /audiences', async () => {
    const hold = service.hold('importAudience');
    await outbox.enqueue(action());
    await new Promise((r) => setTimeout(r, 0));
    expect(await createOutboxStore(db).all()).toMatchObject([{ kind: 'import-audience', state: 'sending', uncertain: true }]);
    hold.release();
    await outbox.idle();
    expect(service.imports).toEqual([{ audience: 'CTOs', pronetUrl: SEARCH }]);
    expect(await outbox.list()).toEqual([]);
  });

  it('applied but its answer lost (timeout, 5xx): read back, found, not sent again', async () => {
    for (const fault of ['timeout-after-apply', 'server'] as const) {
      service.imports.length = 0;
      service.audiences.length = 0;
      // 'server': the service answered 5xx without applying: the read-back finds nothing and sends it once.
      service.fail('importAudience', fault);
      await outbox.enqueue(action());
      await outbox.idle();
      await clock.advance(60_000);
      await outbox.idle();
      expect(service.imports).toHaveLength(1);
      expect(await outbox.list()).toEqual([]);
      expect(service.calls.filter((c) => c.startsWith('audiences')).length).toBeGreaterThan(0);
      service.calls.length = 0;
    }
  });

  it('an existing audience that shows nothing yet: failed for the user to decide (import-unconfirmed), never sent twice', async () => {
    service.audiences.push(audience({ size: 30, sourceUrl: null }));
    service.fail('importAudience', 'timeout-after-apply');
    await outbox.enqueue(action({ audienceId: 'aud_1', sizeBefore: 30 }));
    await outbox.idle();
    await clock.advance(60_000);
    await outbox.idle();
    expect(service.imports).toHaveLength(1);
    expect(await outbox.list()).toMatchObject([{ state: 'failed', error: { code: 'bad-request', reason: 'import-unconfirmed' } }]);
  });

  it('a worker stopped mid-call: the next one reads back before anything is sent', async () => {
    outbox.stop();
    // What a stopped worker leaves: the record marked on the wire, and the service that took it.
    const store = createOutboxStore(db);
    const left = await store.add(action(), clock.now());
    await store.put({ ...left, state: 'sending', attempts: 1 });
    service.audiences.push(audience({}));
    const next = createOutbox({ store, api: service.api, clock, timers: clock, policy: { maxAttempts: Infinity, baseMs: 1_000, capMs: 60_000, random: () => 1 }, uncertainForMs: 0 });
    await next.start();
    await next.idle();
    next.stop();
    expect(service.imports).toEqual([]);
    expect(service.calls).toEqual(['audiences ']);
    expect(await store.all()).toEqual([]);
  });
});
