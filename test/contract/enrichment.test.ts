// Credits and enrichment (#14-16): 1 or 5 credits, 402 when short, pending → completed on the clock.
import { beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, clientFor, freshRateWindow, leadBySlug, proWorkspace, resetEmulator } from './harness';
import { oneLead } from '../../lib/api/lead-search';

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
});

const client = () => clientFor(proWorkspace());

describe('credits and enrichment', () => {
  it('reads the balance and spends 1 credit for PRONET_ENRICH, 5 for EMAIL_ENRICH and FULL_ENRICH', async () => {
    const start = (await client().credits.get()).credits;
    expect(start).toEqual({ total: 120, perishable: 20 });
    const ada = await leadBySlug(client(), 'ada-lovelace');
    expect((await client().leads.enrich({ enrichType: 'PRONET_ENRICH', leadId: ada.lead.id })).creditsSpent).toBe(1);
    expect((await client().leads.enrich({ enrichType: 'EMAIL_ENRICH', leadId: ada.lead.id })).creditsSpent).toBe(5);
    expect((await client().leads.enrich({ enrichType: 'FULL_ENRICH', leadId: ada.lead.id })).creditsSpent).toBe(5);
    expect((await client().credits.get()).credits).toEqual({ total: 109, perishable: 9 });
  });

  it('answers 402 when the balance is short, and spends nothing', async () => {
    const [ws] = await resetEmulator('empty');
    const c = clientFor(ws ?? proWorkspace());
    const { lead } = await c.leads
      .create({ audience: 'A', firstname: 'Ada', lastname: 'Byron', companyName: 'Analytical Engines' })
      .then(async (r) => oneLead(await c.leads.search({ leadId: r.leadId })));
    expect((await c.credits.get()).credits.total).toBe(10);
    await c.leads.enrich({ enrichType: 'EMAIL_ENRICH', leadId: lead.id });
    await c.leads.enrich({ enrichType: 'EMAIL_ENRICH', leadId: lead.id });
    const err = await c.leads.enrich({ enrichType: 'PRONET_ENRICH', leadId: lead.id }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'api', status: 402 });
    expect((await c.credits.get()).credits.total).toBe(0);
  });

  it('is pending, then completed after some time on the emulator clock, with the lead enriched', async () => {
    const created = await client().leads.create({ audience: 'To enrich', firstname: 'Frances', lastname: 'Allen', companyName: 'Big Blue' });
    const req = await client().leads.enrich({ enrichType: 'EMAIL_ENRICH', leadId: created.leadId });
    expect((await client().leads.enrichStatus({ enrichRequestId: req.enrichRequestId })).status).toBe('pending');
    await advanceClock(60_000);
    const done = await client().leads.enrichStatus({ enrichRequestId: req.enrichRequestId });
    expect(done.status).toBe('completed');
    expect(done.lead?.proEmail).toMatch(/^frances\.allen@/);
    expect((oneLead(await client().leads.search({ leadId: created.leadId }))).lead.proEmail).toBe(done.lead?.proEmail);
  });

  it('enriches by name and company when no lead id is known, and answers 404 for an unknown request', async () => {
    const req = await client().leads.enrich({ enrichType: 'PRONET_ENRICH', firstname: 'Radia', lastname: 'Perlman', companyName: 'DEC' });
    await advanceClock(60_000);
    const done = await client().leads.enrichStatus({ enrichRequestId: req.enrichRequestId });
    expect(done.status).toBe('completed');
    expect(done.lead?.pronetUrl).toBe('https://www.pronet.example/in/radia-perlman/');
    await expect(client().leads.enrichStatus({ enrichRequestId: 'enr_missing' })).rejects.toMatchObject({ status: 404 });
  });
});
