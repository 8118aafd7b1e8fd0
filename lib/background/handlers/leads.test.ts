import { describe, expect, it, vi } from 'vitest';
import type { RequestContext } from '../dispatch';
import { RequestError } from '../error-view';
import { leadHandlers, type LeadHandlerDeps } from './leads';

const URL = 'https://www.pronet.example/in/margaret-hamilton/';
const ctx = {} as RequestContext;

function setup(underWay = false) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const api = {
    createLead: vi.fn(async (_input: unknown) => ({ leadId: 'lead_9' })),
    enrich: vi.fn(async (_input: unknown) => {
      await gate;
      return { enrichRequestId: 'enr_1', creditsSpent: 5 };
    }),
    credits: vi.fn(),
    audiences: vi.fn(),
    campaigns: vi.fn(),
  };
  const followEnrichment = vi.fn(async () => {});
  const deps = {
    enqueue: vi.fn(),
    api,
    panelData: { credits: { drop: vi.fn(), get: vi.fn() }, audiences: { get: vi.fn() }, campaignAudiences: { get: vi.fn() } },
    identities: { list: vi.fn() },
    hosts: () => [],
    followEnrichment,
    enrichmentUnderWay: () => underWay,
  } as unknown as LeadHandlerDeps;
  return { handlers: leadHandlers(deps), api, followEnrichment, release };
}

describe('enrich', () => {
  it('makes a profile a lead with the form’s facts first, then enriches that lead by its id', async () => {
    const { handlers, api, followEnrichment, release } = setup();
    release();
    const sent = await handlers.enrich(
      { type: 'enrich', enrichType: 'EMAIL_ENRICH', profileUrl: URL, firstname: 'Margaret', lastname: 'Hamilton', companyName: ' MIT ', jobTitle: 'Director' },
      ctx,
    );
    expect(sent).toEqual({ enrichRequestId: 'enr_1', creditsSpent: 5 });
    expect(api.createLead).toHaveBeenCalledWith({ pronetUrl: URL, firstname: 'Margaret', lastname: 'Hamilton', companyName: 'MIT', jobTitle: 'Director' }, { priority: 'user' });
    expect(api.enrich).toHaveBeenCalledWith({ enrichType: 'EMAIL_ENRICH', leadId: 'lead_9' }, { priority: 'user' });
    expect(followEnrichment).toHaveBeenCalledWith({ id: 'enr_1', enrichType: 'EMAIL_ENRICH', leadId: 'lead_9', profileUrl: URL });
  });

  it('refuses a second enrichment of the same lead while the first is unanswered or under way: nothing spent twice', async () => {
    const { handlers, api, release } = setup();
    const first = handlers.enrich({ type: 'enrich', enrichType: 'EMAIL_ENRICH', leadId: 'lead_1' }, ctx);
    await expect(handlers.enrich({ type: 'enrich', enrichType: 'EMAIL_ENRICH', leadId: 'lead_1' }, ctx)).rejects.toMatchObject({ code: 'bad-request', reason: 'enrichment-under-way' });
    release();
    await first;
    expect(api.enrich).toHaveBeenCalledTimes(1);

    const followed = setup(true);
    await expect(followed.handlers.enrich({ type: 'enrich', enrichType: 'EMAIL_ENRICH', leadId: 'lead_1' }, ctx)).rejects.toBeInstanceOf(RequestError);
    expect(followed.api.enrich).not.toHaveBeenCalled();
  });
});
