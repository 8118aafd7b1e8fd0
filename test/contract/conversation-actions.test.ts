// Spec §3 "Conversation status" (archive, unarchive, snooze, automatic wake, unsnooze) and §4
// "Conversation actions" (targets, narrowing); endpoints.md: OPEN after unarchive/unsnooze/expiry.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  advanceClock,
  clientFor,
  emulatorNow,
  freshRateWindow,
  getConversation,
  leadBySlug,
  proWorkspace,
  rawCall,
  resetEmulator,
} from './harness';

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
});

const client = () => clientFor(proWorkspace());

async function openIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const c of client().conversations.searchAll({ status: ['OPEN'], limit: 100 })) ids.add(c.id);
  return ids;
}

describe('archive and unarchive', () => {
  it('archive moves an OPEN conversation to ARCHIVED, out of the active inbox', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const id = ada.conversations[0]?.id ?? '';
    const res = await client().inbox.archive({ email: ada.lead.proEmail ?? '' });
    expect(res.data).toMatchObject({ id, status: 'ARCHIVED', snoozeUntil: null });
    expect((await openIds()).has(id)).toBe(false);
    expect((await getConversation(id)).conversation.status).toBe('ARCHIVED');
  });

  it('unarchive brings an ARCHIVED conversation back to the inbox as OPEN', async () => {
    const kj = await leadBySlug(client(), 'katherine-johnson');
    expect(kj.conversations[0]?.status).toBe('ARCHIVED');
    const res = await client().inbox.unarchive({ pronetUrl: kj.lead.pronetUrl ?? '' });
    expect(res.data.status).toBe('OPEN');
    expect((await openIds()).has(kj.conversations[0]?.id ?? '')).toBe(true);
  });
});

describe('snooze, wake, unsnooze', () => {
  it('snooze hides the conversation until an ISO date (SNOOZED, snoozeUntil in epoch ms)', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const until = new Date((await emulatorNow()) + 86_400_000).toISOString();
    const res = await client().inbox.snooze({ leadId: ada.lead.id, snoozeUntil: until });
    expect(res.data.status).toBe('SNOOZED');
    expect(res.data.snoozeUntil).toBe(Date.parse(until));
    expect((await openIds()).has(res.data.id)).toBe(false);
  });

  it('snooze accepts epoch milliseconds and refuses a date that is not in the future (400)', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const now = await emulatorNow();
    const ok = await client().inbox.snooze({ conversationId: ada.conversations[0]?.id, snoozeUntil: now + 60_000 });
    expect(ok.data.snoozeUntil).toBe(now + 60_000);
    const past = await client()
      .inbox.snooze({ conversationId: ada.conversations[0]?.id, snoozeUntil: now - 1000 })
      .catch((e: unknown) => e);
    expect(past).toMatchObject({ status: 400 });
    const bad = await rawCall<{ message: string }>('/inbox/conversations/snooze', {
      key: proWorkspace().apiKey,
      body: { conversationId: ada.conversations[0]?.id, snoozeUntil: 'tomorrow' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/snoozeUntil/);
  });

  it('wakes automatically when the snooze date is reached on the emulator clock (OPEN, no date)', async () => {
    const alan = await leadBySlug(client(), 'alan-turing');
    const c = alan.conversations[0];
    expect(c?.status).toBe('SNOOZED');
    const until = c?.snoozeUntil ?? 0;
    expect(until).toBeGreaterThan(await emulatorNow());
    await advanceClock(until - (await emulatorNow()) - 60_000);
    expect((await leadBySlug(client(), 'alan-turing')).conversations[0]?.status).toBe('SNOOZED');
    await advanceClock(61_000);
    const woke = (await leadBySlug(client(), 'alan-turing')).conversations[0];
    expect(woke).toMatchObject({ status: 'OPEN', snoozeUntil: null });
    expect((await openIds()).has(c?.id ?? '')).toBe(true);
    const whole = await getConversation(c?.id ?? '');
    expect(whole.conversation.status).toBe('OPEN');
  });

  it('unsnooze wakes a conversation early (OPEN)', async () => {
    const alan = await leadBySlug(client(), 'alan-turing');
    const res = await client().inbox.unsnooze({ conversationId: alan.conversations[0]?.id });
    expect(res.data).toMatchObject({ status: 'OPEN', snoozeUntil: null });
  });
});

describe('action targets', () => {
  it('a lead with several conversations needs identityId, campaignId or campaignName (409 otherwise)', async () => {
    const grace = await leadBySlug(client(), 'grace-hopper');
    await expect(client().inbox.archive({ leadId: grace.lead.id })).rejects.toMatchObject({
      status: 409,
      details: { candidates: expect.any(Array) },
    });
    const second = grace.conversations[1];
    const res = await client().inbox.archive({ leadId: grace.lead.id, campaignName: second?.campaignName ?? '' });
    expect(res.data.id).toBe(second?.id);
  });

  it('refuses an unknown body field with 400 naming it', async () => {
    const res = await rawCall<{ message: string }>('/inbox/conversations/archive', {
      key: proWorkspace().apiKey,
      body: { leadId: 'x', reason: 'spam' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/reason/);
  });
});
