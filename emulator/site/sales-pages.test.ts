import { describe, expect, it } from 'vitest';
import type { PronetProfile } from '../model';
import { salesLeadToken } from '../../lib/pronet/canonical-url';
import { HEDY } from '../seed/sales-people';
import { pronetSite } from './pronet';
import { leadPagePath, salesToken } from './sales-pages';

const person = (slug: string, firstname: string, lastname: string): PronetProfile => ({
  slug, firstname, lastname, headline: `Engineer at ${lastname} Works`, companyName: `${lastname} Works`, location: 'London', about: 'About.', picture: null,
});
const ADA = person('ada-lovelace', 'Ada', 'Lovelace');
const JOAN = person('joan-clarke', 'Joan', 'Clarke');
const site = pronetSite({ profiles: () => [ADA, JOAN, HEDY, person('grace-hopper', 'Grace', 'Hopper')] });
const get = async (path: string) => {
  const res = await site.request(`http://pronet.localhost:8899${path}`);
  return { status: res.status, body: await res.text() };
};
/** The lead page's header, where the extension looks for the public profile link. */
const header = (body: string) => /<section class="card lead-header">([\s\S]*?)<\/section>/.exec(body)?.[1] ?? '';

describe('look-alike sales tool', () => {
  it('a sales token is a member token of mixed case, read back from its lead page address', () => {
    for (const p of [ADA, JOAN, HEDY]) {
      const token = salesToken(p.slug);
      expect(token).toMatch(/^ACwAA[A-Za-z0-9_-]{12}$/);
      expect(token).not.toBe(token.toLowerCase());
      expect(salesLeadToken(`http://pronet.localhost${leadPagePath(p)}`)).toBe(token);
    }
  });

  it('a lead page shows the public profile link in its header (a member-token address keeps its case)', async () => {
    const ada = await get(leadPagePath(ADA));
    expect(ada.status).toBe(200);
    expect(header(ada.body)).toContain('href="/in/ada-lovelace/"');
    expect(header(ada.body)).toContain('<h1 class="profile-name">Ada Lovelace</h1>');
    // Other profiles are linked outside the header only.
    expect(ada.body.replace(header(ada.body), '')).toContain('href="/in/grace-hopper/"');
    const hedy = await get(leadPagePath(HEDY));
    expect(header(hedy.body)).toContain(`href="/in/${HEDY.slug}/"`);
    expect((await get(`/in/${HEDY.slug}/`)).body).toContain('Hedy Lamarr');
  });

  it('a person out of network: the lead page shows no public profile link', async () => {
    const joan = await get(leadPagePath(JOAN));
    expect(joan.status).toBe(200);
    expect(header(joan.body)).not.toMatch(/href="\/in\//);
    expect(header(joan.body)).toContain('no public profile link');
  });

  it('tokens are case-sensitive: a lower-cased token is no lead page', async () => {
    expect((await get(leadPagePath(ADA).toLowerCase().replace('acwaa', 'ACwAA'))).status).toBe(404);
    expect((await get('/sales/lead/not-a-token,NAME_SEARCH,x')).status).toBe(404);
  });

  it('the lead list links each row to its lead page, and to the public profile when there is one', async () => {
    const list = await get('/sales/lists/people/');
    expect(list.status).toBe(200);
    for (const p of [ADA, JOAN, HEDY]) expect(list.body).toContain(`href="${leadPagePath(p)}"`);
    expect(list.body).toContain('href="/in/ada-lovelace/">Public profile');
    expect(list.body).not.toContain('href="/in/joan-clarke/">Public profile');
  });
});
