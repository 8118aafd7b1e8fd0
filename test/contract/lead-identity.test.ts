// Who is this person (issue 13): the two answers of the lead search (endpoints.md row 9), a
// name search, the merge that sets a missing pronetUrl, the logs' paging and every lead status.
import { beforeEach, describe, expect, it } from 'vitest';
import { isSingleLead, oneLead, searchedLeads } from '../../lib/api/lead-search';
import { LeadStatus } from '../../lib/api/schemas';
import { clientFor, emulatorCalls, freshRateWindow, leadBySlug, profileUrl, proWorkspace, rawCall, resetEmulator } from './harness';

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
});

const client = () => clientFor(proWorkspace());
const JEAN = profileUrl('jean-sammet');
const JOAN = { firstname: 'Joan', lastname: 'Clarke', companyName: 'Hut Eight Analytics' };

describe('the lead search answers one lead or several', () => {
  it('one lead: {lead, recentLogs}', async () => {
    const res = await client().leads.search({ pronetUrl: profileUrl('ada-lovelace') });
    expect(isSingleLead(res)).toBe(true);
    expect(oneLead(res).recentLogs.length).toBeGreaterThan(0);
  });

  it('several leads with the canonical pronetUrl: {leads, tooManyResults}, whatever address of the profile is given', async () => {
    const res = await client().leads.search({ pronetUrl: 'http://pronet.localhost:1/in/Jean-Sammet/details/experience/' });
    expect(isSingleLead(res)).toBe(false);
    expect(res).toMatchObject({ tooManyResults: false });
    const leads = searchedLeads(res);
    expect(leads.map((l) => [l.firstname, l.pronetUrl])).toEqual([
      ['Jean', JEAN],
      ['Jean', JEAN],
    ]);
    expect(() => oneLead(res)).toThrow(/2 leads/);
    // The raw body has no `lead` and no `recentLogs` (the client did not invent the shape).
    const raw = await rawCall<Record<string, unknown>>(`/leads/search?pronetUrl=${encodeURIComponent(JEAN)}`, { key: proWorkspace().apiKey });
    expect(Object.keys(raw.body).sort()).toEqual(['leads', 'statusCode', 'tooManyResults']);
  });

  it('uses only the highest identifier: leadId wins over a duplicated pronetUrl, pronetUrl over email', async () => {
    const [older] = searchedLeads(await client().leads.search({ pronetUrl: JEAN }));
    const byId = await client().leads.search({ leadId: older?.id ?? '', pronetUrl: JEAN });
    expect(oneLead(byId).lead.id).toBe(older?.id);
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const byUrl = await client().leads.search({ pronetUrl: profileUrl('ada-lovelace'), email: 'jean@cobol.example' });
    expect(oneLead(byUrl).lead.id).toBe(ada.lead.id);
  });

  it('finds a lead by name and company (any case) that no URL finds', async () => {
    await expect(client().leads.search({ pronetUrl: profileUrl('joan-clarke') })).rejects.toMatchObject({ status: 404 });
    const res = oneLead(await client().leads.search({ firstname: 'JOAN', lastname: 'clarke', companyName: 'hut eight analytics' }));
    expect(res.lead).toMatchObject({ ...JOAN, pronetUrl: null });
  });

  it('a merge by leadId sets the missing pronetUrl and leaves the other fields as they are', async () => {
    const { lead } = oneLead(await client().leads.search(JOAN));
    const res = await client().leads.create({
      audience: 'Identity check',
      leadId: lead.id,
      pronetUrl: 'http://pronet.localhost:8787/in/Joan-Clarke/',
      jobTitle: 'Not this one',
      companyName: 'Nor this one',
    });
    expect(res.leadId).toBe(lead.id);
    const after = oneLead(await client().leads.search({ pronetUrl: profileUrl('joan-clarke') })).lead;
    expect(after).toEqual({ ...lead, pronetUrl: profileUrl('joan-clarke') });
  });

  it('pages the logs of a lead beyond the recent ones (skip, limit, total)', async () => {
    const [older] = searchedLeads(await client().leads.search({ pronetUrl: JEAN }));
    const { recentLogs } = oneLead(await client().leads.search({ leadId: older?.id ?? '' }));
    const first = await client().leads.logs({ leadId: older?.id ?? '', skip: 0, limit: 5 });
    const second = await client().leads.logs({ leadId: older?.id ?? '', skip: 5, limit: 5 });
    expect(first.data.map((l) => l.id)).toEqual(recentLogs.map((l) => l.id));
    expect(first.total).toBeGreaterThan(5);
    expect(second.data.length).toBe(Math.min(5, first.total - 5));
    expect(new Set([...first.data, ...second.data].map((l) => l.id)).size).toBe(first.data.length + second.data.length);
  });
});

describe('POST /leads/status, for each outcome the service takes', () => {
  it.each(LeadStatus.options)('%s lands on the conversation campaign and in the logs', async (status) => {
    const [older] = searchedLeads(await client().leads.search({ pronetUrl: JEAN }));
    const res = await client().leads.status({ leadId: older?.id ?? '', status, campaign: 'Identity check' });
    expect(res.logs).toEqual([{ campaign: 'Identity check', leadStatus: status, leadUpdated: true, reason: null }]);
    const { recentLogs } = oneLead(await client().leads.search({ leadId: older?.id ?? '' }));
    expect(recentLogs[0]).toMatchObject({ type: 'STATUS_CHANGED', description: `Status set to ${status}`, campaignName: 'Identity check' });
  });

  it('refuses per campaign with a reason: a campaign the lead is not in', async () => {
    const [, newer] = searchedLeads(await client().leads.search({ pronetUrl: JEAN }));
    const res = await client().leads.status({ leadId: newer?.id ?? '', status: 'INTERESTED', campaign: 'Identity check' });
    expect(res.logs).toEqual([{ campaign: 'Identity check', leadStatus: '', leadUpdated: false, reason: expect.any(String) as string }]);
    expect((await emulatorCalls()).filter((c) => c.endpoint === 'updateLeadStatus').map((c) => c.status)).toEqual([200]);
  });
});
