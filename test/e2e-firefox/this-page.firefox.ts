/**
 * "This page" (issue 35) in Firefox: the look-alike results page's non-leads added to an audience
 * from the sidebar's tab, exactly those in the emulator's audience, then the batch undone.
 */
import { canonicalProfileUrl } from '../../lib/pronet/canonical-url';
import { test, expect, byRole, textOf } from './fixtures';

test.beforeEach(async ({ configure }) => {
  await (await configure()).close();
});

async function audienceUrls(baseUrl: string, key: string, audienceId: string): Promise<string[]> {
  const urls: string[] = [];
  for (let skip = 0; ; skip += 100) {
    const r = await fetch(`${baseUrl}/audiences/${encodeURIComponent(audienceId)}/leads?limit=100&skip=${skip}`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await r.json()) as { data: { pronetUrl: string | null }[]; total: number };
    urls.push(...body.data.map((l) => l.pronetUrl ?? ''));
    if (urls.length >= body.total || body.data.length === 0) return urls.sort();
  }
}

test('This page: the non-leads of a results page into an audience, exactly, then undone', async ({ open, openPanelFor, emulator, proKey, leadByUrl }) => {
  const page = await open(`${emulator.pronetOrigin}/search/results/people/`, { width: 1280, height: 1600 });
  const hrefs = await page.$$eval('ul.results a.person-name', (as) => [...new Set(as.map((a) => (a as HTMLAnchorElement).href))]);
  const people = [...new Set(hrefs.map((h) => canonicalProfileUrl(h)!))];
  const nonLeads = [];
  for (const p of people) if ((await leadByUrl(new URL(p).pathname.split('/')[2]!)) === null) nonLeads.push(p);
  expect(nonLeads.length).toBeGreaterThan(0);

  const panel = await openPanelFor(page);
  await (await byRole(panel, 'tab', 'This page', 30_000)).click();
  await byRole(panel, 'heading', 'People on this page (10)', 30_000);
  // Every badge known (no "Unknown" left), and the audience list loaded.
  await expect.poll(() => panel.$$eval('.this-page-person .pill', (ps) => ps.filter((p) => p.textContent?.trim() === 'Unknown').length), { timeout: 30_000 }).toBe(0);
  await panel.waitForSelector('#this-page-audience:not([disabled])', { timeout: 30_000 });
  expect(await panel.$$eval('.this-page-person input:checked', (boxes) => boxes.length)).toBe(nonLeads.length);
  const audienceId = await panel.$eval('#this-page-audience', (s) => (s as HTMLSelectElement).value);
  const before = await audienceUrls(emulator.baseUrl, proKey, audienceId);

  await (await panel.waitForSelector('.this-page-add .btn-primary'))!.click();
  await expect.poll(() => textOf(panel, '[data-testid="this-page-progress"]'), { timeout: 45_000 }).toBe(`${nonLeads.length} of ${nonLeads.length} added`);
  expect(await audienceUrls(emulator.baseUrl, proKey, audienceId)).toEqual([...before, ...nonLeads].sort());

  await (await byRole(panel, 'button', 'Undo')).click();
  await expect.poll(() => textOf(panel, '[data-testid="this-page-progress"]'), { timeout: 45_000 }).toMatch(new RegExp(`^Undone: ${nonLeads.length} removed from `));
  expect(await audienceUrls(emulator.baseUrl, proKey, audienceId)).toEqual(before);
});
