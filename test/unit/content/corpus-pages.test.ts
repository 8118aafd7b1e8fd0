/**
 * The page reader on the corpus of real structures (test/fixtures/corpus, issue 33; each structure's
 * source in its README): a table per fixture of what a person reads there. Before the fix the first
 * row read Company "Co-Founder & CPO" and Job title "Generative AI platform to…" (the description).
 */
import { describe, expect, it } from 'vitest';
import { readPage, type PageReading } from '../../../lib/content/page-reader';
import { leadPageProfile } from '../../../lib/content/profile-page-core';
import { corpusFile, documentOf } from './document-of';

const SITE = 'https://www.pronet.example';
const read = (path: string, url: string, links = false) => readPage(documentOf(corpusFile(path), url), { links });

type Words = Omit<PageReading, 'profileLinks'>;
const rows: [string, string, Words][] = [
  ['topcard-2023-single-role-at.html', 'oriane-castel', { name: 'Oriane Castel', headline: 'Founder & CPO @ Lumenfield | Ex-Orbitra, Ex-Kestrel Pay', jobTitle: 'Co-Founder & CPO', company: 'Lumenfield AI' }],
  ['topcard-2025-grouped-roles-pipe.html', 'tomasz-wierzba-7a1c2', { name: 'Tomasz Wierzba', headline: 'VP Product | Tessel Works | Mentor', jobTitle: 'VP Product', company: 'Tessel Works' }],
  ['topcard-2023-headline-stale.html', 'priyanka-deshmukh-rao', { name: 'Priyanka Deshmukh-Rao', headline: 'Risk analyst at Oldfield Bank', jobTitle: 'Senior Risk Analyst', company: 'Monsoon Capital' }],
  // Self-employed: the entry has no company, and the headline's bar form is a tagline: no company.
  ['self-employed-pipe.html', 'ines-albuquerque', { name: 'Ines Albuquerque', headline: 'Independent consultant | Pricing & packaging for SaaS', jobTitle: 'Independent Consultant' }],
  ['no-experience-at.html', 'kwame-mensah-boateng-b2a', { name: 'Kwame Mensah-Boateng', headline: 'Data science student at Northbridge University', jobTitle: 'Data science student', company: 'Northbridge University' }],
  ['fr-chez-topcard.html', 'solene-marchetti', { name: 'Solène Marchetti', headline: 'Directrice commerciale chez Maison Verlaine | Mentore', jobTitle: 'Directrice commerciale', company: 'Maison Verlaine' }],
  ['de-bei-no-button.html', 'friederike-lindqvist', { name: 'Friederike Lindqvist', headline: 'Leiterin Einkauf bei Rheinfeld Logistik GmbH', jobTitle: 'Leiterin Einkauf', company: 'Rheinfeld Logistik GmbH' }],
  ['rtl-ar.html', 'salma-alattar', { name: 'سلمى العطار', headline: 'مديرة التسويق في شركة الواحة الرقمية', jobTitle: 'مديرة التسويق', company: 'شركة الواحة الرقمية' }],
  ['not-found-en.html', 'gone-member', { notFound: true }],
  ['not-found-fr.html', 'gone-member', { notFound: true }],
];

describe('profiles of the corpus: name, headline, current title and company, each line read once', () => {
  it('holds at least eight profiles', () => expect(rows.filter(([, , w]) => !w.notFound).length).toBeGreaterThanOrEqual(8));
  it.each(rows)('%s', (file, slug, expected) => {
    const { profileLinks, ...words } = read(`profiles/${file}`, `${SITE}/in/${slug}/`);
    expect(words).toEqual(expected);
    expect(profileLinks).toEqual([]);
    // Nothing read twice ("Maven AGIMaven AGI"): no value holds a doubled text.
    for (const value of Object.values(words)) if (typeof value === 'string') expect(value).not.toMatch(/^(.{3,})\s*\1$/u);
  });
});

describe('the sales tool’s lead page of the corpus', () => {
  it('reads the person and resolves the one public profile its menu links', () => {
    const url = `${SITE}/sales/lead/ACwAAQ9xYzTk41,NAME_SEARCH,ab1`;
    const { profileLinks, ...words } = read('lists/salesnav-lead-page.html', url, true);
    expect(words).toEqual({ name: 'Elin Kapoor', headline: 'Product Designer at Kestrel Pay', jobTitle: 'Product Designer', company: 'Kestrel Pay' });
    expect(leadPageProfile({ href: url, profileLinks }, [])).toBe(`${SITE}/in/elin-kapoor-bb6/`);
  });
});
