import { describe, expect, it } from 'vitest';
import { toHttpError } from '../http/errors';
import type { LeadRecord } from '../model';
import { enrichStatus, enrichmentFindings, spendCredits } from './enrichment';

const lead = (over: Partial<LeadRecord> = {}): LeadRecord => ({
  id: 'lead_1', firstname: 'Grace', lastname: 'Hopper', proEmail: null, persoEmail: null, pronetUrl: null,
  microblog: null, companyName: 'Naval Computing', companyUrl: null, jobTitle: null, phone: null, location: null,
  industry: null, gender: null, shortBio: null, dateOfBirth: null, picture: null, crmIds: {}, audienceIds: [],
  statusByCampaign: {}, unsubscribed: false, createdAt: 0, modifiedAt: 0, ...over,
});

describe('enrichment rules', () => {
  it('spends 1 or 5 credits, perishable ones first, and refuses a short balance with 402', () => {
    const credits = { total: 7, perishable: 3 };
    expect(spendCredits(credits, 'PRONET_ENRICH')).toBe(1);
    expect(credits).toEqual({ total: 6, perishable: 2 });
    expect(spendCredits(credits, 'FULL_ENRICH')).toBe(5);
    expect(credits).toEqual({ total: 1, perishable: 0 });
    // A domain error of kind no-credits, which the HTTP layer answers with 402.
    let refused: unknown;
    try {
      spendCredits(credits, 'EMAIL_ENRICH');
    } catch (err) {
      refused = err;
    }
    expect(refused).toMatchObject({ kind: 'no-credits' });
    expect(toHttpError(refused).status).toBe(402);
    expect(credits).toEqual({ total: 1, perishable: 0 });
  });

  it('finds only what the lead lacks, from its name and company', () => {
    expect(enrichmentFindings(lead(), 'EMAIL_ENRICH')).toEqual({ proEmail: 'grace.hopper@naval-computing.example' });
    expect(enrichmentFindings(lead({ companyUrl: 'https://www.navy.example/' }), 'EMAIL_ENRICH')).toEqual({ proEmail: 'grace.hopper@navy.example' });
    expect(enrichmentFindings(lead(), 'PRONET_ENRICH')).toEqual({ pronetUrl: 'https://www.pronet.example/in/grace-hopper/' });
    expect(enrichmentFindings(lead({ proEmail: 'g@x.example', pronetUrl: 'https://www.pronet.example/in/g/' }), 'FULL_ENRICH')).toEqual({});
    expect(enrichmentFindings(lead({ companyName: null }), 'EMAIL_ENRICH')).toEqual({});
  });

  it('is pending until completesAt on the clock, then its outcome', () => {
    const r = { id: 'e', enrichType: 'EMAIL_ENRICH' as const, leadId: 'l', createdAt: 0, completesAt: 100, outcome: 'completed' as const, creditsSpent: 5 };
    expect(enrichStatus(r, 99)).toBe('pending');
    expect(enrichStatus(r, 100)).toBe('completed');
    expect(enrichStatus({ ...r, outcome: 'not_found' }, 100)).toBe('not_found');
  });
});
