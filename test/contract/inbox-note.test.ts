// Spec §4 "Inbox note update" rules 1-4, §7 rule 2 and §8 (note length 1500).
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { clientFor, freshRateWindow, leadBySlug, proWorkspace, rawCall, resetEmulator, setClock } from './harness';

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
});

const client = () => clientFor(proWorkspace());

describe('note: lookup priority', () => {
  it('conversationId wins over every other identifier and filter', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const kj = await leadBySlug(client(), 'katherine-johnson');
    const res = await client().inbox.note({
      conversationId: ada.conversations[0]?.id,
      leadId: kj.lead.id,
      email: 'nobody@nowhere.example',
      identityId: 'idt_unknown',
      note: 'by conversation id',
    });
    expect(res.data.conversationId).toBe(ada.conversations[0]?.id);
  });

  it('then leadId (over email and pronetUrl), then email (over pronetUrl), then pronetUrl', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const kj = await leadBySlug(client(), 'katherine-johnson');
    const byLead = await client().inbox.note({ leadId: ada.lead.id, email: kj.lead.proEmail ?? '', note: 'a' });
    expect(byLead.data.conversationId).toBe(ada.conversations[0]?.id);
    const byEmail = await client().inbox.note({
      email: ada.lead.proEmail ?? '',
      pronetUrl: kj.lead.pronetUrl ?? '',
      note: 'b',
    });
    expect(byEmail.data.conversationId).toBe(ada.conversations[0]?.id);
    const byUrl = await client().inbox.note({ pronetUrl: 'http://fr.pronet.example/in/Ada-Lovelace?trk=x', note: 'c' });
    expect(byUrl.data.conversationId).toBe(ada.conversations[0]?.id);
  });

  it('answers 404 when no lead matches or the lead has no conversation, 400 without any identifier', async () => {
    await expect(client().inbox.note({ email: 'nobody@nowhere.example', note: 'x' })).rejects.toMatchObject({ status: 404 });
    const edsger = await leadBySlug(client(), 'edsger-dijkstra');
    expect(edsger.conversations).toEqual([]);
    await expect(client().inbox.note({ leadId: edsger.lead.id, note: 'x' })).rejects.toMatchObject({ status: 404 });
    const res = await rawCall<{ message: string }>('/inbox/conversations/note', {
      key: proWorkspace().apiKey,
      body: { note: 'x', identityId: 'i' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/conversationId/);
  });
});

describe('note: a lead with several conversations', () => {
  it('fails with 409 and the candidates when nothing narrows it down', async () => {
    const grace = await leadBySlug(client(), 'grace-hopper');
    expect(grace.conversations).toHaveLength(2);
    const err = await client()
      .inbox.note({ pronetUrl: grace.lead.pronetUrl ?? '', note: 'x' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).serviceMessage).toMatch(/identityId, campaignId or campaignName/);
    const candidates = (err as ApiError).details?.candidates as { conversationId: string }[];
    expect(candidates.map((c) => c.conversationId).sort()).toEqual(grace.conversations.map((c) => c.id).sort());
    expect(candidates[0]).toEqual({
      conversationId: expect.any(String),
      identityId: expect.any(String),
      campaignId: expect.any(String),
      campaignName: expect.any(String),
    });
  });

  it('narrows by identityId, then campaignId (its identity), then campaignName (its identity)', async () => {
    const grace = await leadBySlug(client(), 'grace-hopper');
    const [a, b] = grace.conversations as [(typeof grace.conversations)[0], (typeof grace.conversations)[0]];
    expect(a.identityId).not.toBe(b.identityId);
    const byIdentity = await client().inbox.note({ leadId: grace.lead.id, identityId: b.identityId, note: '1' });
    expect(byIdentity.data.conversationId).toBe(b.id);
    const byCampaign = await client().inbox.note({ leadId: grace.lead.id, campaignId: a.campaignId ?? '', note: '2' });
    expect(byCampaign.data.conversationId).toBe(a.id);
    const byName = await client().inbox.note({ leadId: grace.lead.id, campaignName: b.campaignName ?? '', note: '3' });
    expect(byName.data.conversationId).toBe(b.id);
    // identityId comes before campaignId
    const both = await client().inbox.note({
      leadId: grace.lead.id,
      identityId: a.identityId,
      campaignId: b.campaignId ?? '',
      note: '4',
    });
    expect(both.data.conversationId).toBe(a.id);
    // campaignId comes before campaignName
    const both2 = await client().inbox.note({
      leadId: grace.lead.id,
      campaignId: b.campaignId ?? '',
      campaignName: a.campaignName ?? '',
      note: '5',
    });
    expect(both2.data.conversationId).toBe(b.id);
  });

  it('answers 404 when the filter matches none of the lead\'s conversations', async () => {
    const grace = await leadBySlug(client(), 'grace-hopper');
    await expect(client().inbox.note({ leadId: grace.lead.id, identityId: 'idt_none', note: 'x' })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('note: replace and append', () => {
  it('replace: the whole note is replaced, and the note travels with the conversation summary', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const res = await client().inbox.note({ conversationId: ada.conversations[0]?.id, note: 'Fresh note' });
    expect(res.data).toEqual({ conversationId: ada.conversations[0]?.id, note: 'Fresh note', noteLength: 10, truncated: false });
    const again = await leadBySlug(client(), 'ada-lovelace');
    expect(again.conversations[0]?.note).toBe('Fresh note');
  });

  it('replace: a note longer than 1500 characters is cut from the end', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const long = 'x'.repeat(1400) + 'y'.repeat(200);
    const res = await client().inbox.note({ conversationId: ada.conversations[0]?.id, note: long });
    expect(res.data.truncated).toBe(true);
    expect(res.data.noteLength).toBe(1500);
    expect(res.data.note).toBe(long.slice(0, 1500));
  });

  it('append: adds "\\n-- YYYY-MM-DD HH:mm --\\n" (UTC, emulator clock) and the text after the note', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const c = ada.conversations[0];
    const before = c?.note ?? '';
    expect(before).not.toBe('');
    await setClock({ now: Date.UTC(2031, 0, 2, 3, 4, 59) });
    const res = await client().inbox.note({ conversationId: c?.id, note: 'Called back.', mode: 'append' });
    expect(res.data.note).toBe(`${before}\n-- 2031-01-02 03:04 --\nCalled back.`);
    expect(res.data.truncated).toBe(false);
  });

  it('append: over 1500 characters the oldest content goes from the beginning', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const id = ada.conversations[0]?.id;
    const old = Array.from({ length: 30 }, (_, i) => `line ${String(i).padStart(2, '0')} ${'.'.repeat(40)}`).join('\n');
    await client().inbox.note({ conversationId: id, note: old });
    await setClock({ now: Date.UTC(2030, 11, 31, 23, 59, 0) });
    const text = 'z'.repeat(200);
    const res = await client().inbox.note({ conversationId: id, note: text, mode: 'append' });
    const full = `${old}\n-- 2030-12-31 23:59 --\n${text}`;
    expect(full.length).toBeGreaterThan(1500);
    expect(res.data.truncated).toBe(true);
    expect(res.data.note).toBe(full.slice(full.length - 1500));
    expect(res.data.note.endsWith(text)).toBe(true);
  });

  it('refuses an unknown mode or a non-string note with 400 naming the field', async () => {
    const key = proWorkspace().apiKey;
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const mode = await rawCall<{ message: string }>('/inbox/conversations/note', {
      key,
      body: { conversationId: ada.conversations[0]?.id, note: 'x', mode: 'prepend' },
    });
    expect(mode.status).toBe(400);
    expect(mode.body.message).toMatch(/mode/);
    const note = await rawCall<{ message: string }>('/inbox/conversations/note', {
      key,
      body: { conversationId: ada.conversations[0]?.id, note: 5 },
    });
    expect(note.status).toBe(400);
    expect(note.body.message).toMatch(/note/);
  });
});
