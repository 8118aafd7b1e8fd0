import { describe, expect, it } from 'vitest';
import type { Lead } from '../../api/schemas';
import type { CrmSearchRequest, CrmSearchResult } from '../../api/schemas/crm';
import type { OutboxCallOptions } from '../outbox';
import type { TabInfo } from '../tab-registry';
import { CRM_CONNECTED_FRESH_MS, CRM_RECORDS_FRESH_MS, crmHandlers } from './crm';

const ctx = { sender: 'page' } as never;
const ADA_URL = 'https://www.pronet.example/in/ada-lovelace/';

function memoryMeta() {
  const m = new Map<string, unknown>();
  return { get: async <T>(k: string) => m.get(k) as T | undefined, set: async (k: string, v: unknown) => void m.set(k, structuredClone(v)) };
}

function setup(opts: { connected?: ('crmA' | 'crmB')[]; records?: (CrmSearchResult & { by: keyof CrmSearchRequest; value: string })[]; lead?: Partial<Lead> } = {}) {
  let now = 1_000_000;
  let key = 'key_one';
  const calls: { what: string; priority: unknown }[] = [];
  const lead = { id: 'lead_ada', pronetUrl: ADA_URL, proEmail: 'ada@analytical.example', persoEmail: null, firstname: 'Ada', lastname: 'Lovelace', companyName: 'Analytical Engines', ...opts.lead } as Lead;
  const connected = opts.connected ?? ['crmA'];
  const handlers = crmHandlers({
    api: {
      crmIntegrations: async (o: OutboxCallOptions) => {
        calls.push({ what: 'integrations', priority: o.priority });
        return { statusCode: 200, crmA: { connected: connected.includes('crmA') }, crmB: { connected: connected.includes('crmB') }, planIncludesCrmSync: true };
      },
      crmSearch: async (q: CrmSearchRequest, o: OutboxCallOptions) => {
        calls.push({ what: `search ${Object.keys(q).join('+')}`, priority: o.priority });
        return (opts.records ?? []).filter((r) => q[r.by] === r.value).map(({ crm, id, url, name }) => ({ crm, id, url, name }));
      },
    },
    tabs: { known: async () => ({ url: ADA_URL, profileUrl: ADA_URL }) as TabInfo },
    cache: { byLead: async (id: string) => (id === lead.id ? [{ profileUrl: ADA_URL, leadId: lead.id, lead, conversations: [], fetchedAt: now }] : []) },
    meta: memoryMeta(),
    clock: { now: () => now },
    key: () => key,
  });
  const ask = (req: object) => handlers['crm-records']({ tabId: 1, ...req } as never, ctx);
  return { ask, calls, tick: (ms: number) => (now += ms), setKey: (k: string) => (key = k) };
}

const adaInA = { crm: 'crmA' as const, id: 'c1', url: 'https://crm-a.example/contacts/c1', name: 'Ada Lovelace' };

describe('crm-records', () => {
  it('asks nothing more when no CRM is connected, and asks that once per key', async () => {
    const s = setup({ connected: [] });
    expect(await s.ask({ leadId: 'lead_ada' })).toMatchObject({ connected: [], records: [] });
    expect(await s.ask({ leadId: 'lead_ada' })).toMatchObject({ connected: [] });
    expect(s.calls.map((c) => c.what)).toEqual(['integrations']);
    s.setKey('key_two');
    await s.ask({ leadId: 'lead_ada' });
    expect(s.calls.map((c) => c.what)).toEqual(['integrations', 'integrations']);
    s.tick(CRM_CONNECTED_FRESH_MS);
    await s.ask({ leadId: 'lead_ada' });
    expect(s.calls.filter((c) => c.what === 'integrations')).toHaveLength(3);
  });

  it('finds a lead by the profile address first, below the profile look-up, and keeps the answer a while', async () => {
    const s = setup({ records: [{ ...adaInA, by: 'pronetUrl', value: ADA_URL }] });
    const view = await s.ask({ leadId: 'lead_ada' });
    expect(view).toMatchObject({ connected: ['crmA'], matchedBy: 'address', tried: ['address'], records: [{ crm: 'crmA', name: 'Ada Lovelace', url: adaInA.url }] });
    expect(s.calls).toEqual([
      { what: 'integrations', priority: 'list' },
      { what: 'search pronetUrl', priority: 'list' },
    ]);
    await s.ask({ leadId: 'lead_ada' });
    expect(s.calls).toHaveLength(2);
    s.tick(CRM_RECORDS_FRESH_MS);
    await s.ask({ leadId: 'lead_ada' });
    expect(s.calls).toHaveLength(3);
  });

  it('falls back to the email, then to name and company, saying which way matched', async () => {
    const byEmail = setup({ records: [{ ...adaInA, by: 'email', value: 'ada@analytical.example' }] });
    expect(await byEmail.ask({ leadId: 'lead_ada' })).toMatchObject({ matchedBy: 'email', tried: ['address', 'email'] });
    const byName = setup({ records: [{ ...adaInA, by: 'lastname', value: 'Lovelace' }] });
    expect(await byName.ask({ leadId: 'lead_ada' })).toMatchObject({ matchedBy: 'name', tried: ['address', 'email', 'name'] });
    const none = setup();
    expect(await none.ask({ leadId: 'lead_ada' })).toMatchObject({ matchedBy: null, records: [], tried: ['address', 'email', 'name'] });
  });

  it('searches a non-lead by its address alone, and by name only when the user pressed it (user priority)', async () => {
    const s = setup({ records: [{ crm: 'crmB', id: 'm1', url: 'https://crm-b.example/people/m1', name: 'Margaret Hamilton', by: 'lastname', value: 'Hamilton' }], connected: ['crmA', 'crmB'] });
    expect(await s.ask({})).toMatchObject({ matchedBy: null, tried: ['address'] });
    const pressed = await s.ask({ byName: { firstname: 'Margaret', lastname: 'Hamilton', companyName: 'MIT' } });
    expect(pressed).toMatchObject({ matchedBy: 'name', records: [{ crm: 'crmB', name: 'Margaret Hamilton' }] });
    expect(s.calls.slice(1)).toEqual([
      { what: 'search pronetUrl', priority: 'list' },
      { what: 'search firstname+lastname+companyName', priority: 'user' },
    ]);
  });

  it('never makes a link of an address that is not a web address', async () => {
    const s = setup({ records: [{ ...adaInA, url: 'javascript:alert(1)', by: 'pronetUrl', value: ADA_URL }] });
    expect((await s.ask({ leadId: 'lead_ada' })).records).toEqual([{ crm: 'crmA', name: 'Ada Lovelace', url: null }]);
  });
});
