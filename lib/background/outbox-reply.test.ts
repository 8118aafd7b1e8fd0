/** The outbox's replies: held for the undo window, read back before an uncertain one is sent again, never twice. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxStore } from '../store/outbox-store';
import { openCompanionDb, type CompanionDb, type OutboxAction } from '../store/db';
import { conversation, fakeService, manualClock, type FakeService, type ManualClock } from '../../test/unit/background/fakes';
import { NetworkError } from '../api/errors';
import { createOutbox, type Outbox, type OutboxOptions } from './outbox';
import { LATE_APPLY_GRACE_MS, uncertainFor } from './outbox-send';
import { followUpMorning, type FollowUpMark } from '../inbox/follow-up';
import { queueFollowUp } from './outbox-reply';

let dbCount = 0;
let db: CompanionDb;
let dbName = '';
let clock: ManualClock;
let service: FakeService;
const instances: Outbox[] = [];
const TIMEOUT = 10_000;

function outbox(extra: Partial<OutboxOptions> = {}): Outbox {
  const o = createOutbox({
    store: createOutboxStore(db),
    api: service.api,
    clock,
    timers: clock,
    policy: { maxAttempts: Infinity, baseMs: 1_000, capMs: 60_000, random: () => 1 },
    uncertainForMs: TIMEOUT,
    ...extra,
  });
  instances.push(o);
  return o;
}

function reply(text: string, extra: Partial<Extract<OutboxAction, { kind: 'reply' }>> = {}): OutboxAction {
  return { kind: 'reply', conversationId: 'c1', leadId: 'lead_1', profileUrl: null, channel: 'PRONET', identityId: 'idt_1', memberId: 'mem_1', text, holdUntil: clock.now(), ...extra };
}

const sentTexts = () => (service.messages.get('c1') ?? []).map((m) => m.content);

beforeEach(async () => {
  dbCount += 1;
  dbName = `outbox-reply-${dbCount}`;
  db = await openCompanionDb(dbName);
  clock = manualClock();
  service = fakeService(() => clock.now());
  service.conversations.set('c1', conversation('c1', 'lead_1'));
});

afterEach(() => {
  for (const o of instances.splice(0)) o.stop();
  db.close();
});

describe('outbox replies', () => {
  it('holds a reply until its undo window ends, then sends it once', async () => {
    const o = outbox();
    await o.start();
    await o.enqueue(reply('Hello', { holdUntil: clock.now() + 10_000 }));
    await clock.advance(9_000);
    expect(sentTexts()).toEqual([]);
    await o.hurry();
    await clock.advance(500);
    expect(sentTexts()).toEqual([]);
    await clock.advance(1_000);
    expect(sentTexts()).toEqual(['Hello']);
    expect(await o.list()).toEqual([]);
  });

  it('Undo within the window takes it back: nothing is sent', async () => {
    const o = outbox();
    await o.start();
    const r = await o.enqueue(reply('Oops', { holdUntil: clock.now() + 5_000 }));
    const back = await o.discard(r.id, (x) => x.attempts === 0);
    expect(back).toMatchObject({ text: 'Oops' });
    await clock.advance(10_000);
    expect(sentTexts()).toEqual([]);
    expect(service.calls.filter((c) => c.startsWith('sendPronet'))).toEqual([]);
  });

  it.each(['timeout-after-apply', 'server'] as const)('after %s, reads back no sooner than the timeout and does not send again when it landed', async (fault) => {
    const o = outbox();
    await o.start();
    if (fault === 'server') {
      // A gateway failing after the service applied the send: applied, then answered 5xx.
      const api = service.api;
      const original = api.sendPronet;
      let first = true;
      api.sendPronet = async (input, opts) => {
        const res = await original(input, opts);
        if (first) {
          first = false;
          throw new (await import('../api/errors')).ApiError('sendPronetMessage', 502, 'Bad gateway');
        }
        return res;
      };
    } else service.fail('sendPronet', fault);
    await o.enqueue(reply('Once'));
    await clock.advance(TIMEOUT - 100);
    expect(service.calls.filter((c) => c.startsWith('conversationMessages'))).toEqual([]);
    await clock.advance(5_000);
    await o.idle();
    expect(sentTexts()).toEqual(['Once']);
    expect(o.stats()).toMatchObject({ applied: 1, readBacks: 1, readBackHits: 1 });
  });

  it('a dropped send that reached the service late and was applied within the timeout of its arrival is read back, not sent again', async () => {
    // With the timeout alone (no LATE_APPLY_GRACE_MS), the read-back comes before the apply and the reply goes twice.
    const o = outbox({ uncertainForMs: uncertainFor(TIMEOUT) });
    await o.start();
    const api = service.api;
    const original = api.sendPronet;
    let first = true;
    api.sendPronet = async (input, opts) => {
      if (!first) return original(input, opts);
      first = false;
      // On the wire 600 ms after our clock said sent; the service applies it 100 ms before the timeout counted from then.
      clock.setTimeout(() => void original(input, opts), 600 + TIMEOUT - 100);
      throw new NetworkError('sendPronetMessage', new Error('socket hang up'), false, clock.now());
    };
    await o.enqueue(reply('Late but once'));
    await clock.advance(TIMEOUT + LATE_APPLY_GRACE_MS + 5_000);
    await o.idle();
    expect(sentTexts()).toEqual(['Late but once']);
    expect(o.stats()).toMatchObject({ applied: 1, readBacks: 1, readBackHits: 1 });
  });

  it('sends again after a read-back that does not find it (dropped before the service)', async () => {
    const o = outbox();
    await o.start();
    service.fail('sendPronet', 'drop');
    await o.enqueue(reply('Twice tried'));
    await clock.advance(TIMEOUT + 5_000);
    await o.idle();
    expect(sentTexts()).toEqual(['Twice tried']);
    expect(o.stats()).toMatchObject({ applied: 1, readBacks: 1, readBackHits: 0 });
  });

  it('a refusal (4xx) fails for good, keeping the text; nothing is read back', async () => {
    const o = outbox();
    await o.start();
    service.fail('sendPronet', { status: 400, message: 'memberId: No member mem_1.' });
    const r = await o.enqueue(reply('Refused'));
    await clock.advance(1_000);
    const [stored] = await o.list();
    expect(stored).toMatchObject({ id: r.id, state: 'failed', text: 'Refused' });
    expect(o.stats().readBacks).toBe(0);
  });

  it('"I am" has left the workspace (404 No member): failed as member-gone; sent once as the member chosen then', async () => {
    const o = outbox();
    await o.start();
    const members: string[] = [];
    const original = service.api.sendPronet;
    service.api.sendPronet = async (input, opts) => {
      members.push(input.memberId);
      return original(input, opts);
    };
    service.fail('sendPronet', { status: 404, message: 'No member mem_gone.' });
    const r = await o.enqueue(reply('Still there?', { memberId: 'mem_gone' }));
    await o.idle();
    const [stored] = await o.list();
    expect(stored).toMatchObject({ id: r.id, state: 'failed', text: 'Still there?', error: { code: 'not-found', reason: 'member-gone', detail: 'No member mem_gone.' } });
    await o.retry(r.id, (failed) => {
      if (failed.kind === 'reply') failed.memberId = 'mem_2';
    });
    await o.idle();
    expect(sentTexts()).toEqual(['Still there?']);
    expect(members).toEqual(['mem_gone', 'mem_2']);
    expect(o.stats()).toMatchObject({ applied: 1, readBacks: 0 });
  });

  it('another 404 (no conversation) is not taken for a member who left', async () => {
    const o = outbox();
    await o.start();
    service.fail('sendPronet', { status: 404, message: 'Conversation not found' });
    await o.enqueue(reply('Where to?'));
    await o.idle();
    const [stored] = await o.list();
    expect(stored?.error).toMatchObject({ code: 'not-found' });
    expect(stored?.error?.reason).toBeUndefined();
  });

  it('a worker stopped during the window sends it once after restart, at the window end', async () => {
    const first = outbox();
    await first.start();
    await first.enqueue(reply('Survives', { holdUntil: clock.now() + 8_000 }));
    first.stop();
    await clock.advance(2_000);
    const second = outbox();
    await second.start();
    await clock.advance(5_000);
    expect(sentTexts()).toEqual([]);
    await clock.advance(2_000);
    await second.idle();
    expect(sentTexts()).toEqual(['Survives']);
  });

  it('an earlier message with the same words is not taken for ours', async () => {
    const o = outbox();
    await o.start();
    await o.enqueue(reply('Same words'));
    await o.idle();
    await clock.advance(5 * 60_000);
    service.fail('sendPronet', 'drop');
    await o.enqueue(reply('Same words'));
    await clock.advance(TIMEOUT + 5_000);
    await o.idle();
    expect(sentTexts()).toEqual(['Same words', 'Same words']);
  });

  it('an email goes as escaped HTML in the last thread', async () => {
    const o = outbox();
    await o.start();
    let body: unknown;
    const original = service.api.sendEmail;
    service.api.sendEmail = async (input, opts) => {
      body = input;
      return original(input, opts);
    };
    await o.enqueue(reply('<b>hi</b>\n\nbye', { channel: 'EMAIL', memberId: undefined }));
    await o.idle();
    expect(body).toEqual({ identityId: 'idt_1', leadId: 'lead_1', message: { html: '<p>&lt;b&gt;hi&lt;/b&gt;</p><p>bye</p>', text: '<b>hi</b>\n\nbye' }, replyInLastThread: true });
  });
  it('queues the follow-up a landed reply asked for: its conversation snoozed until 09:00 N days after it landed, remembered as ours', async () => {
    const queued: OutboxAction[] = [];
    const enqueue = async (action: OutboxAction) => void queued.push(action);
    const marks: FollowUpMark[] = [];
    const o = outbox({ onApplied: (record) => queueFollowUp(record, clock.now(), enqueue, async (m) => void marks.push(m)) });
    await o.start();
    await o.enqueue(reply('Remind me', { remindInDays: 3 }));
    await o.enqueue(reply('No reminder'));
    await o.idle();
    const landedAt = clock.now();
    await Promise.resolve();
    expect(sentTexts()).toEqual(['Remind me', 'No reminder']);
    await Promise.resolve();
    const until = followUpMorning(landedAt, 3);
    expect(queued).toEqual([{ kind: 'snooze', conversationId: 'c1', leadId: 'lead_1', profileUrl: null, until }]);
    expect(marks).toEqual([{ conversationId: 'c1', leadId: 'lead_1', profileUrl: null, until, setAt: landedAt }]);
  });
});
