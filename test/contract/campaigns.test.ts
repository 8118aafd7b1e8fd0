// Spec §4 Campaigns (list, one, stats, statsleads, messages) and §8 page sizes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../lib/api/schemas';
import type { Caller } from '../../lib/api/client';
import { createBackgroundApi } from '../../lib/background/api';
import { clientFor, emulatorCalls, proWorkspace, rawCall, resetEmulator } from './harness';

let campaigns: Campaign[] = [];

beforeAll(async () => {
  await resetEmulator('demo');
  campaigns = [];
  for await (const c of clientFor(proWorkspace()).campaigns.all()) campaigns.push(c);
});

describe('campaign list', () => {
  it('pages with skip and limit; limit defaults to 25 and the total counts them all', async () => {
    const client = clientFor(proWorkspace());
    const first = await client.campaigns.list();
    expect(first.statusCode).toBe(200);
    expect(first.total).toBeGreaterThan(25);
    expect(first.campaigns).toHaveLength(25);
    const second = await client.campaigns.list({ skip: 25, limit: 25 });
    expect(second.campaigns).toHaveLength(first.total - 25);
    const ids = new Set([...first.campaigns, ...second.campaigns].map((c) => c.id));
    expect(ids.size).toBe(first.total);
    expect(campaigns).toHaveLength(first.total);
    const small = await client.campaigns.list({ skip: 2, limit: 3 });
    expect(small.campaigns.map((c) => c.id)).toEqual(first.campaigns.slice(2, 5).map((c) => c.id));
  });

  it('refuses a limit above 25 or a negative skip with 400 naming the field', async () => {
    const key = proWorkspace().apiKey;
    const over = await rawCall<{ message: string; details: { field: string } }>('/campaigns?limit=26', { key });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/limit/);
    expect(over.body.details.field).toBe('limit');
    const negative = await rawCall<{ message: string }>('/campaigns?skip=-1', { key });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toMatch(/skip/);
  });
});

describe('one campaign', () => {
  it('returns {statusCode, campaign} with 24-hex ids and derived audience and identity names', async () => {
    const c = campaigns[0] as Campaign;
    const res = await clientFor(proWorkspace()).campaigns.get({ campaignId: c.id });
    expect(res.statusCode).toBe(200);
    expect(res.campaign).toEqual(c);
    expect(res.campaign.id).toMatch(/^[0-9a-f]{24}$/);
    expect(res.campaign.audienceName).not.toBe('');
    expect(res.campaign.identityFirstname).not.toBe('');
  });

  it('answers 404 for an unknown id and 400 for an id that is not 24-hex', async () => {
    const client = clientFor(proWorkspace());
    await expect(client.campaigns.get({ campaignId: 'ffffffffffffffffffffffff' })).rejects.toMatchObject({ status: 404 });
    await expect(client.campaigns.messages({ campaignId: 'not-hex' })).rejects.toMatchObject({ status: 400 });
  });

  it('returns the whole engagementStats tree for the campaign', async () => {
    const c = campaigns[0] as Campaign;
    const res = await clientFor(proWorkspace()).campaigns.stats({ campaignId: c.id });
    expect(res.engagementStats.campaignId).toBe(c.id);
    expect(res.engagementStats.channel.pronet.contactRequest).toBeDefined();
    expect(res.engagementStats.status.won.total).toBeGreaterThanOrEqual(0);
  });

  it('returns the message templates in sequence order with their total', async () => {
    const c = campaigns[0] as Campaign;
    const res = await clientFor(proWorkspace()).campaigns.messages({ campaignId: c.id });
    expect(res.total).toBe(res.data.length);
    expect(res.data.map((t) => t.order)).toEqual([...res.data.map((t) => t.order)].sort((a, b) => a - b));
  });
});

describe('statsleads', () => {
  async function bigCampaign() {
    const client = clientFor(proWorkspace());
    for (const c of campaigns) {
      const page = await client.campaigns.statsLeads({ campaignId: c.id });
      if (page.count > 50) return { c, page };
    }
    throw new Error('the demo seed has no campaign with more than 50 stats leads');
  }

  it('gives the first 25 with no parameter, the next 25 after the last id, until hasMore is false', async () => {
    const client = clientFor(proWorkspace());
    const { c, page } = await bigCampaign();
    expect(page.leads).toHaveLength(25);
    expect(page.hasMore).toBe(true);
    expect(page.hasLess).toBe(false);
    const seen = page.leads.map((l) => l.id);
    let last = page;
    while (last.hasMore) {
      last = await client.campaigns.statsLeads({ campaignId: c.id, getLeadsAfter: last.leads.at(-1)?.id });
      expect(last.leads.length).toBeLessThanOrEqual(25);
      expect(last.hasLess).toBe(true);
      expect(last.count).toBe(page.count);
      seen.push(...last.leads.map((l) => l.id));
    }
    expect(seen).toHaveLength(page.count);
    expect(new Set(seen).size).toBe(page.count);
    const all: string[] = [];
    for await (const l of client.campaigns.allStatsLeads(c.id)) all.push(l.id);
    expect(all).toEqual(seen);
  });

  it('gives the 25 leads before a lead with getLeadsBefore', async () => {
    const client = clientFor(proWorkspace());
    const { c, page } = await bigCampaign();
    const second = await client.campaigns.statsLeads({ campaignId: c.id, getLeadsAfter: page.leads.at(-1)?.id });
    const back = await client.campaigns.statsLeads({ campaignId: c.id, getLeadsBefore: second.leads[0]?.id });
    expect(back.leads.map((l) => l.id)).toEqual(page.leads.map((l) => l.id));
    expect(back.hasLess).toBe(false);
    expect(back.hasMore).toBe(true);
    const partial = await client.campaigns.statsLeads({ campaignId: c.id, getLeadsBefore: page.leads[3]?.id });
    expect(partial.leads.map((l) => l.id)).toEqual(page.leads.slice(0, 3).map((l) => l.id));
  });

  it('answers 404 for a cursor lead that is not in the campaign', async () => {
    const { c } = await bigCampaign();
    await expect(
      clientFor(proWorkspace()).campaigns.statsLeads({ campaignId: c.id, getLeadsAfter: 'lead_unknown' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("the background's campaign list (the queue's campaign filter, \"Add to a campaign\")", () => {
  it('holds every campaign, page after page, at the priority asked', async () => {
    const ws = proWorkspace();
    const priorities: (string | undefined)[] = [];
    const call = clientFor(ws).call;
    const api = createBackgroundApi(((def, ...args) => {
      priorities.push((args[1] as { priority?: string } | undefined)?.priority);
      return call(def, ...args);
    }) as Caller);
    const before = Math.max(0, ...(await emulatorCalls({ workspace: ws.id })).map((c) => c.id));
    const listed = await api.campaigns({ priority: 'background' });
    expect(campaigns.length).toBeGreaterThan(25);
    expect(listed.map((c) => c.id)).toEqual(campaigns.map((c) => c.id));
    const paths = (await emulatorCalls({ workspace: ws.id }))
      .filter((c) => c.id > before)
      .sort((a, b) => a.id - b.id)
      .map((c) => c.path);
    expect(paths).toEqual(['/flow/campaigns?skip=0&limit=25', '/flow/campaigns?skip=25&limit=25']);
    expect(priorities).toEqual(['background', 'background']);
  });
});
