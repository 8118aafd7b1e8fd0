// Leads (#8-13): create or merge into a named audience (fill empty fields only), search (pronetUrl
// canonicalised), status, remove from audience, logs, conversations.
import { beforeEach, describe, expect, it } from 'vitest';
import { clientFor, emulatorOrigin, freshRateWindow, leadBySlug, profileUrl, proWorkspace, rawCall, resetEmulator } from './harness';
import { oneLead } from '../../lib/api/lead-search';

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
});

const client = () => clientFor(proWorkspace());

describe('create or merge', () => {
  it('creates a lead in the named audience, creating the audience when missing', async () => {
    const res = await client().leads.create({
      audience: 'Conference 2031',
      firstname: 'Barbara',
      lastname: 'Liskov',
      companyName: 'MIT',
      pronetUrl: 'https://m.pronet.example/in/barbara-liskov?utm=x',
      proEmail: 'Barbara@MIT.example',
    });
    expect(res.statusCode).toBe(200);
    const { audiences } = await client().audiences.list();
    const audience = audiences.find((a) => a.name === 'Conference 2031');
    expect(audience?.size).toBe(1);
    const found = oneLead(await client().leads.search({ email: 'barbara@mit.example' }));
    expect(found.lead).toMatchObject({
      id: res.leadId,
      pronetUrl: profileUrl('barbara-liskov'),
      proEmail: 'barbara@mit.example',
      audienceIds: [audience?.id],
    });
  });

  it('merges into the matching lead, filling empty fields only', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const res = await client().leads.create({
      audience: 'Merged people',
      pronetUrl: 'http://pronet.example/in/ADA-LOVELACE/',
      jobTitle: 'Should not overwrite',
      picture: 'https://img.example/ada.png',
    });
    expect(res.leadId).toBe(ada.lead.id);
    const after = (oneLead(await client().leads.search({ leadId: ada.lead.id }))).lead;
    expect(after.jobTitle).toBe(ada.lead.jobTitle);
    expect(after.picture).toBe(ada.lead.picture ?? 'https://img.example/ada.png');
    expect(after.audienceIds).toHaveLength(ada.lead.audienceIds.length + 1);
  });

  it('needs one identifier at least (400)', async () => {
    await expect(client().leads.create({ audience: 'x', jobTitle: 'CTO' })).rejects.toMatchObject({ status: 400 });
    await expect(client().leads.create({ audience: 'x', firstname: 'A', lastname: 'B' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('search', () => {
  it('finds a lead by any address of its profile (canonicalised), by leadId, email, crmId and by name', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const port = new URL(emulatorOrigin()).port;
    for (const url of [
      'https://www.pronet.example/in/ada-lovelace/',
      'https://fr.pronet.example/in/Ada-Lovelace',
      'pronet.example/in/ada-lovelace/details/experience/',
      `http://pronet.localhost:${port}/in/ada-lovelace/`,
    ]) {
      expect((oneLead(await client().leads.search({ pronetUrl: url }))).lead.id).toBe(ada.lead.id);
    }
    expect((oneLead(await client().leads.search({ leadId: ada.lead.id }))).lead.id).toBe(ada.lead.id);
    expect((oneLead(await client().leads.search({ email: (ada.lead.proEmail ?? '').toUpperCase() }))).lead.id).toBe(ada.lead.id);
    const byName = oneLead(await client().leads.search({
      firstname: 'ada',
      lastname: ada.lead.lastname ?? '',
      companyName: ada.lead.companyName ?? '',
    }));
    expect(byName.lead.id).toBe(ada.lead.id);
  });

  it('finds a lead by its CRM id', async () => {
    const page = await client().audiences.list();
    for (const a of page.audiences) {
      for await (const lead of client().audiences.allLeads(a.id)) {
        if (lead.crmId) {
          expect((oneLead(await client().leads.search({ crmId: lead.crmId }))).lead.id).toBe(lead.id);
          return;
        }
      }
    }
    throw new Error('no lead with a crmId in the demo seed');
  });

  it('answers 404 when no lead matches (margaret-hamilton is no lead) and returns recent logs newest first', async () => {
    await expect(client().leads.search({ pronetUrl: profileUrl('margaret-hamilton') })).rejects.toMatchObject({ status: 404 });
    const ada = await leadBySlug(client(), 'ada-lovelace');
    await client().inbox.note({ leadId: ada.lead.id, note: 'touch' });
    const res = oneLead(await client().leads.search({ leadId: ada.lead.id }));
    expect(res.recentLogs[0]?.type).toBe('NOTE_UPDATED');
    const times = res.recentLogs.map((l) => l.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const none = await rawCall('/leads/search', { key: proWorkspace().apiKey });
    expect(none.status).toBe(400);
  });
});

describe('status, audiences, logs, conversations', () => {
  it('sets a lead status per campaign by name, "all", and reports campaigns it could not update', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const campaignName = ada.conversations[0]?.campaignName ?? '';
    const one = await client().leads.status({ leadId: ada.lead.id, status: 'INTERESTED', campaign: campaignName });
    expect(one.logs).toEqual([{ campaign: campaignName, leadStatus: 'INTERESTED', leadUpdated: true, reason: null }]);
    const mixed = await client().leads.status({ email: ada.lead.proEmail ?? '', status: 'CALL_BOOKED', campaign: [campaignName, 'No such'] });
    expect(mixed.logs.map((l) => l.leadUpdated)).toEqual([true, false]);
    expect(mixed.logs[1]?.reason).toEqual(expect.any(String));
    const all = await client().leads.status({ pronetUrl: ada.lead.pronetUrl ?? '', status: 'CONVERTED', campaign: 'all' });
    expect(all.logs.length).toBeGreaterThan(0);
    expect(all.logs.every((l) => l.leadUpdated && l.leadStatus === 'CONVERTED')).toBe(true);
  });

  it('removes a lead from an audience (by email or pronetUrl, never leadId)', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const audienceId = ada.lead.audienceIds[0] ?? '';
    const detail = await client().audiences.detail({ audienceId });
    await client().leads.removeFromAudience({ audience: detail.data.name, email: ada.lead.proEmail ?? '' });
    const after = (oneLead(await client().leads.search({ leadId: ada.lead.id }))).lead;
    expect(after.audienceIds).not.toContain(audienceId);
    expect((await client().audiences.detail({ audienceId })).data.size).toBe(detail.data.size - 1);
    const res = await rawCall<{ message: string }>('/leads/removefromaudience', {
      key: proWorkspace().apiKey,
      body: { audience: 'all', leadId: ada.lead.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/leadId/);
  });

  it('lists logs newest first with skip, limit, total and the identity filter', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const conv = ada.conversations[0];
    for (let i = 0; i < 4; i++) await client().inbox.note({ conversationId: conv?.id, note: `n${i}` });
    const all = await client().leads.logs({ leadId: ada.lead.id, limit: 100 });
    expect(all.total).toBeGreaterThanOrEqual(4);
    const page = await client().leads.logs({ leadId: ada.lead.id, skip: 1, limit: 2 });
    expect(page.data.map((l) => l.id)).toEqual(all.data.slice(1, 3).map((l) => l.id));
    const byIdentity = await client().leads.logs({ leadId: ada.lead.id, identityId: conv?.identityId, limit: 100 });
    expect(byIdentity.data.every((l) => l.identityId === conv?.identityId)).toBe(true);
    await expect(client().leads.logs({ leadId: 'lead_missing' })).rejects.toMatchObject({ status: 404 });
  });

  it('lists a lead\'s conversations, narrowed by identity', async () => {
    const grace = await leadBySlug(client(), 'grace-hopper');
    expect(grace.conversations).toHaveLength(2);
    const one = await client().leads.conversations({ leadId: grace.lead.id, identityId: grace.conversations[1]?.identityId });
    expect(one.data.map((c) => c.id)).toEqual([grace.conversations[1]?.id]);
  });
});
