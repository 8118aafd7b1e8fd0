// Audiences (#3-7): list, create, import from a pronet URL in the background, detail, leads paging.
import { beforeEach, describe, expect, it } from 'vitest';
import { leadMatches } from '../../lib/api/lead-search';
import { advanceClock, clientFor, freshRateWindow, profileUrl, pronetPage, proWorkspace, rawCall, resetEmulator } from './harness';

/** What the look-alike's people search for `keywords` shows: its count, its pages, page one's people. */
async function searchShows(keywords: string): Promise<{ count: number; pages: number; slugs: string[] }> {
  const { body } = await pronetPage(`/search/results/people/${keywords ? `?keywords=${encodeURIComponent(keywords)}` : ''}`);
  const shown = /About (\d+) results · page 1 of (\d+)/.exec(body);
  const slugs = [...body.matchAll(/class="result-picture" href="\/in\/([^/"]+)\/"/g)].map((m) => decodeURIComponent(m[1] ?? ''));
  return { count: Number(shown?.[1]), pages: Number(shown?.[2]), slugs };
}

beforeEach(async () => {
  await resetEmulator('demo');
  await freshRateWindow();
});

const client = () => clientFor(proWorkspace());

describe('audiences', () => {
  it('lists audiences with their sizes, and details one', async () => {
    const { audiences } = await client().audiences.list();
    expect(audiences.length).toBeGreaterThan(3);
    const a = audiences[0];
    const detail = await client().audiences.detail({ audienceId: a?.id ?? '' });
    expect(detail.data).toEqual(a);
    await expect(client().audiences.detail({ audienceId: 'aud_missing' })).rejects.toMatchObject({ status: 404 });
  });

  it('creates an audience, and refuses a second one with the same name (409)', async () => {
    const res = await client().audiences.create({ name: 'Webinar 2031' });
    expect(res.audience).toMatchObject({ name: 'Webinar 2031', size: 0, type: 'MANUAL' });
    await expect(client().audiences.create({ name: 'webinar 2031' })).rejects.toMatchObject({ status: 409 });
  });

  it('pages audience leads with skip and limit (1..100) and the total', async () => {
    const { audiences } = await client().audiences.list();
    const big = [...audiences].sort((a, b) => b.size - a.size)[0];
    expect(big?.size).toBeGreaterThan(30);
    const p = await client().audiences.leads({ audienceId: big?.id ?? '', skip: 0, limit: 10 });
    expect(p.data).toHaveLength(10);
    expect(p.total).toBe(big?.size);
    const next = await client().audiences.leads({ audienceId: big?.id ?? '', skip: 10, limit: 10 });
    expect(next.data[0]?.id).not.toBe(p.data[0]?.id);
    const ids: string[] = [];
    for await (const l of client().audiences.allLeads(big?.id ?? '')) ids.push(l.id);
    expect(new Set(ids).size).toBe(big?.size);
    const over = await rawCall(`/audiences/${big?.id}/leads?limit=101`, { key: proWorkspace().apiKey });
    expect(over.status).toBe(400);
  });

  it('imports from a pronet search URL in the background: the audience at once, the search\'s people a page at a time on the clock', async () => {
    const { identities } = await client().identities.list();
    const res = await client().audiences.importFromUrl({
      audience: 'Imported CTOs',
      pronetUrl: 'https://www.pronet.example/search/results/people/?keywords=cto',
      identityId: identities[0]?.id ?? '',
    });
    expect(res.message).toEqual(expect.any(String));
    const find = async () => (await client().audiences.list()).audiences.find((a) => a.name === 'Imported CTOs');
    const created = await find();
    expect(created).toMatchObject({ size: 0, type: 'PRONET_SEARCH', sourceUrl: expect.stringContaining('/search/') });
    const { count } = await searchShows('cto');
    await advanceClock(5_000);
    expect((await find())?.size).toBe(Math.min(10, count));
    await advanceClock(5_000 * Math.ceil(count / 10));
    expect((await find())?.size).toBe(count);
  });

  it('imports every page of the demo\'s whole search, each person once, as the pages list them', async () => {
    const { identities } = await client().identities.list();
    const { count, pages, slugs } = await searchShows('');
    expect(count).toBeGreaterThanOrEqual(40);
    expect(pages).toBeGreaterThan(3);
    await client().audiences.importFromUrl({ audience: 'Whole search', pronetUrl: 'https://www.pronet.example/search/results/people/', identityId: identities[0]?.id ?? '' });
    await advanceClock(5_000 * (pages + 1));
    const audience = (await client().audiences.list()).audiences.find((a) => a.name === 'Whole search');
    expect(audience?.size).toBe(count);
    const urls: string[] = [];
    for await (const l of client().audiences.allLeads(audience?.id ?? '')) urls.push(l.pronetUrl ?? '');
    expect(new Set(urls).size).toBe(count);
    for (const slug of slugs) expect(urls).toContain(profileUrl(slug));
  });

  it('merges a person who is a lead already (the same lead, in the audience), and skips the contacted ones on request', async () => {
    const { identities } = await client().identities.list();
    const { slugs } = await searchShows('');
    const known: { slug: string; id: string; contacted: boolean }[] = [];
    for (const slug of slugs) {
      // A 404: not a lead yet.
      const found = await client().leads.search({ pronetUrl: profileUrl(slug) }).catch(() => null);
      const lead = found ? leadMatches(found).leads[0] : undefined;
      if (!lead) continue;
      const { data } = await client().leads.conversations({ leadId: lead.id });
      known.push({ slug, id: lead.id, contacted: data.length > 0 });
    }
    const contacted = known.find((k) => k.contacted);
    expect(contacted).toBeDefined();
    for (const [name, exclude] of [['All of page one', false], ['Not contacted', true]] as const) {
      await client().audiences.importFromUrl({ audience: name, pronetUrl: 'https://www.pronet.example/search/results/people/', identityId: identities[0]?.id ?? '', excludeContactedLeads: exclude });
    }
    await advanceClock(5_000);
    const byName = new Map((await client().audiences.list()).audiences.map((a) => [a.name, a.id]));
    const ids = async (name: string) => {
      const out: string[] = [];
      for await (const l of client().audiences.allLeads(byName.get(name) ?? '')) out.push(l.id);
      return out;
    };
    const all = await ids('All of page one');
    for (const k of known) expect(all).toContain(k.id);
    expect(await ids('Not contacted')).not.toContain(contacted?.id);
    expect(await ids('Not contacted')).toHaveLength(all.length - known.filter((k) => k.contacted).length);
  });

  it('records autoImport on the audience', async () => {
    const { identities } = await client().identities.list();
    const res = await rawCall('/audiences', {
      key: proWorkspace().apiKey,
      method: 'POST',
      body: { audience: 'Keeps importing', pronetUrl: 'https://www.pronet.example/search/results/people/?keywords=cto', identityId: identities[0]?.id ?? '', autoImport: true },
    });
    expect(res.status).toBe(200);
    const audience = (await client().audiences.list()).audiences.find((a) => a.name === 'Keeps importing');
    expect(audience?.autoImport).toBe(true);
  });

  it('refuses an import with an unknown identity (404) or a URL off pronet (400)', async () => {
    const { identities } = await client().identities.list();
    await expect(
      client().audiences.importFromUrl({ audience: 'x', pronetUrl: 'https://www.pronet.example/search/results/people/', identityId: 'idt_x' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      client().audiences.importFromUrl({ audience: 'x', pronetUrl: 'https://example.com/search', identityId: identities[0]?.id ?? '' }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
