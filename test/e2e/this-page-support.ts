/**
 * "This page" (issue 35) in e2e: a list page opened with its side panel on "This page" once every
 * person's badge is known, and an audience's leads as the emulator holds them.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { canonicalProfileUrl } from '../../lib/pronet/canonical-url';
import { serve } from './corpus-support';
import { expect, fetchWithinBudget, outboxItems, type EmulatorCall, type EmulatorHandle } from './fixtures';

/** Tall enough that a results page of 10 is on screen at once. */
const TALL = { width: 1280, height: 1600 };

/** The pronetUrls of every lead in the audience (its pages of 100), through the public API. */
export async function audienceUrls(emulator: EmulatorHandle, key: string, audienceId: string): Promise<string[]> {
  const urls: string[] = [];
  for (let skip = 0; ; skip += 100) {
    // The test's reads share the key with the extension: a 429 is waited out.
    const r = await fetchWithinBudget(`${emulator.baseUrl}/audiences/${encodeURIComponent(audienceId)}/leads?limit=100&skip=${skip}`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await r.json()) as { data: { pronetUrl: string | null }[]; total: number };
    urls.push(...body.data.map((l) => l.pronetUrl ?? ''));
    if (urls.length >= body.total || body.data.length === 0) return urls.sort();
  }
}

/**
 * Opens `url` (answered with `html` when given, as a corpus page is) and its panel on "This page",
 * once the panel lists `count` people and every badge is known.
 */
export async function openThisPage(
  context: BrowserContext,
  openPanelFor: (page: Page) => Promise<Page>,
  url: string,
  { html, count = 10 }: { html?: string; count?: number } = {},
): Promise<{ page: Page; panel: Page }> {
  const page = await context.newPage();
  await page.setViewportSize(TALL);
  if (html !== undefined) await serve(page, url, html);
  await page.goto(url);
  const panel = await openPanelFor(page);
  await panel.getByRole('tab', { name: 'This page' }).click();
  await expect(panel.getByRole('heading', { name: `People on this page (${count})` })).toBeVisible();
  await expect(panel.locator('.this-page-person')).toHaveCount(count);
  // Unknown until the badges' look-ups land: never "not a lead" by default.
  await expect(panel.locator('.this-page-person .pill', { hasText: 'Unknown' })).toHaveCount(0, { timeout: 30_000 });
  return { page, panel };
}

/** The results page's people (canonical addresses, page order) and those the service has as no lead. */
export async function resultPeople(page: Page, leadByUrl: (url: string) => Promise<unknown>): Promise<{ people: string[]; nonLeads: string[] }> {
  const hrefs = await page.locator('ul.results a.person-name').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const people = [...new Set(hrefs.map((h) => canonicalProfileUrl(h)!))];
  const leads = await Promise.all(people.map((p) => leadByUrl(p)));
  return { people, nonLeads: people.filter((_, i) => leads[i] === null) };
}

/** A batch pressed: the audience picked and what it held before. */
export interface Batch {
  audienceId: string;
  audienceName: string;
  before: string[];
}

type Calls = () => Promise<EmulatorCall[]>;

/** The audience the panel's picker chose (its id, its name) and the leads it holds before the press. */
export async function chosenAudience(panel: Page, emulator: EmulatorHandle, key: string): Promise<Batch> {
  const select = panel.getByLabel('Audience', { exact: true });
  await expect(select).not.toHaveValue('');
  const audienceId = await select.inputValue();
  const audienceName = (await select.locator('option:checked').textContent())!.split(' · ')[0]!.replace(/ \([\d,]+ leads?\)$/, '');
  return { audienceId, audienceName, before: await audienceUrls(emulator, key, audienceId) };
}

/** The batch of `count` says every add landed; if it never does, the error says what each add was doing. */
export async function allAdded(panel: Page, count: number, calls: Calls, timeout: number): Promise<void> {
  await expect(panel.getByTestId('this-page-progress')).toHaveText(`${count} of ${count} added`, { timeout }).catch(async (error: Error) => {
    // Backing off, failed, or stuck.
    const recent = (await calls()).slice(0, 60).map((c) => `${c.id} ${c.endpoint} ${c.status}`);
    throw new Error(`${error.message}\noutbox: ${JSON.stringify(await outboxItems(panel))}\ncalls (newest first): ${recent.join(', ')}`);
  });
}
const landed = async (calls: Calls, endpoint: string) => (await calls()).filter((c) => c.endpoint === endpoint && c.ok).length;

/**
 * Presses `Add N to <audience>` for the checked `people` (profile addresses) into the audience the
 * panel picked, and checks the emulator's audience holds what it held and exactly them, each created
 * by one landed add (the test's own reads share the key's budget, so a 429 retried is no extra).
 */
export async function addChecked(panel: Page, emulator: EmulatorHandle, key: string, calls: Calls, people: string[]): Promise<Batch> {
  const { audienceId, audienceName, before } = await chosenAudience(panel, emulator, key);
  const addsBefore = await landed(calls, 'createLead');
  await panel.getByRole('button', { name: `Add ${people.length} to ${audienceName}` }).click();
  await expect(panel.getByTestId('this-page-progress')).toHaveText(`${people.length} of ${people.length} added`, { timeout: 30_000 });
  expect(await audienceUrls(emulator, key, audienceId)).toEqual([...before, ...people].sort());
  expect((await landed(calls, 'createLead')) - addsBefore).toBe(people.length);
  return { audienceId, audienceName, before };
}

/** Undo of the batch of `count`: the audience back to what it held, one landed removal each. */
export async function undoBatch(panel: Page, emulator: EmulatorHandle, key: string, calls: Calls, { audienceId, audienceName, before }: Batch, count: number): Promise<void> {
  const removalsBefore = await landed(calls, 'removeLeadFromAudience');
  await panel.getByRole('button', { name: 'Undo' }).click();
  await expect(panel.getByTestId('this-page-progress')).toHaveText(`Undone: ${count} removed from ${audienceName}`, { timeout: 30_000 });
  expect(await audienceUrls(emulator, key, audienceId)).toEqual(before);
  expect((await landed(calls, 'removeLeadFromAudience')) - removalsBefore).toBe(count);
}
