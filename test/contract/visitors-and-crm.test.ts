// Website-visitor webhooks (#35-37, key in the query string) and CRM (#38-39).
import { beforeEach, describe, expect, it } from 'vitest';
import { clientFor, freshRateWindow, leadBySlug, profileUrl, proWorkspace, rawCall, resetEmulator, workspace } from './harness';
import { oneLead } from '../../lib/api/lead-search';

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
});

const client = () => clientFor(proWorkspace());

describe('website visitors', () => {
  it('trackerA (batch) with ?apikey=: creates new leads and merges known ones into the audience', async () => {
    const res = await rawCall<{ statusCode: number; created: number; merged: number }>(
      '/leads/visitors/trackerA/Website%20visitors',
      {
        key: proWorkspace().apiKey,
        keyForm: 'query',
        body: {
          visitors: [
            { email: 'new.visitor@acme.example', firstName: 'New', lastName: 'Visitor', company: 'Acme' },
            { pronet: 'https://www.pronet.example/in/ada-lovelace/' },
          ],
        },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('deprecation')).toBe('true');
    expect(res.body).toEqual({ statusCode: 200, created: 1, merged: 1 });
    const audience = (await client().audiences.list()).audiences.find((a) => a.name === 'Website visitors');
    expect(audience).toMatchObject({ size: 2, type: 'VISITORS' });
    const ada = await leadBySlug(client(), 'ada-lovelace');
    expect(ada.lead.audienceIds).toContain(audience?.id);
  });

  it('trackerB (one event) and trackerC (records with a full name) map their own shapes', async () => {
    const b = await client().visitors.trackerB({
      audienceName: 'Visitors B',
      event: 'visitor.identified',
      occurred_at: 1_900_000_000,
      person: { first_name: 'Hedy', last_name: 'Lamarr', pronet_url: 'https://uk.pronet.example/in/hedy-lamarr' },
      company: { name: 'Frequency Hopping', domain: 'fh.example' },
    });
    expect(b).toMatchObject({ created: 1, merged: 0 });
    const hedy = (oneLead(await client().leads.search({ pronetUrl: profileUrl('hedy-lamarr') }))).lead;
    expect(hedy).toMatchObject({ firstname: 'Hedy', lastname: 'Lamarr', companyName: 'Frequency Hopping', companyUrl: 'fh.example' });
    const c = await client().visitors.trackerC({
      audienceName: 'Visitors C',
      site: 'site-1',
      records: [{ full_name: 'Annie Easley Jr', work_email: 'annie@nasa.example', organization: 'NASA' }],
    });
    expect(c).toMatchObject({ created: 1, merged: 0 });
    const annie = (oneLead(await client().leads.search({ email: 'annie@nasa.example' }))).lead;
    expect(annie).toMatchObject({ firstname: 'Annie', lastname: 'Easley Jr', companyName: 'NASA' });
  });

  it('refuses a visitor without an email or a profile URL (400), and a missing key (401)', async () => {
    const bad = await rawCall<{ message: string }>('/leads/visitors/trackerA/V', {
      key: proWorkspace().apiKey,
      keyForm: 'query',
      body: { visitors: [{ firstName: 'Anon' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/email/);
    const nokey = await rawCall('/leads/visitors/trackerC/V', { body: { site: 's', records: [{ full_name: 'A', work_email: 'a@b.example' }] } });
    expect(nokey.status).toBe(401);
  });
});

describe('CRM', () => {
  it('reports the integrations and whether the plan includes CRM sync', async () => {
    expect(await client().crm.integrations()).toEqual({
      statusCode: 200,
      crmA: { connected: true },
      crmB: { connected: true },
      planIncludesCrmSync: true,
    });
    const other = await clientFor(workspace('demo-pro-nocrm')).crm.integrations();
    expect(other.planIncludesCrmSync).toBe(false);
  });

  it('searches the connected CRMs; every criterion given must match', async () => {
    const ada = await leadBySlug(client(), 'ada-lovelace');
    const byEmail = await client().crm.search({ email: ada.lead.proEmail ?? '' });
    expect(byEmail.results.length).toBeGreaterThan(0);
    expect(byEmail.results[0]).toEqual({ crm: 'crmA', id: expect.any(String), url: expect.any(String), name: expect.any(String) });
    const byUrl = await client().crm.search({ pronetUrl: 'https://fr.pronet.example/in/ada-lovelace' });
    expect(byUrl.results.map((r) => r.id)).toEqual(byEmail.results.map((r) => r.id));
    const mismatch = await client().crm.search({ email: ada.lead.proEmail ?? '', lastname: 'Nobody' });
    expect(mismatch.results).toEqual([]);
    await expect(client().crm.search({})).rejects.toMatchObject({ status: 400 });
  });
});

describe('members, identities, credits', () => {
  it('lists identities and members as documented', async () => {
    const { identities } = await client().identities.list();
    expect(identities.length).toBeGreaterThan(2);
    expect(identities[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), firstname: expect.any(String), pronetConnected: expect.any(Boolean) }),
    );
    expect((await client().members.list()).length).toBeGreaterThan(1);
  });
});
