import { describe, expect, it } from 'vitest';
import { crmQueries, lookUpCrm, type CrmHit, type CrmQuery } from './crm-lookup';

const hit: CrmHit = { crm: 'crmA', id: 'a1', url: 'https://crm-a.example/a1', name: 'Ada Lovelace' };
const ada = { pronetUrl: 'https://pronet.example/in/ada', email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', companyName: 'Engines' };

describe('CRM look-up', () => {
  it('asks by address first and stops there when it matches', async () => {
    const asked: CrmQuery[] = [];
    const out = await lookUpCrm(ada, async (q) => (asked.push(q), [hit]));
    expect(out).toEqual({ records: [hit], matchedBy: 'address', tried: ['address'], calls: 1 });
    expect(asked).toEqual([{ pronetUrl: ada.pronetUrl }]);
  });

  it('falls back to email, then name and company, and says which matched', async () => {
    const out = await lookUpCrm(ada, async (q) => ('companyName' in q ? [hit] : []));
    expect(out).toEqual({ records: [hit], matchedBy: 'name', tried: ['address', 'email', 'name'], calls: 3 });
  });

  it('skips the ways it has no data for; nothing matched is said as such', async () => {
    expect(crmQueries({ pronetUrl: 'u', firstname: 'Ada', lastname: 'Lovelace', companyName: null }).map((q) => q.by)).toEqual(['address']);
    expect(await lookUpCrm({ email: 'x@y.z' }, async () => [])).toEqual({ records: [], matchedBy: null, tried: ['email'], calls: 1 });
    expect(await lookUpCrm({}, async () => [hit])).toEqual({ records: [], matchedBy: null, tried: [], calls: 0 });
  });
});
