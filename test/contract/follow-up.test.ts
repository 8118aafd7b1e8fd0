// Follow-up on send (issue 36): a reply sent with "Remind me in 3 days if no answer" lands, then the
// outbox snoozes its conversation until 3 days after it landed; one sent without it leaves it open.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../lib/api/schemas';
import { freshDbName, startBackground, until, type ServiceHandle } from './background-support';
import { clientFor, freshRateWindow, getConversation, leadBySlug, proWorkspace, resetEmulator } from './harness';

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
  it('snoozes the conversation N days after the reply landed, the reply first', async () => {
    handle = await startBackground(proWorkspace(), freshDbName('follow-up'));
    const { conversations } = await leadBySlug(clientFor(proWorkspace()), 'ada-lovelace');
    const c = conversations[0]!;
    const before = Date.now();
    await reply(c, 'Here is the deck.', 3);
    await until(async () => (await getConversation(c.id)).conversation.status === 'SNOOZED', 20_000, 'the follow-up snooze');
    const whole = await getConversation(c.id);
    expect(whole.messages.at(-1)).toMatchObject({ direction: 'SENT', content: 'Here is the deck.' });
    expect(whole.conversation.snoozeUntil).toBeGreaterThanOrEqual(before + 3 * DAY);
    expect(whole.conversation.snoozeUntil).toBeLessThanOrEqual(Date.now() + 3 * DAY);
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
