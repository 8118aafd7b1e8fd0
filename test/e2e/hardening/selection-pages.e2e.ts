/**
 * A selection that spans a search's pages (issue 43), where the user meets it: chosen over three
 * results pages (a person left out on page 1, two picked by hand on page 2, page 3's defaults), the
 * panel closed and opened again on the way back to page 1, then ONE press under drops with late
 * applies, 502 after apply and a stopped worker: each chosen person in the audience exactly once,
 * nobody else, and the batch says so. Checked against the emulator's state.
 */
import type { Page } from '@playwright/test';
import { canonicalProfileUrl } from '../../../lib/pronet/canonical-url';
import { test, expect } from '../fixtures';
import { allAdded, audienceUrls, chosenAudience, openThisPage } from '../this-page-support';
import { WorkerStopper } from './support';

// Under ~50% failed calls each add and its read-backs back off (as in batch-enrich-faults).
test.describe.configure({ timeout: 420_000 });
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

/** The profiles a results page lists, in order, and the names their rows show. */
const names = new Map<string, string>();
async function listed(page: Page): Promise<string[]> {
  const rows = await page.locator('ul.results a.person-name').evaluateAll((as) => as.map((a) => [(a as HTMLAnchorElement).href, a.textContent ?? '']));
  for (const [href, name] of rows) names.set(canonicalProfileUrl(href!)!, name!.trim());
  return [...new Set(rows.map(([href]) => canonicalProfileUrl(href!)!))];
}

const firstResult = async (page: Page) => (await page.locator('ul.results a.person-name').first().textContent())!.trim();

/** The page's `Next` or the browser's Back: the look-alike may swap its results in place (as the network does). */
async function goTo(page: Page, move: () => Promise<unknown>) {
  const before = await firstResult(page);
  await move();
  await expect.poll(() => firstResult(page)).not.toBe(before);
}

/** The panel shows the tab's results page n: its first person, its 10 people, each badge known. */
async function panelShows(panel: Page, page: Page, n: number) {
  if (n > 1) await expect(page).toHaveURL(new RegExp(`[?&]page=${n}(&|$)`));
  else await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(panel.locator('.this-page-person').first()).toContainText(await firstResult(page));
  await expect(panel.getByRole('heading', { name: 'People on this page (10)' })).toBeVisible();
  await expect(panel.locator('.this-page-person .pill', { hasText: 'Unknown' })).toHaveCount(0, { timeout: 30_000 });
}

test('a selection over three pages, kept through a closed panel, is added exactly once under faults', async ({
  extension,
  emulator,
  demo,
  openPanelFor,
  leadByUrl,
  emulatorControl,
  emulatorCalls,
}) => {
  const opened = await openThisPage(extension.context, openPanelFor, `${emulator.pronetOrigin}/search/results/people/`);
  const page = opened.page;
  let panel = opened.panel;
  const nonLeadsOf = async (people: string[]) => (await Promise.all(people.map(async (p) => ((await leadByUrl(p)) === null ? p : null)))).filter((p): p is string => p !== null);
  const checkbox = async (profileUrl: string) => panel.getByRole('checkbox', { name: `Add ${names.get(profileUrl)}`, exact: true });

  // Page 1: every non-lead is chosen by default; the user leaves the first out.
  const page1 = await nonLeadsOf(await listed(page));
  expect(page1.length).toBeGreaterThanOrEqual(2);
  const leftOut = page1[0]!;
  await (await checkbox(leftOut)).uncheck();
  await expect(panel.getByTestId('this-page-selected')).toHaveText(`${page1.length - 1} selected`);

  // Page 2: none, then two by hand.
  await goTo(page, () => page.getByRole('link', { name: 'Next' }).click());
  await panelShows(panel, page, 2);
  await panel.getByRole('button', { name: 'Select none' }).click();
  const page2 = (await nonLeadsOf(await listed(page))).slice(0, 2);
  expect(page2).toHaveLength(2);
  for (const p of page2) await (await checkbox(p)).check();

  // Page 3: its defaults.
  await goTo(page, () => page.getByRole('link', { name: 'Next' }).click());
  await panelShows(panel, page, 3);
  const page3 = await nonLeadsOf(await listed(page));
  const chosen = [...page1.slice(1), ...page2, ...page3];
  await expect(panel.getByTestId('this-page-selected')).toHaveText(`${chosen.length} selected on 3 pages`);
  // Whom the press takes from the other pages, by page.
  await panel.getByText(`Selected on other pages: ${page1.length - 1 + page2.length}`).click();
  const others = panel.locator('.this-page-other-pages');
  for (const p of [...page1.slice(1), ...page2]) await expect(others.getByRole('checkbox', { name: `Add ${names.get(p)}`, exact: true })).toBeChecked();
  await expect(others.getByRole('checkbox', { name: `Add ${names.get(leftOut)}`, exact: true })).toHaveCount(0);

  // The panel closed, and page 1 again: the selection is the worker's, not the panel's.
  await panel.close();
  await goTo(page, () => page.goBack());
  await goTo(page, () => page.goBack());
  panel = await openPanelFor(page);
  await panel.getByRole('tab', { name: 'This page' }).click();
  await panelShows(panel, page, 1);
  await expect(await checkbox(leftOut)).not.toBeChecked();
  await expect(await checkbox(page1[1]!)).toBeChecked();
  await expect(panel.getByTestId('this-page-selected')).toHaveText(`${chosen.length} selected on 3 pages`);

  const { audienceId, audienceName, before } = await chosenAudience(panel, emulator, demo.proKey);
  await emulatorControl('faults', { dropRate: 0.3, lateApplyMs: 3000, applyThenFailRate: 0.3, latencyMs: 300 });
  await panel.getByRole('button', { name: `Add ${chosen.length} to ${audienceName}` }).click();
  await new WorkerStopper(panel).stop();
  await allAdded(panel, chosen.length, emulatorCalls, 240_000);
  await emulatorControl('faults', {});
  const after = await audienceUrls(emulator, demo.proKey, audienceId);
  expect(chosen.map((p) => after.filter((u) => u === p).length)).toEqual(chosen.map(() => 1));
  expect(after).toEqual([...before, ...chosen].sort());
  // The press took them: nobody is chosen any more, on any page.
  await expect(panel.getByTestId('this-page-selected')).toHaveCount(0);
});
