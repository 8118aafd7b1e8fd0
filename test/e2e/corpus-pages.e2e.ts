/**
 * Pages of the real network's structure (test/fixtures/corpus, issue 33) served under the
 * look-alike's host through `page.route`: a profile whose top card shows its company as a button
 * and whose first experience entry nests its description (the panel's fields read the company and
 * the title, not the description), and a results page of 10 whose rows link their mutual
 * connections by member token (each badge names its row's person; the page costs 10 lead searches
 * and one conversation search; a mutual connection is looked up only once pointed at, and its "no
 * lead" by token shows nothing). The truth is the emulator's call history.
 */
import { LIST_BADGE_HOST_PREFIX } from '../../components/list-badge/list-badge';
import { canonicalProfileUrl } from '../../lib/pronet/canonical-url';
import { badgeBox, readBadges } from './chip';
import { SEARCH_ROW_NAMES, corpus, serve } from './corpus-support';
import { test, expect, type EmulatorCall } from './fixtures';

/** Two rows of the results link two people the demo workspace has as leads (only their hrefs change). */
const LEADS: [string, string][] = [
  ['madeleine-erhardt-3e8', 'ada-lovelace'],
  ['arjun-haugen', 'grace-hopper'],
];

const lookups = (calls: EmulatorCall[]) => calls.filter((c) => c.endpoint === 'searchLeads');
const searches = (calls: EmulatorCall[]) => calls.filter((c) => c.endpoint === 'searchConversations' && new URL(c.path, 'http://x').searchParams.has('leadIds'));
const perLead = (calls: EmulatorCall[]) => calls.filter((c) => c.endpoint === 'listLeadConversations');
const lookedUp = (calls: EmulatorCall[]) => lookups(calls).map((c) => new URL(c.path, 'http://x').searchParams.get('pronetUrl') ?? '');

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

test('a corpus profile: the panel offers the top card’s company and the current position’s title, not its description', async ({ extension, emulator, openPanelFor }) => {
  const page = await extension.context.newPage();
  const url = `${emulator.pronetOrigin}/in/oriane-castel/`;
  await serve(page, url, corpus('profiles/topcard-2023-single-role-at.html'));
  await page.goto(url);
  const panel = await openPanelFor(page);
  await expect(panel.getByText('Not a lead yet')).toBeVisible();
  const make = panel.getByRole('region', { name: 'Make this profile a lead' });
  await expect(make.getByLabel('Company')).toHaveValue('Lumenfield AI');
  await expect(make.getByLabel('Job title')).toHaveValue('Co-Founder & CPO');
});

test('a corpus results page of 10: badges name their row’s person, 10 lead searches and one conversation search; a mutual connection only once pointed at, unknown by token', async ({
  extension,
  emulator,
  emulatorCalls,
}) => {
  const page = await extension.context.newPage();
  await page.setViewportSize({ width: 1280, height: 2400 });
  const url = `${emulator.pronetOrigin}/search/results/people/?keywords=growth`;
  let html = corpus('lists/search-people.html');
  for (const [from, to] of LEADS) html = html.replaceAll(`/in/${from}?`, `/in/${to}?`);
  await serve(page, url, html);
  // The history is newest first: the page's calls are those after the newest one now.
  const before = Math.max(0, ...(await emulatorCalls()).map((c) => c.id));
  const since = async () => (await emulatorCalls()).filter((c) => c.id > before);
  await page.goto(url);

  // The names as the rows show them (the eye's copy of each name link).
  const names = await page.locator(SEARCH_ROW_NAMES).allTextContents();
  expect(names).toHaveLength(10);
  const rowHrefs = await page.locator('main ul[role="list"] > li span[dir="ltr"]').evaluateAll((spans) => spans.map((s) => s.closest('a')!.getAttribute('href')!));
  const rows = rowHrefs.map((h) => canonicalProfileUrl(new URL(h, url).href)!);

  await expect.poll(async () => (await readBadges(page)).filter((b) => b.href !== null && rowHrefs.includes(b.href)).length, { timeout: 30_000 }).toBe(10);
  const badges = (await readBadges(page)).filter((b) => b.href !== null && rowHrefs.includes(b.href));
  for (const [i, href] of rowHrefs.entries()) {
    const badge = badges.find((b) => b.href === href)!;
    // "Not a lead: Madeleine N.": the row's person as the row shows it, never "Status is offline";
    // a lead's badge names the lead as the service holds it.
    if (badge.text.startsWith('Not a lead')) expect(badge.label).toBe(`Not a lead: ${names[i]!.trim()}`);
    else expect(badge.label).toMatch(/^[^:]+: \p{L}+ \p{L}+$/u);
    expect(badge.label).not.toMatch(/status is|view .*profile/i);
  }
  // The two leads' badges say their conversations' state, not "Not a lead".
  for (const [, slug] of LEADS) expect(badges.find((b) => b.href?.includes(`/in/${slug}?`))?.text).not.toMatch(/^Not a lead/);

  // Budget: a lead search per row's person, none for the 15 mutual connections; one conversation search.
  // Budget: a lead search per row's person, none for the 15 mutual connections; at most one
  // conversation list for the page (today's markup reading cost 25 and 2).
  await expect
    .poll(async () => {
      const asked = lookedUp((await since()));
      return rows.filter((r) => !asked.includes(r));
    })
    .toEqual([]);
  const calls = (await since());
  expect(lookups(calls).length).toBeLessThanOrEqual(11);
  expect(new Set(lookedUp(calls))).toEqual(new Set(rows));
  expect(searches(calls).length + perLead(calls).length).toBeLessThanOrEqual(1);
  expect(lookedUp(calls).filter((p) => p.includes('/in/ACoAA'))).toEqual([]);

  // Pointing at a mutual connection looks them up then; "no lead" by member token shows nothing.
  const mutual = page.locator('main a[href*="/in/ACoAA"]').filter({ hasText: /\S/ }).first();
  const token = canonicalProfileUrl(new URL((await mutual.getAttribute('href'))!, url).href)!;
  await mutual.hover();
  await expect.poll(async () => lookedUp((await since())).includes(token)).toBe(true);
  // Its badge host is there once the answer came, and shows nothing.
  const slug = token.split('/in/')[1]!.replace(/\/$/, '');
  await expect
    .poll(async () => page.evaluate(([t, prefix]) => [...document.querySelectorAll(`a[href*="${t}"]`)].some((a) => a.nextElementSibling?.localName.startsWith(prefix!)), [slug, LIST_BADGE_HOST_PREFIX]))
    .toBe(true);
  expect((await readBadges(page)).filter((b) => b.href?.includes('/in/ACoAA'))).toEqual([]);
});

test('a corpus results page laid out as the network does, the degree after the name on its line: every badge beside its name, none over the degree', async ({ extension, emulator }) => {
  const page = await extension.context.newPage();
  await page.setViewportSize({ width: 1280, height: 2400 });
  const url = `${emulator.pronetOrigin}/search/results/people/?keywords=growth&inline=1`;
  // The network's stylesheet, as far as the name's line goes: the degree inline after the name, the
  // screen readers' copies out of sight.
  const style = `<style>.entity-result__badge, .entity-result__badge-text { display: inline; margin-left: 4px; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }</style>`;
  await serve(page, url, corpus('lists/search-people.html').replace('</head>', `${style}</head>`));
  await page.goto(url);
  const rowLink = (href: string | null) => href !== null && !href.includes('/in/ACoAA');
  await expect.poll(async () => (await readBadges(page)).filter((b) => rowLink(b.href)).length, { timeout: 30_000 }).toBe(10);
  const degrees = await page.getByText(/^• (1st|2nd|3rd\+)$/).all();
  expect(degrees).toHaveLength(10);
  const degreeBoxes = await Promise.all(degrees.map(async (d) => (await d.boundingBox())!));
  for (const badge of (await readBadges(page)).filter((b) => rowLink(b.href))) {
    const box = await badgeBox(page, badge);
    // On the name's line (it overlaps a degree's height), and clear of every degree's words.
    expect(degreeBoxes.some((d) => box.y < d.y + d.height && d.y < box.y + box.height)).toBe(true);
    const covered = degreeBoxes.filter((d) => box.x < d.x + d.width && d.x < box.x + box.width && box.y < d.y + d.height && d.y < box.y + box.height);
    expect(covered).toEqual([]);
  }
});
