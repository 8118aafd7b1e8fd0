// Follow-up on send (issue 36, 41): a reply sent with "Remind me in 3 days if no answer" lands, then the
// outbox snoozes its conversation until 09:00 three days on; one sent without it leaves it open. When the
// lead answers and the worker reads it (here the queue's snoozed view), it takes back its own snooze,
// once; a snooze set by hand stays.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../lib/api/schemas';
import { followUpMorning } from '../../lib/inbox/follow-up';
import { freshDbName, must, startBackground, until, type ServiceHandle } from './background-support';
import { clientFor, freshRateWindow, getConversation, inbound, leadBySlug, proWorkspace, resetEmulator } from './harness';

const DAY = 86_400_000;
let handle: ServiceHandle | null = null;

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
});
afterEach(() => {
  handle?.service.stop();
  handle?.db.close();
  handle = null;
});

async function reply(conversation: ConversationSummary, text: string, remindInDays?: number) {
  const [member] = await clientFor(proWorkspace()).members.list();
  await handle!.service.outbox.enqueue({
    kind: 'reply',
    conversationId: conversation.id,
    leadId: conversation.leadId,
    profileUrl: null,
    channel: 'PRONET',
    identityId: conversation.identityId,
    memberId: member!.id,
    text,
    holdUntil: 0,
    ...(remindInDays !== undefined ? { remindInDays } : {}),
  });
}

describe('follow-up on send', () => {
  it('snoozes the conversation until 09:00 N days after the reply landed, the reply first', async () => {
    handle = await startBackground(proWorkspace(), freshDbName('follow-up'));
    const { conversations } = await leadBySlug(clientFor(proWorkspace()), 'ada-lovelace');
    const c = conversations[0]!;
    const before = Date.now();
    await reply(c, 'Here is the deck.', 3);
    await until(async () => (await getConversation(c.id)).conversation.status === 'SNOOZED', 20_000, 'the follow-up snooze');
    const whole = await getConversation(c.id);
    expect(whole.messages.at(-1)).toMatchObject({ direction: 'SENT', content: 'Here is the deck.' });
    expect([followUpMorning(before, 3), followUpMorning(Date.now(), 3)]).toContain(whole.conversation.snoozeUntil);
    expect(new Date(whole.conversation.snoozeUntil!).getHours()).toBe(9);
  });

  it('the lead answers: the worker takes back its own snooze once it reads the answer; a snooze set by hand stays', async () => {
    handle = await startBackground(proWorkspace(), freshDbName('follow-up-answer'));
    const c = (await leadBySlug(clientFor(proWorkspace()), 'ada-lovelace')).conversations[0]!;
    const g = (await leadBySlug(clientFor(proWorkspace()), 'grace-hopper')).conversations[0]!;
    await reply(c, 'Here is the deck.', 3);
    await until(async () => (await getConversation(c.id)).conversation.status === 'SNOOZED', 20_000, 'the follow-up snooze');
    // Grace snoozed by hand.
    const byHand = Date.now() + 5 * DAY;
    await must(handle.service, { type: 'snooze', conversationId: g.id, leadId: g.leadId, until: byHand });
    await until(async () => (await getConversation(g.id)).conversation.status === 'SNOOZED', 20_000, 'the snooze by hand');
    await until(async () => (await handle!.service.outbox.list()).length === 0, 20_000, 'an empty outbox');

    await inbound(c.id, 'Thanks, looking at it now.');
    await inbound(g.id, 'Busy this week.');
    expect((await getConversation(c.id)).conversation.status).toBe('SNOOZED');
    await must(handle.service, { type: 'inbox-page', view: 'snoozed', reload: true });
    await until(async () => (await getConversation(c.id)).conversation.status === 'OPEN', 20_000, 'the follow-up taken back');
    await until(async () => (await handle!.service.outbox.list()).length === 0, 20_000, 'an empty outbox');
    // Read again: nothing more is sent; Grace's snooze is hers.
    await must(handle.service, { type: 'inbox-page', view: 'snoozed', reload: true });
    await must(handle.service, { type: 'inbox-page', view: 'waiting', reload: true });
    expect(await handle.service.outbox.list()).toEqual([]);
    expect((await getConversation(g.id)).conversation).toMatchObject({ status: 'SNOOZED', snoozeUntil: byHand });
  });

  it('a reply without it leaves the conversation open', async () => {
    handle = await startBackground(proWorkspace(), freshDbName('follow-up-none'));
    const { conversations } = await leadBySlug(clientFor(proWorkspace()), 'ada-lovelace');
    const c = conversations[0]!;
    await reply(c, 'Thanks!');
    await until(async () => (await getConversation(c.id)).messages.at(-1)?.content === 'Thanks!', 20_000, 'the reply');
    await until(async () => (await handle!.service.outbox.list()).length === 0, 20_000, 'an empty outbox');
    expect((await getConversation(c.id)).conversation.status).toBe('OPEN');
  });
});
