/**
 * What `npm run demo` and `npm run screenshots` both do with the launched extension: configure it
 * through the options page as a user would, find a tab's id, wait for the chip and for a settled panel.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chipLabel } from '../test/e2e/chip';

/** Until the chip (in its closed shadow root) names `name`; throws after `timeoutMs`. */
export async function waitForChip(page: Page, name: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!((await chipLabel(page)) ?? '').includes(name)) {
    if (Date.now() > until) throw new Error(`the chip did not show ${name} within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * The options page, used the way a user does: paste the key, set the base URL, Save. Save stores
 * both, then tests the key; returns what the page then says ("The key works: 4 members ...").
 * `labels` are the field and button names in the browser's language (English by default).
 */
export async function configure(
  options: Page,
  origin: string,
  apiKey: string,
  baseUrl: string,
  labels: OptionLabels = optionLabels('en'),
): Promise<string> {
  await options.goto(`${origin}/options.html`);
  await options.getByLabel(labels.apiKey, { exact: true }).fill(apiKey);
  await options.getByLabel(labels.baseUrl, { exact: true }).fill(baseUrl);
  const save = options.getByRole('button', { name: labels.save, exact: true });
  await save.click();
  const outcome = options.getByTestId('key-outcome');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const text = (await outcome.innerText()).trim();
    if (text && text !== labels.saved && (await save.isEnabled())) {
      // The sentence and the members on one console line, not one line per name and role.
      const said = await outcome.evaluate((el) => ({
        sentence: el.querySelector('.notice')?.textContent ?? el.textContent ?? '',
        members: [...el.querySelectorAll('li')].map((li) => [...li.children].map((c) => c.textContent ?? '')),
      }));
      return outcomeLine(said.sentence, said.members);
    }
    if (Date.now() > deadline) throw new Error(`the options page did not finish saving (it says: ${text || 'nothing'})`);
    await options.waitForTimeout(100);
  }
}

/**
 * The web app address on the options page (already open), as a user sets it: the panel then links
 * each conversation to the emulator's conversation page. The extension ships with none.
 */
export async function setWebApp(options: Page, webAppUrl: string, locale = 'en'): Promise<void> {
  await options.getByLabel(catalogueMessage(locale, 'webAppLabel'), { exact: true }).fill(webAppUrl);
  await options.getByRole('button', { name: catalogueMessage(locale, 'webAppSave'), exact: true }).click();
  await options.getByText(catalogueMessage(locale, 'webAppSaved'), { exact: true }).waitFor({ timeout: 15_000 });
}

/** Live replies (issue 36): the team relay's address and token, saved in the options like a user would. */
export async function setRelay(options: Page, eventsUrl: string, token: string, locale = 'en'): Promise<void> {
  await options.getByLabel(catalogueMessage(locale, 'relayUrlLabel'), { exact: true }).fill(eventsUrl);
  await options.getByLabel(catalogueMessage(locale, 'relayTokenLabel'), { exact: true }).fill(token);
  await options.getByRole('button', { name: catalogueMessage(locale, 'relaySave'), exact: true }).click();
  // An empty address is saved as going without a relay, and said so.
  await options.getByText(catalogueMessage(locale, eventsUrl === '' ? 'relaySavedNone' : 'relaySaved'), { exact: true }).waitFor({ timeout: 15_000 });
}

/** "The key works: 4 members in this workspace. Sam Sales (Owner), Priya Natarajan (Member)": one line. */
export function outcomeLine(sentence: string, members: readonly (readonly string[])[]): string {
  const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
  const names = members.map(([name = '', role = '']) => (squeeze(role) ? `${squeeze(name)} (${squeeze(role)})` : squeeze(name)));
  return [squeeze(sentence), names.join(', ')].filter(Boolean).join(' ');
}

export interface OptionLabels {
  apiKey: string;
  baseUrl: string;
  save: string;
  saved: string;
}

/** One message of the extension's catalogue for `locale` (`public/_locales/<locale>/messages.json`). */
export function catalogueMessage(locale: string, key: string): string {
  const catalogue = JSON.parse(readFileSync(resolve(`public/_locales/${locale}/messages.json`), 'utf8')) as Record<string, { message: string }>;
  const entry = catalogue[key];
  if (!entry) throw new Error(`no message ${key} in the ${locale} catalogue`);
  return entry.message;
}

/** The options page's words `configure` looks for, in `locale`. */
export function optionLabels(locale: string): OptionLabels {
  return {
    apiKey: catalogueMessage(locale, 'apiKeyLabel'),
    baseUrl: catalogueMessage(locale, 'baseUrlLabel'),
    save: catalogueMessage(locale, 'save'),
    saved: catalogueMessage(locale, 'connectionSaved'),
  };
}

/** The tab id the extension knows `page` by: the active tab once `page` is in front. */
export async function tabIdOf(context: BrowserContext, page: Page): Promise<number> {
  await page.bringToFront();
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('the extension has no service worker');
  const id = await worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { tabs: { query(q: { active: boolean; lastFocusedWindow: boolean }): Promise<{ id?: number }[]> } };
    };
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return tab?.id ?? null;
  });
  if (id === null) throw new Error('no active tab');
  return id;
}

/** Waits until the panel shows the lead with its messages loaded (no skeleton left in a screenshot). */
export async function panelSettled(panel: Page, leadName: string): Promise<void> {
  await panel.getByRole('heading', { level: 1, name: leadName }).waitFor({ timeout: 15_000 });
  await panel.getByRole('region', { name: 'Recent messages' }).getByRole('listitem').first().waitFor({ timeout: 15_000 });
  await panel.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
}

/**
 * The README's picture: a 1280 px page with a 400 px panel docked beside it, as the browser shows
 * them (each picture keeps its scale; the panel is cut at the window's height, as a docked panel is).
 * Returns the PNG.
 */
export async function sideBySide(context: BrowserContext, left: Buffer, right: Buffer, scheme: 'light' | 'dark'): Promise<Buffer> {
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width: 1280 + 1 + 400, height: 860 });
    const img = (png: Buffer, width: number) =>
      `<img src="data:image/png;base64,${png.toString('base64')}" style="display:block;width:${width}px;height:860px;object-fit:cover;object-position:top left">`;
    const border = scheme === 'dark' ? '#3a414d' : '#d0d5dd';
    await page.setContent(
      `<body style="margin:0;display:flex;background:${border}">${img(left, 1280)}<div style="width:1px"></div>${img(right, 400)}</body>`,
    );
    await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode())));
    return await page.screenshot({ clip: { x: 0, y: 0, width: 1681, height: 860 } });
  } finally {
    await page.close();
  }
}
