// Conversation messages (#24: page from 0, 50 a page, newest first) and sending (#30, #31): a SENT
// message that updates the conversation's lastMessage*.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../lib/api/schemas';
import { clientFor, emulatorNow, freshRateWindow, getConversation, inbound, leadBySlug, proWorkspace, resetEmulator } from './harness';

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
});

const client = () => clientFor(proWorkspace());

describe('conversation messages', () => {
  it('pages 50 at a time from page 0, newest first, with the total', async () => {
    let longest: ConversationSummary | undefined;
    let total = 0;
    // The demo's long negotiation thread has a completed call; few conversations do.
    for await (const c of client().conversations.searchAll({ callCompletedAtFrom: 0, limit: 100 })) {
      const { total: t } = await client().conversations.messages({ conversationId: c.id, page: 0 });
      if (t > total) {
        total = t;
        longest = c;
      }
      if (total > 50) break;
    }
    expect(total).toBeGreaterThan(50);
    const id = longest?.id ?? '';
    const p0 = await client().conversations.messages({ conversationId: id });
    const p1 = await client().conversations.messages({ conversationId: id, page: 1 });
    expect(p0.data).toHaveLength(50);
    expect(p1.data).toHaveLength(total - 50);
    const times = [...p0.data, ...p1.data].map((m) => m.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const whole = await getConversation(id);
    expect([...p0.data, ...p1.data].map((m) => m.id)).toEqual(whole.messages.map((m) => m.id).reverse());
    expect((await client().conversations.messages({ conversationId: id, page: 5 })).data).toEqual([]);
    await expect(client().conversations.messages({ conversationId: 'conv_missing' })).rejects.toMatchObject({ status: 404 });
  });
});

describe('sending', () => {
  it('a pronet message becomes a SENT message and the conversation\'s last message', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const conv = ada.conversations[0] as ConversationSummary;
    const members = await client().members.list();
    const now = await emulatorNow();
    const res = await client().inbox.sendPronet({
      identityId: conv.identityId,
      memberId: members[0]?.id ?? '',
      pronetUrl: 'https://pronet.example/in/ada-lovelace',
      message: 'Thursday works, 10:00?',
    });
    const page = await client().conversations.messages({ conversationId: conv.id });
    expect(page.data[0]).toMatchObject({ id: res.messageId, direction: 'SENT', channel: 'PRONET', status: 'SENT', content: 'Thursday works, 10:00?' });
    const after = (await leadBySlug(client(), 'ada-lovelace')).conversations[0];
    expect(after).toMatchObject({ lastMessageStatus: 'SENT', lastMessageType: 'PRONET' });
    expect(after?.lastMessageAt).toBeGreaterThanOrEqual(now);
  });

  it('an email (new subject or reply in the last thread) becomes a SENT EMAIL message', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const conv = ada.conversations[0] as ConversationSummary;
    const members = await client().members.list();
    const sent = await client().inbox.sendEmail({
      identityId: conv.identityId,
      memberId: members[0]?.id ?? '',
      leadEmail: ada.lead.proEmail ?? '',
      subject: 'Demo on Thursday',
      message: { html: '<p>See you Thursday</p>' },
    });
    const reply = await client().inbox.sendEmail({
      identityId: conv.identityId,
      memberId: members[0]?.id ?? '',
      leadId: ada.lead.id,
      replyInLastThread: true,
      message: { text: 'Agenda attached.' },
    });
    const page = await client().conversations.messages({ conversationId: conv.id });
    expect(page.data[0]).toMatchObject({ id: reply.messageId, channel: 'EMAIL', subject: 'Re: Demo on Thursday', content: 'Agenda attached.' });
    expect(page.data[1]).toMatchObject({ id: sent.messageId, channel: 'EMAIL', subject: 'Demo on Thursday' });
    const after = (await leadBySlug(client(), 'ada-lovelace')).conversations[0];
    expect(after).toMatchObject({ lastMessageStatus: 'SENT', lastMessageType: 'EMAIL' });
  });

  it('sending to a lead with no conversation for that identity starts one', async () => {
    const edsger = await leadBySlug(client(), 'edsger-dijkstra');
    const { identities } = await client().identities.list();
    const members = await client().members.list();
    await client().inbox.sendPronet({
      identityId: identities[0]?.id ?? '',
      memberId: members[0]?.id ?? '',
      leadId: edsger.lead.id,
      message: 'Hello',
    });
    const after = await leadBySlug(client(), 'edsger-dijkstra');
    expect(after.conversations).toHaveLength(1);
    expect(after.conversations[0]).toMatchObject({ status: 'OPEN', lastMessageStatus: 'SENT', identityId: identities[0]?.id });
  });

  it('refuses an unknown identity or member (404) and a message without a lead (400)', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const members = await client().members.list();
    await expect(
      client().inbox.sendPronet({ identityId: 'idt_x', memberId: members[0]?.id ?? '', leadId: ada.lead.id, message: 'x' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      client().inbox.sendPronet({ identityId: ada.conversations[0]?.identityId ?? '', memberId: 'mem_x', leadId: ada.lead.id, message: 'x' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      client().inbox.sendPronet({ identityId: 'a', memberId: 'b', message: 'x' } as never),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('an inbound message (control API) is RECEIVED, unread, and marks the lead as replied', async () => {
    const grace = await leadBySlug(client(), 'grace-hopper');
    const quiet = grace.conversations.find((c) => !c.leadReplied) ?? grace.conversations[0];
    const res = await inbound(quiet?.id ?? '', 'Sounds good, call me.');
    expect(res.message).toMatchObject({ direction: 'RECEIVED', status: 'RECEIVED', content: 'Sounds good, call me.' });
    expect(res.conversation).toMatchObject({ leadReplied: true, read: false, lastMessageStatus: 'RECEIVED' });
  });
});
