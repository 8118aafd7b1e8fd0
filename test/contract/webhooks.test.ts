// Inbox webhooks: spec §4 (create, campaign restriction, DELETE /inbox/{id}), §6 (deliveries,
// payload, dedup window, retries, 3 s timeout, abuse cap) and §8 (20 messages, 60 s, 3 s, 5 retries).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InboxWebhookPayload, type ConversationSummary } from '../../lib/api/schemas';
import {
  advanceClock,
  clientFor,
  freshRateWindow,
  inbound,
  leadBySlug,
  proWorkspace,
  rawCall,
  resetEmulator,
  setClock,
  settle,
  startReceiver,
  waitForOutcomes,
  type WebhookReceiver,
} from './harness';

const receivers: WebhookReceiver[] = [];
async function receiver(respond?: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(respond);
  receivers.push(r);
  return r;
}

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const client = () => clientFor(proWorkspace());

async function sendPronet(conv: ConversationSummary, text: string) {
  const members = await client().members.list();
  return client().inbox.sendPronet({ identityId: conv.identityId, memberId: members[0]?.id ?? '', leadId: conv.leadId, message: text });
}

describe('webhook registration', () => {
  it('creates, lists and deletes (DELETE /inbox/{id}, and /inboxWebhooks/{id})', async () => {
    const created = await client().inboxWebhooks.create({ url: 'http://127.0.0.1:9/a', name: 'CRM bridge' });
    expect(created).toMatchObject({ statusCode: 200, id: expect.any(String), url: 'http://127.0.0.1:9/a', campaignIds: [] });
    const second = await client().inboxWebhooks.create({ url: 'http://127.0.0.1:9/b' });
    expect((await client().inboxWebhooks.list()).map((w) => w.id)).toEqual([created.id, second.id]);
    expect(await client().inboxWebhooks.delete({ id: created.id })).toEqual({ statusCode: 200, success: true });
    const alias = await rawCall(`/inboxWebhooks/${second.id}`, { method: 'DELETE', key: proWorkspace().apiKey });
    expect(alias.status).toBe(200);
    expect(await client().inboxWebhooks.list()).toEqual([]);
    await expect(client().inboxWebhooks.delete({ id: created.id })).rejects.toMatchObject({ status: 404 });
  });

  it('refuses an invalid URL (400) or an unknown campaign (404)', async () => {
    await expect(client().inboxWebhooks.create({ url: 'ftp://x.example/' })).rejects.toMatchObject({ status: 400 });
    await expect(client().inboxWebhooks.create({ url: 'http://127.0.0.1:9/', campaignIds: ['ffffffffffffffffffffffff'] })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('caps webhooks at 10 per workspace (abuse protection): the 11th is refused with 400', async () => {
    for (let i = 0; i < 10; i++) await client().inboxWebhooks.create({ url: `http://127.0.0.1:9/${i}` });
    const err = await client().inboxWebhooks.create({ url: 'http://127.0.0.1:9/11' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, serviceMessage: expect.stringMatching(/at most 10/) });
  });
});

describe('deliveries', () => {
  it('POSTs each sent message at once with the lead and the last 20 messages, newest first', async () => {
    const r = await receiver();
    await client().inboxWebhooks.create({ url: r.url });
    const conv = (await client().conversations.search({ callCompletedAtFrom: 0, limit: 100 })).data.find((c) => c.note?.includes('Long'));
    expect(conv).toBeDefined();
    const sent = await sendPronet(conv as ConversationSummary, 'Here is the contract.');
    const [delivery] = await r.waitFor(1);
    const payload = InboxWebhookPayload.parse(delivery?.body);
    expect(payload).toMatchObject({
      messageChannel: 'PRONET',
      messageBody: 'Here is the contract.',
      messageId: sent.messageId,
      conversationId: conv?.id,
      leadId: conv?.leadId,
      identityId: conv?.identityId,
      campaignName: conv?.campaignName,
      sent: true,
      received: false,
    });
    expect(payload.messageSubject).toBeUndefined();
    expect(payload.lead.id).toBe(conv?.leadId);
    expect(payload.messages).toHaveLength(20);
    expect(payload.messages[0]?.messageId).toBe(sent.messageId);
    const times = payload.messages.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(delivery?.headers['content-type']).toMatch(/application\/json/);
  });

  it('covers email messages too, with their subject', async () => {
    const r = await receiver();
    await client().inboxWebhooks.create({ url: r.url });
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const members = await client().members.list();
    await client().inbox.sendEmail({
      identityId: ada.conversations[0]?.identityId ?? '',
      memberId: members[0]?.id ?? '',
      leadId: ada.lead.id,
      subject: 'Pricing',
      message: { html: '<p>Pricing attached</p>' },
    });
    const [d] = await r.waitFor(1);
    expect(InboxWebhookPayload.parse(d?.body)).toMatchObject({ messageChannel: 'EMAIL', messageSubject: 'Pricing', sent: true });
  });

  it('a webhook restricted to campaigns receives only their conversations', async () => {
    const restricted = await receiver();
    const everything = await receiver();
    const grace = await leadBySlug(client(), 'grace-hopper');
    const [a, b] = grace.conversations as [ConversationSummary, ConversationSummary];
    await client().inboxWebhooks.create({ url: restricted.url, campaignIds: [b.campaignId ?? ''] });
    await client().inboxWebhooks.create({ url: everything.url });
    await sendPronet(a, 'to campaign A');
    await sendPronet(b, 'to campaign B');
    await everything.waitFor(2);
    const [only] = await restricted.waitFor(1);
    await settle(200);
    expect(restricted.deliveries).toHaveLength(1);
    expect((only?.body as { conversationId: string }).conversationId).toBe(b.id);
  });

  it('dedup: the first received message opens a 60 s window; one delivery at its end carries the latest', async () => {
    const r = await receiver();
    await client().inboxWebhooks.create({ url: r.url });
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const id = ada.conversations[0]?.id ?? '';
    const first = await inbound(id, 'first reply');
    const windowEnd = first.message.createdAt + 60_000;
    await setClock({ now: windowEnd - 30_000 });
    const second = await inbound(id, 'second reply');
    // Well before the end of the window (a margin for real time passing): nothing delivered yet.
    await setClock({ now: windowEnd - 5_000 });
    await settle(200);
    expect(r.deliveries).toHaveLength(0);
    await setClock({ now: windowEnd });
    const [d] = await r.waitFor(1);
    const payload = InboxWebhookPayload.parse(d?.body);
    expect(payload).toMatchObject({ messageId: second.message.id, received: true, sent: false, messageBody: 'second reply' });
    expect(payload.messages.slice(0, 2).map((m) => m.messageId)).toEqual([second.message.id, first.message.id]);
    await advanceClock(120_000);
    await settle(200);
    expect(r.deliveries).toHaveLength(1);
    // A later message opens a new window.
    await inbound(id, 'third reply');
    await advanceClock(60_000);
    await r.waitFor(2);
  });

  it('retries a non-2xx answer with growing delays and stops at the first 2xx', async () => {
    const r = await receiver((n) => (n <= 2 ? 500 : 200));
    await client().inboxWebhooks.create({ url: r.url });
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const sent = await sendPronet(ada.conversations[0] as ConversationSummary, 'retry me');
    const [firstOutcome] = await waitForOutcomes(1);
    expect(firstOutcome).toMatchObject({ attempt: 0, status: 500, next: 'retry' });
    await setClock({ now: (firstOutcome?.at ?? 0) + 5_000 });
    await settle(200);
    expect(r.deliveries).toHaveLength(1);
    await setClock({ now: (firstOutcome?.at ?? 0) + 10_000 });
    expect((await waitForOutcomes(2))[1]).toMatchObject({ attempt: 1, status: 500, next: 'retry' });
    await advanceClock(20_000);
    expect((await waitForOutcomes(3))[2]).toMatchObject({ attempt: 2, status: 200, ok: true, next: 'done' });
    await advanceClock(3_600_000);
    await settle(200);
    expect(r.deliveries).toHaveLength(3);
    expect(r.deliveries.every((d) => (d.body as { messageId: string }).messageId === sent.messageId)).toBe(true);
  });

  it('gives up after 5 retries', async () => {
    const r = await receiver(() => 503);
    await client().inboxWebhooks.create({ url: r.url });
    const ada = await leadBySlug(client(), 'ada-lovelace');
    await sendPronet(ada.conversations[0] as ConversationSummary, 'never acknowledged');
    const delays = [10_000, 20_000, 40_000, 80_000, 160_000];
    for (let i = 0; i < delays.length; i++) {
      await waitForOutcomes(i + 1);
      await advanceClock(delays[i] as number);
    }
    const outcomes = await waitForOutcomes(6);
    expect(outcomes.map((o) => o.attempt)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(outcomes[5]?.next).toBe('abandoned');
    await advanceClock(24 * 3_600_000);
    await settle(200);
    expect(r.deliveries).toHaveLength(6);
  });

  it('counts a receiver that does not answer within 3 s as failed, and retries', async () => {
    const r = await receiver((n) => (n === 1 ? 'hang' : 200));
    await client().inboxWebhooks.create({ url: r.url });
    const ada = await leadBySlug(client(), 'ada-lovelace');
    await sendPronet(ada.conversations[0] as ConversationSummary, 'slow receiver');
    await r.waitFor(1);
    await advanceClock(3_000);
    expect((await waitForOutcomes(1))[0]).toMatchObject({ attempt: 0, status: null, timedOut: true, next: 'retry' });
    await advanceClock(10_000);
    expect((await waitForOutcomes(2))[1]).toMatchObject({ attempt: 1, status: 200, ok: true });
  });

  it('a deleted webhook receives nothing more', async () => {
    const r = await receiver();
    const w = await client().inboxWebhooks.create({ url: r.url });
    await client().inboxWebhooks.delete({ id: w.id });
    const ada = await leadBySlug(client(), 'ada-lovelace');
    await sendPronet(ada.conversations[0] as ConversationSummary, 'nobody listens');
    await settle(200);
    expect(r.deliveries).toHaveLength(0);
  });
});
