import { describe, expect, it } from 'vitest';
import { buildSeed } from '../seed/index';
import { WorkspaceStore } from '../store';
import { LEAD_SEARCH_MAX, canonicalPronetUrl, leadByIdentifier, searchLeadsBy } from './lead-lookup';

function demoPro(): WorkspaceStore {
  const data = buildSeed('demo', { now: Date.UTC(2030, 5, 1) }).workspaces.find((w) => w.name === 'demo-pro');
  if (!data) throw new Error('demo seed without demo-pro');
  return new WorkspaceStore(data);
}

const ADA_URL = 'https://www.pronet.example/in/ada-lovelace/';

describe('leadByIdentifier (lead routes and conversation targets)', () => {
  const ws = demoPro();
  const ada = ws.leadByPronetUrl(ADA_URL)!;
  const other = ws.data.leads.find((l) => l !== ada && l.proEmail)!;

  it('uses the first identifier given: leadId, then email (any case), then pronetUrl (canonicalised)', () => {
    expect(leadByIdentifier(ws, { leadId: ada.id, email: other.proEmail! }, 'none')).toBe(ada);
    expect(leadByIdentifier(ws, { email: other.proEmail!.toUpperCase(), pronetUrl: ADA_URL }, 'none')).toBe(other);
    expect(leadByIdentifier(ws, { pronetUrl: 'http://pronet.example/in/ada-lovelace?trk=x' }, 'none')).toBe(ada);
  });

  it('is not-found when the identifier matches nothing, even if a later one would', () => {
    expect(() => leadByIdentifier(ws, { leadId: 'lead_missing', pronetUrl: ADA_URL }, 'none')).toThrow(
      expect.objectContaining({ kind: 'not-found', message: 'No lead matches leadId lead_missing.' }),
    );
    expect(() => leadByIdentifier(ws, { email: 'nobody@nowhere.example' }, 'none')).toThrow(expect.objectContaining({ kind: 'not-found' }));
  });

  it('is invalid for a URL off pronet, and with the caller’s sentence when no identifier is given', () => {
    expect(() => leadByIdentifier(ws, { pronetUrl: 'https://example.com/in/ada/' }, 'none')).toThrow(
      expect.objectContaining({ kind: 'invalid', message: 'pronetUrl is not a pronet profile URL.' }),
    );
    expect(() => leadByIdentifier(ws, {}, 'Give leadId, email or pronetUrl.')).toThrow(
      expect.objectContaining({ kind: 'invalid', message: 'Give leadId, email or pronetUrl.' }),
    );
    expect(canonicalPronetUrl('https://pronet.example/in/ada-lovelace')).toBe(ADA_URL);
  });
});

describe('searchLeadsBy (the lead search, endpoints.md row 9)', () => {
  const ws = demoPro();
  const ada = ws.leadByPronetUrl(ADA_URL)!;
  const JEAN_URL = 'https://www.pronet.example/in/jean-sammet/';
  const withCrm = ws.data.leads.find((l) => l !== ada && Object.values(l.crmIds).some(Boolean))!;
  const crmId = Object.values(withCrm.crmIds).find(Boolean)!;

  it('uses the priority leadId > crmId > pronetUrl > email > name, whichever order the keys come in', () => {
    const all = { email: 'jean@cobol.example', pronetUrl: ADA_URL, crmId, leadId: ada.id, firstname: 'Joan', lastname: 'Clarke', companyName: 'Hut Eight Analytics' };
    expect(searchLeadsBy(ws, all)).toEqual({ kind: 'one', lead: ada });
    expect(searchLeadsBy(ws, { ...all, leadId: undefined })).toEqual({ kind: 'one', lead: withCrm });
    expect(searchLeadsBy(ws, { ...all, leadId: undefined, crmId: undefined })).toEqual({ kind: 'one', lead: ada });
    const byEmail = searchLeadsBy(ws, { email: 'JEAN@cobol.example', firstname: 'Joan', lastname: 'Clarke', companyName: 'Hut Eight Analytics' });
    expect(byEmail.kind === 'one' && byEmail.lead.lastname).toBe('Sammet');
    const byName = searchLeadsBy(ws, { firstname: 'joan', lastname: 'CLARKE', companyName: 'hut eight analytics' });
    expect(byName.kind === 'one' && byName.lead.pronetUrl).toBeNull();
  });

  it('answers every lead of a duplicated pronetUrl, oldest first', () => {
    const found = searchLeadsBy(ws, { pronetUrl: 'http://pronet.localhost:9999/in/Jean-Sammet/?trk=x' });
    expect(found.kind).toBe('many');
    if (found.kind !== 'many') return;
    expect(found.leads.map((l) => l.pronetUrl)).toEqual([JEAN_URL, JEAN_URL]);
    expect(found.leads[0]!.createdAt).toBeLessThan(found.leads[1]!.createdAt);
    expect(found.tooManyResults).toBe(false);
  });

  it('caps a several-leads answer at ten and says more matched', () => {
    const many = demoPro();
    const model = many.leadByPronetUrl(ADA_URL)!;
    for (let i = 0; i < 11; i++) many.addLead({ ...model, id: `lead_dup${i}`, audienceIds: [], createdAt: model.createdAt + i + 1 });
    const found = searchLeadsBy(many, { pronetUrl: ADA_URL });
    expect(found.kind === 'many' && [found.leads.length, found.tooManyResults, found.leads[0]]).toEqual([LEAD_SEARCH_MAX, true, model]);
  });

  it('is not-found when the highest identifier given matches nothing, invalid with none', () => {
    expect(() => searchLeadsBy(ws, { leadId: 'lead_missing', pronetUrl: ADA_URL })).toThrow(expect.objectContaining({ kind: 'not-found' }));
    expect(() => searchLeadsBy(ws, {})).toThrow(expect.objectContaining({ kind: 'invalid' }));
    // Any descriptive key alone is a search (the workflow node's keys): every key given must match.
    expect(() => searchLeadsBy(ws, { firstname: 'Ada', location: 'Nowhere at all' })).toThrow(expect.objectContaining({ kind: 'not-found' }));
  });
});
