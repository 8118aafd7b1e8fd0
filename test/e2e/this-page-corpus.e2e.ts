/**
 * "This page" (issue 35) on a page of the real network's structure: the corpus's people search
 * (test/fixtures/corpus/lists/search-people.html, issue 33) served under the look-alike's host. The
 * panel lists its 10 persons in page order, named as the rows show them ("Tobias T." kept), with
 * the title and company read from each row, and none of its 15 mutual connections (linked by member
 * token); `Add 10 to <audience>` creates exactly them in the audience (the emulator's truth: none is
 * in the demo seed) and Undo takes out exactly those.
 */
import { canonicalProfileUrl } from '../../lib/pronet/canonical-url';
import { SEARCH_ROW_NAMES, corpus } from './corpus-support';
import { test, expect } from './fixtures';
import { addChecked, openThisPage, undoBatch } from './this-page-support';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

/**
 * Each row's title and company as the panel shows them (`title · company`), in page order; `null`
 * where the row names no company. Yuki Asante's "Staff Engineer | Platform | Ex-Orbitra" is checked
 * by its title only: the pipe rule reads "Platform" as the company, which the page does not say.
 */
const FACTS: [title: string, company: string | null | undefined][] = [
  ['Head of Growth at Tessel Works', 'Tessel Works'],
  ['Senior Account Executive @ Brightfold | SaaS', 'Brightfold'],
  ['Talent Partner chez Maison Verlaine', 'Maison Verlaine'],
  ['Leiter Vertrieb bei Rheinfeld Logistik GmbH', 'Rheinfeld Logistik GmbH'],
  ['Staff Engineer | Platform | Ex-Orbitra', undefined],
  ['Founder & CEO @ Quillstack', 'Quillstack'],
  ['Procurement Lead at Vantage Robotics', 'Vantage Robotics'],
  ['Data scientist · NLP · open to work', null],
  ['Customer Success Manager at Lumenfield AI', 'Lumenfield AI'],
  ['Product Designer at Kestrel Pay', 'Kestrel Pay'],
];

test('a corpus results page: its 10 persons as shown, no mutual connection; added to an audience exactly, then undone', async ({ extension, emulator, demo, openPanelFor, leadByUrl, emulatorCalls }) => {
  const url = `${emulator.pronetOrigin}/search/results/people/?keywords=growth`;
  const { page, panel } = await openThisPage(extension.context, openPanelFor, url, { html: corpus('lists/search-people.html') });

  // The page's persons: the names its rows show, the profiles their name links point at.
  const names = (await page.locator(SEARCH_ROW_NAMES).allTextContents()).map((n) => n.trim());
  expect(names).toHaveLength(10);
  expect(names.filter((n) => /^\p{L}+ \p{L}\.$/u.test(n)).length).toBeGreaterThan(0);
  const people = await page.locator(SEARCH_ROW_NAMES).evaluateAll((spans) => spans.map((s) => (s.closest('a') as HTMLAnchorElement).href));
  const profiles = people.map((h) => canonicalProfileUrl(h)!);
  const mutuals = (await page.locator('main a[href*="/in/ACoAA"]').allTextContents()).map((n) => n.trim()).filter(Boolean);
  expect(mutuals.length).toBeGreaterThan(0);

  // Listed in page order, named as shown, with their title and company; no mutual connection.
  const rows = panel.locator('.this-page-person');
  await expect(rows.locator('.this-page-person-name')).toHaveText(names);
  const lines = await rows.locator('.this-page-person-text > div.muted').allTextContents();
  expect(lines).toHaveLength(10);
  for (const [i, [title, company]] of FACTS.entries()) {
    if (company === undefined) expect(lines[i]!.startsWith(title)).toBe(true);
    else expect(lines[i]).toBe(company === null ? title : `${title} · ${company}`);
  }
  const listed = await rows.locator('.this-page-person-name').allTextContents();
  expect(listed.filter((n) => mutuals.includes(n.trim()))).toEqual([]);

  // None of them is a lead (the demo seed has none of them): all 10 checked.
  expect(await Promise.all(profiles.map((p) => leadByUrl(p)))).toEqual(profiles.map(() => null));
  await expect(panel.getByRole('checkbox', { checked: true })).toHaveCount(10);
  // The emulator's audience: what it held, and exactly the page's 10, each created once.
  const batch = await addChecked(panel, emulator, demo.proKey, emulatorCalls, profiles);
  // Created with what the row says: the abbreviated name as shown, the company read from the row.
  const tobias = await leadByUrl(profiles[names.indexOf('Tobias T.')]!);
  expect(tobias).toMatchObject({ firstname: 'Tobias', lastname: 'T.', companyName: 'Rheinfeld Logistik GmbH' });

  await undoBatch(panel, emulator, demo.proKey, emulatorCalls, batch, 10);
});
