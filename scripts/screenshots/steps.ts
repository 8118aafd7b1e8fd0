/** Steps several scenes take, as a user takes them (the options page, a profile and its panel). */
import type { Locator, Page } from '@playwright/test';
import { catalogueMessage, configure, optionLabels } from '../extension-session';
import { readBadges } from '../../test/e2e/chip';
import type { SceneKit } from './scene';

/** A word of the extension's catalogue in the scene's language. */
export function say(kit: SceneKit, key: string): string {
  return catalogueMessage(kit.locale, key);
}

/** The profile `slug` (whose chip names `name`) and its side panel, settled. */
export async function profileAndPanel(kit: SceneKit, slug: string, name?: string): Promise<{ profile: Page; panel: Page; tabId: number }> {
  const { page: profile, tabId } = await kit.openPage(`/in/${slug}/`, name ? { waitForChip: name } : undefined);
  return { profile, panel: await kit.openPanel(tabId), tabId };
}

/** Saves `apiKey` on the options page, as a user pastes another key. Returns what the page then says. */
export async function saveKey(kit: SceneKit, apiKey: string): Promise<string> {
  const options = await kit.openExtensionPage('options.html');
  const outcome = await configure(options, kit.extensionOrigin, apiKey, kit.emulator.baseUrl, optionLabels(kit.locale));
  await options.close();
  return outcome;
}

/** Presses `Remove key` on the options page, and confirms. */
export async function removeKey(kit: SceneKit): Promise<void> {
  const options = await kit.openExtensionPage('options.html');
  await options.getByRole('button', { name: say(kit, 'removeKey'), exact: true }).click();
  await options.getByRole('button', { name: say(kit, 'removeKeyYes'), exact: true }).click();
  await options.getByTestId('key-outcome').getByText(say(kit, 'keyCleared')).waitFor();
  await options.close();
}

/** Makes every call to the service fail as an unreachable service does (the emulator drops them). */
export async function serviceUnreachable(kit: SceneKit): Promise<void> {
  const response = await fetch(`${kit.emulator.origin}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ dropRate: 1 }),
  });
  if (!response.ok) throw new Error(`the emulator refused the faults: ${response.status}`);
}

/** The side panel beside `${pronet}${path}`, as tall as a state's card needs (400 × 640), in both themes. */
export async function shootPanelState(kit: SceneKit, path: string, name: string): Promise<void> {
  const { tabId } = await kit.openPage(path);
  const panel = await kit.openPanel(tabId);
  await panel.setViewportSize({ width: 400, height: 640 });
  await kit.shoot(panel, name);
}

/**
 * Waits until the page shows at least `count` badges and no more arrive for a second (they come from
 * the background in batches, for the rows on screen only, so the exact number depends on the layout).
 */
export async function badgesShown(page: Page, count: number): Promise<void> {
  let last = -1;
  let stableSince = Date.now();
  for (let i = 0; i < 300; i++) {
    const shown = (await readBadges(page)).length;
    if (shown !== last) {
      last = shown;
      stableSince = Date.now();
    } else if (shown >= count && Date.now() - stableSince >= 1_000) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`fewer than ${count} badges on ${page.url()} (${last})`);
}

/** A request to the worker from an extension page, as the options page sends it. */
export async function ask(page: Page, message: Record<string, unknown>): Promise<unknown> {
  return page.evaluate(async (m) => {
    const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime;
    return runtime.sendMessage(m);
  }, message);
}

/** The panel's reply box, opened by its Reply button (issue 45: it opens in place). */
export async function openReply(kit: SceneKit, panel: Page): Promise<Locator> {
  const box = panel.getByLabel(say(kit, 'replyLabel'), { exact: true });
  const button = panel.getByRole('button', { name: say(kit, 'replyLabel'), exact: true });
  await box.or(button).first().waitFor({ timeout: 30_000 });
  if (!(await box.isVisible())) await button.click();
  return box;
}

/** Opens the panel's fold `id` (issue 45: thread, note, details, qualify, contacts, activity) if closed. */
export async function openFold(panel: Page, id: string): Promise<void> {
  const fold = panel.locator(`details.fold[data-fold="${id}"]`);
  await fold.waitFor({ timeout: 30_000 });
  if ((await fold.getAttribute('open')) === null) await fold.locator('summary').click();
}

/** `POST /_emulator/<path>` (faults, clock): the scene's hand on the service. */
export async function emulatorControl(kit: { emulator: { origin: string } }, path: string, body: unknown): Promise<void> {
  const r = await fetch(`${kit.emulator.origin}/_emulator/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`POST /_emulator/${path}: ${r.status}`);
}

/** The look-alike's people search, tall, its badges shown, with the side panel's This page open. */
export async function searchWithThisPage(kit: SceneKit): Promise<{ page: Page; panel: Page }> {
  const { page, tabId } = await kit.openPage('/search/results/people/');
  await page.setViewportSize({ width: 1280, height: 1600 });
  await badgesShown(page, 10);
  const panel = await kit.openPanel(tabId);
  await panel.locator('#tab-page').click();
  return { page, panel };
}

