/**
 * The page reader on markup we never wrote (issue 24): each fixture of test/fixtures/pages (its
 * source named in its header) with its expected reading, and the look-alike's own pages as the
 * emulator renders them, in each of its markups. A lead page's reading ends in the profile it
 * resolves (`leadPageProfile`: one profile, or none).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPage, type PageReading } from '../../../lib/content/page-reader';
import { leadPageProfile } from '../../../lib/content/profile-page-core';
import type { PronetProfile } from '../../../emulator/model';
import { pronetSite } from '../../../emulator/site/pronet';
import { leadPagePath } from '../../../emulator/site/sales-pages';
import { documentOf } from './document-of';

const SITE = 'https://www.pronet.example';
const LEAD_URL = `${SITE}/sales/lead/ACwAAB3xYz9QrTuV,NAME_SEARCH,k2`;

const fixture = (file: string) => readFileSync(resolve(__dirname, '../../fixtures/pages', file), 'utf8');

type Expected = Omit<PageReading, 'profileLinks'> & { profile?: string | null };

interface Row {
  file: string;
  url: string;
  expected: Expected;
}

const profileRows: Row[] = [
  {
    file: 'lookalike-profile.html',
    url: `${SITE}/in/ada-lovelace/`,
    expected: { name: 'Ada Lovelace', headline: 'Analyst of engines and numbers | Poet of science', jobTitle: 'Mathematician', company: 'Analytical Engines' },
  },
  {
    file: 'classic-2018-profile.html',
    url: `${SITE}/in/grace-hopper/`,
    expected: { name: 'Grace Hopper', headline: 'Rear Admiral (ret.) · Compiler pioneer', jobTitle: 'Director of Programming Languages', company: 'Navy Computing Group' },
  },
  {
    file: 'cards-2023-profile.html',
    url: `${SITE}/in/eva-keller-2bd4ef/`,
    expected: { name: 'Eva Keller', headline: 'Head of Research at Hyrule Labs | Speaker', jobTitle: 'Head of Research', company: 'Hyrule Labs' },
  },
  {
    file: 'cards-2023-credentials-grouped.html',
    url: `${SITE}/in/amara-okafor-phd/`,
    expected: { name: 'Amara Okafor', headline: 'Building cities that breathe 🌱', jobTitle: 'Chief Sustainability Officer', company: 'Green Grid Africa' },
  },
  {
    file: 'fr-profile.html',
    url: `${SITE}/in/camille-laurent/`,
    expected: { name: 'Camille Laurent', headline: 'Responsable grands comptes chez Lumière & Fils · Paris', jobTitle: 'Responsable grands comptes', company: 'Lumière & Fils' },
  },
  {
    file: 'de-profile.html',
    url: `${SITE}/in/jonas-weber/`,
    expected: { name: 'Jonas Weber', headline: 'Leiter Vertrieb DACH bei Nordwind Logistik GmbH', jobTitle: 'Leiter Vertrieb DACH', company: 'Nordwind Logistik GmbH' },
  },
  {
    file: 'es-profile.html',
    url: `${SITE}/in/lucia-fernandez/`,
    expected: { name: 'Lucía Fernández', headline: 'Directora de Marketing en Sol y Mar Hoteles', jobTitle: 'Directora de Marketing', company: 'Sol y Mar Hoteles' },
  },
  {
    file: 'rtl-ar-profile.html',
    url: `${SITE}/in/layla-haddad/`,
    expected: { name: 'ليلى حداد', headline: 'مديرة المبيعات في شركة النخيل', jobTitle: 'مديرة المبيعات', company: 'شركة النخيل' },
  },
  {
    file: 'company-only-in-experience.html',
    url: `${SITE}/in/noah-brooks/`,
    expected: { name: 'Noah Brooks', headline: 'Helping B2B teams ship faster 🚀 | Dad of three', jobTitle: 'VP Engineering', company: 'Quayside Software' },
  },
  {
    file: 'no-company.html',
    url: `${SITE}/in/sam-rivera-1984/`,
    expected: { name: 'Sam Rivera', headline: 'Student of applied mathematics, looking for an internship' },
  },
  {
    file: 'stale-headline.html',
    url: `${SITE}/in/priya-nair/`,
    expected: { name: 'Priya Nair', headline: 'Analyst at Oldfield Bank', jobTitle: 'Senior Risk Analyst', company: 'Monsoon Capital' },
  },
  {
    file: 'issue-hyrule-profile.html',
    url: `${SITE}/in/eva-keller-2bd4ef/`,
    expected: { name: 'Eva Keller', headline: 'Head of Research at Hyrule Labs', jobTitle: 'Head of Research', company: 'Hyrule Labs' },
  },
  {
    file: 'founder-at-sign.html',
    url: `${SITE}/in/leo-martin-93/`,
    expected: { name: 'Leo Martin', headline: 'Co-founder & CEO @ Brightside | Speaker | Mentor', jobTitle: 'Co-founder & CEO', company: 'Brightside' },
  },
];

const leadRows: Row[] = [
  {
    file: 'lookalike-lead.html',
    url: LEAD_URL,
    expected: { name: 'Ada Lovelace', headline: 'Mathematician at Analytical Engines', jobTitle: 'Mathematician', company: 'Analytical Engines', profile: `${SITE}/in/ada-lovelace/` },
  },
  {
    file: 'salesnav-topcard-lead-fr.html',
    url: LEAD_URL,
    expected: {
      name: 'Camille Laurent',
      headline: 'Responsable grands comptes chez Lumière & Fils',
      jobTitle: 'Responsable grands comptes',
      company: 'Lumière & Fils',
      profile: `${SITE}/in/camille-laurent/`,
    },
  },
  {
    file: 'salesnav-menu-lead.html',
    url: LEAD_URL,
    expected: { name: 'Jonas Weber', headline: 'Head of Sales DACH · Nordwind Logistik GmbH', jobTitle: 'Head of Sales DACH', company: 'Nordwind Logistik GmbH', profile: `${SITE}/in/jonas-weber-4f1a2b/` },
  },
  {
    file: 'two-links-lead.html',
    url: LEAD_URL,
    expected: { name: 'Mia Chen', headline: 'Procurement Lead at Vantage Robotics', jobTitle: 'Procurement Lead', company: 'Vantage Robotics', profile: `${SITE}/in/mia-chen-0c9/` },
  },
  {
    file: 'two-links-unlabelled-lead.html',
    url: LEAD_URL,
    expected: { name: 'Mia Chen', headline: 'Procurement Lead at Vantage Robotics', jobTitle: 'Procurement Lead', company: 'Vantage Robotics', profile: null },
  },
  {
    file: 'no-link-lead.html',
    url: LEAD_URL,
    expected: { name: 'Joan Clarke', headline: 'Cryptanalyst at Hut Eight Analytics', jobTitle: 'Cryptanalyst', company: 'Hut Eight Analytics', profile: null },
  },
];

function reading(row: Row): Expected {
  const { profileLinks, ...words } = readPage(documentOf(fixture(row.file), row.url));
  if (!('profile' in row.expected)) return words;
  return { ...words, profile: leadPageProfile({ href: row.url, profileLinks }, []) };
}

describe('profile pages in markups we never wrote', () => {
  it('has at least ten profile pages and five lead pages', () => {
    expect(profileRows.length).toBeGreaterThanOrEqual(10);
    expect(leadRows.length).toBeGreaterThanOrEqual(5);
  });
  it.each(profileRows)('$file', (row) => {
    expect(reading(row)).toEqual(row.expected);
  });
});

describe('lead pages: the one public profile link of the person, never another’s', () => {
  it.each(leadRows)('$file', (row) => {
    expect(reading(row)).toEqual(row.expected);
  });
});

describe('the look-alike’s pages as the emulator serves them, in its own markup and in others', () => {
  const person = (slug: string, firstname: string, lastname: string, headline: string, companyName: string): PronetProfile => ({
    slug, firstname, lastname, headline, companyName, location: 'London', about: 'About.', picture: null,
  });
  const ADA = person('ada-lovelace', 'Ada', 'Lovelace', 'Analyst of engines | Poet of science', 'Analytical Engines');
  const JOAN = person('joan-clarke', 'Joan', 'Clarke', 'Cryptanalyst at Hut Eight Analytics', 'Hut Eight Analytics');
  const GRACE = person('grace-hopper', 'Grace', 'Hopper', 'Rear Admiral at Navy Computing', 'Navy Computing');
  const ALAN = person('alan-turing', 'Alan', 'Turing', 'Codebreaker at Analytical Engines', 'Analytical Engines');
  const site = pronetSite({ profiles: () => [ADA, JOAN, GRACE, ALAN] });
  const ORIGIN = 'http://pronet.localhost:8899';
  const served = async (path: string) => {
    const res = await site.request(`${ORIGIN}${path}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // The in-page navigation's partial answer is JSON: only whole documents here.
    return readPage(documentOf(html, `${ORIGIN}${path}`), { links: path.startsWith('/sales/') });
  };
  const resolved = async (path: string) => leadPageProfile({ href: `${ORIGIN}${path}`, profileLinks: (await served(path)).profileLinks }, []);

  it.each([
    ['/in/joan-clarke/', { name: 'Joan Clarke', headline: 'Cryptanalyst at Hut Eight Analytics', jobTitle: 'Cryptanalyst', company: 'Hut Eight Analytics' }],
    ['/in/joan-clarke/?markup=cards', { name: 'Joan Clarke', headline: 'Cryptanalyst at Hut Eight Analytics', jobTitle: 'Cryptanalyst', company: 'Hut Eight Analytics' }],
    ['/in/ada-lovelace/?markup=cards', { name: 'Ada Lovelace', headline: 'Analyst of engines | Poet of science', jobTitle: 'Head of Algorithms', company: 'Analytical Engines' }],
  ])('profile %s', async (path, expected) => {
    const { profileLinks, ...words } = await served(path);
    expect(words).toEqual(expected);
    expect(profileLinks).toEqual([]);
  });

  it('lead pages: the header’s link (own markup), the menu’s (other markup); none for a person out of the network', async () => {
    expect(await resolved(leadPagePath(ADA))).toBe(`${SITE}/in/ada-lovelace/`);
    expect(await resolved(`${leadPagePath(ADA)}?markup=menu`)).toBe(`${SITE}/in/ada-lovelace/`);
    expect(await resolved(leadPagePath(JOAN))).toBeNull();
    expect(await resolved(`${leadPagePath(JOAN)}?markup=menu`)).toBeNull();
    expect(await served(`${leadPagePath(JOAN)}?markup=menu`)).toMatchObject({ name: 'Joan Clarke', company: 'Hut Eight Analytics' });
  });
});

describe('the headline is no job title unless it clearly says one (issue 43)', () => {
  const page = (headline: string) =>
    documentOf(`<html><body><main><section><h1>Jo Doe</h1><div>${headline}</div></section></main></body></html>`, `${SITE}/in/jo-doe/`);
  it('"Founder | Building X": a headline, no job title nor company read from it', () => {
    expect(readPage(page('Founder | Building the future of sales'))).toMatchObject({ name: 'Jo Doe', headline: 'Founder | Building the future of sales' });
    expect(readPage(page('Founder | Building the future of sales')).jobTitle).toBeUndefined();
    expect(readPage(page('Founder | Building the future of sales')).company).toBeUndefined();
  });
  it('"CTO at Acme | speaker", "Directrice chez Acme": the job title and company it says', () => {
    expect(readPage(page('CTO at Acme | speaker'))).toMatchObject({ headline: 'CTO at Acme | speaker', jobTitle: 'CTO', company: 'Acme' });
    expect(readPage(page('Directrice commerciale chez Acme'))).toMatchObject({ jobTitle: 'Directrice commerciale', company: 'Acme' });
  });
});
