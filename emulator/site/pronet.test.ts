import { describe, expect, it } from 'vitest';
import type { PronetProfile } from '../model';
import { pronetSite } from './pronet';
import { FAMOUS_PEOPLE, famousProfile } from '../seed/famous';
import { alsoViewed, buildIndex, experienceOf, titleFromHeadline } from './pronet-pages';

const profile = (slug: string, over: Partial<PronetProfile> = {}): PronetProfile => ({
  slug,
  firstname: 'Ada',
  lastname: 'Lovelace',
  headline: 'Head of Algorithms at Analytical Engines Ltd | First programmer',
  companyName: 'Analytical Engines Ltd',
  location: 'London, England, United Kingdom',
  about: 'Notes & loops.',
  picture: null,
  ...over,
});

const PROFILES: PronetProfile[] = [
  profile('ada-lovelace'),
  profile('grace-hopper', { firstname: 'Grace', lastname: 'Hopper', headline: 'Compiler pioneer', companyName: 'Naval Computing Lab' }),
  profile('eve-hacker', {
    firstname: '<script>alert(1)</script>',
    lastname: 'Hacker"',
    headline: '<img src=x onerror=alert(2)>',
    about: '</p><script>alert(3)</script>',
    companyName: 'Evil & Co <b>',
    picture: 'javascript:alert(4)',
  }),
];

const site = pronetSite({ profiles: () => PROFILES });
const get = (path: string) => site.request(`http://pronet.localhost:8899${path}`);

describe('pronet look-alike: profile pages', () => {
  it('renders a profile with its name in an h1, headline, location, about, experience and also-viewed', async () => {
    const res = await get('/in/ada-lovelace/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const body = await res.text();
    expect(body).toContain('<h1 class="profile-name">Ada Lovelace</h1>');
    expect(body).toContain('Head of Algorithms at Analytical Engines Ltd | First programmer');
    expect(body).toContain('<span class="location">London, England, United Kingdom</span>');
    expect(body).toContain('Notes &amp; loops.');
    expect(body).toContain('class="experience-list"');
    expect(body).toContain('People also viewed');
    expect(body).toContain('href="/in/grace-hopper/"');
    expect(body).toContain('href="/feed/"');
    expect(body).toContain('<link rel="canonical" href="https://www.pronet.example/in/ada-lovelace/">');
    expect(body).toContain('history.pushState');
  });

  it('serves the profile without the trailing slash, in any case, and on its subpages', async () => {
    for (const path of ['/in/ada-lovelace', '/in/Ada-Lovelace/', '/in/ada-lovelace/details/experience/', '/in/ada-lovelace/overlay/contact-info/']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<h1 class="profile-name">Ada Lovelace</h1>');
    }
  });

  it('escapes everything a profile holds', async () => {
    const body = await (await get('/in/eve-hacker/')).text();
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('<img src=x');
    expect(body).not.toContain('javascript:alert');
    expect(body).not.toContain('Co <b>');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Hacker&quot;');
    expect(body).toContain('&lt;img src=x onerror=alert(2)&gt;');
  });

  it('answers 404 for an unknown or malformed slug and an unknown path', async () => {
    for (const path of ['/in/nobody/', '/in/%E0%A4%A/', '/jobs/', '/in/ada-lovelace/recent-activity/']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('This page doesn’t exist');
    }
  });

  it('returns the swappable part as JSON for in-page navigation', async () => {
    const res = await get('/in/grace-hopper/?partial=1');
    expect(res.status).toBe(200);
    const json = (await res.json()) as { title: string; canonical: string; main: string };
    expect(json.title).toBe('Grace Hopper | pronet');
    expect(json.canonical).toBe('https://www.pronet.example/in/grace-hopper/');
    expect(json.main).toContain('<h1 class="profile-name">Grace Hopper</h1>');
    expect(json.main).not.toContain('<html');
    const missing = await get('/in/nobody/?partial=1');
    expect(missing.status).toBe(404);
  });

  it('follows a reset: profiles are read per request', async () => {
    let world: PronetProfile[] = [profile('ada-lovelace')];
    const live = pronetSite({ profiles: () => world });
    expect((await live.request('http://pronet.localhost/in/margaret-hamilton/')).status).toBe(404);
    world = [profile('margaret-hamilton', { firstname: 'Margaret', lastname: 'Hamilton' })];
    expect((await live.request('http://pronet.localhost/in/margaret-hamilton/')).status).toBe(200);
  });
});

describe('pronet look-alike: other pages', () => {
  it('lists profiles on the feed at / and /feed/, capped for a large world', async () => {
    for (const path of ['/', '/feed/']) {
      const body = await (await get(path)).text();
      expect(body).toContain('href="/in/ada-lovelace/"');
      expect(body).not.toContain('class="profile-name"');
    }
    const many = Array.from({ length: 5000 }, (_, i) => profile(`p-${i}`));
    const big = await (await pronetSite({ profiles: () => many }).request('http://pronet.localhost/feed/')).text();
    const links = big.match(/href="\/in\//g) ?? [];
    expect(links.length).toBeGreaterThan(10);
    expect(links.length).toBeLessThan(100);
  });

  it('has a company page and a people search, neither of them a profile', async () => {
    const company = await get('/company/naval-computing-lab/');
    expect(company.status).toBe(200);
    const companyBody = await company.text();
    expect(companyBody).toContain('<h1 class="company-name">Naval Computing Lab</h1>');
    expect(companyBody).toContain('href="/in/grace-hopper/"');
    expect(companyBody).not.toContain('class="profile-name"');
    expect((await get('/company/unknown-co/')).status).toBe(404);

    const search = await (await get('/search/results/people/?keywords=hopper')).text();
    const results = /<ul class="people results">([\s\S]*?)<\/ul>/.exec(search)?.[1] ?? '';
    expect(results).toContain('href="/in/grace-hopper/"');
    expect(results).not.toContain('href="/in/ada-lovelace/"');
    expect(search).not.toContain('class="profile-name"');
  });
});

describe('profile details', () => {
  it('derives a stable experience list with the current role first', () => {
    const p = profile('ada-lovelace');
    const a = experienceOf(p);
    expect(a).toEqual(experienceOf(p));
    expect(a[0]).toMatchObject({ title: 'Head of Algorithms', company: 'Analytical Engines Ltd' });
    expect(a[0]?.period).toMatch(/Present$/);
    expect(a.length).toBeGreaterThanOrEqual(2);
  });

  it.each(FAMOUS_PEOPLE.map((p) => [p.slug, p] as const))('gives %s the same job title on the page as the lead has in the panel', (_slug, p) => {
    expect(experienceOf(famousProfile(p))[0]!.title).toBe(p.jobTitle);
    if (p.slug === 'grace-hopper') expect(titleFromHeadline(p.headline)).toBe(p.jobTitle);
  });

  it('reads the title out of a headline', () => {
    expect(titleFromHeadline('VP Sales at Acme | helping teams')).toBe('VP Sales');
    expect(titleFromHeadline('Mathematician · Computing machinery')).toBe('Mathematician');
  });

  it('links the first profiles of the world from every profile, never the profile itself', () => {
    const index = buildIndex(PROFILES);
    const others = alsoViewed(index, PROFILES[0] ?? null).map((p) => p.slug);
    expect(others).toEqual(['grace-hopper', 'eve-hacker']);
  });
});
