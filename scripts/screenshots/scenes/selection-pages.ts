/**
 * A selection that spans a search's pages (issue 43) beside the look-alike's results: a person left
 * out on page 1, two picked on page 2, page 3's defaults; the count over the pages and who is chosen
 * on the other pages; the picker's New audience; Enrich the selected, its cost first, then its results.
 * English and French, light and dark.
 */
import type { Page } from '@playwright/test';
import type { Scene } from '../scene';
import { badgesShown, emulatorControl, say, searchWithThisPage } from '../steps';

/** The tab's next results page (the look-alike swaps its results in place), its badges and the panel's rows known. */
async function nextPage(page: Page, panel: Page, kit: Parameters<typeof say>[0]) {
  const first = await page.locator('ul.results a.person-name').first().textContent();
  await page.locator('nav.pager a[rel="next"]').click();
  await page.waitForFunction((before) => document.querySelector('ul.results a.person-name')?.textContent !== before, first);
  await badgesShown(page, 10);
  const now = ((await page.locator('ul.results a.person-name').first().textContent()) ?? '').trim();
  await panel.locator('.this-page-person').first().getByText(now).waitFor();
  await panel.locator('.this-page-person .pill', { hasText: say(kit, 'thisPageUnknown') }).first().waitFor({ state: 'detached', timeout: 30_000 });
}

export const scene: Scene = {
  title: 'This page: a selection over three results pages, and New audience in the picker',
  locales: ['en', 'fr'],
  async run(kit) {
    const { page, panel } = await searchWithThisPage(kit);
    await panel.locator('.this-page-person').nth(9).waitFor();
    await panel.locator('.this-page-person .pill', { hasText: say(kit, 'thisPageUnknown') }).first().waitFor({ state: 'detached', timeout: 30_000 });
    await panel.locator('.this-page-person.is-checked input').first().uncheck();
    await nextPage(page, panel, kit);
    await panel.locator('.this-page-tools .btn').nth(1).click();
    const page2 = panel.locator('.this-page-people').first().locator('.this-page-person input:not([disabled])');
    for (const n of [0, 1]) await page2.nth(n).check();
    await nextPage(page, panel, kit);
    await panel.locator('.this-page-other-pages summary').click();
    await panel.locator('#this-page-audience:not([disabled])').waitFor();
    await kit.shoot(panel, 'this-page-pages', { fullPage: true });

    await panel.locator('#this-page-audience').selectOption({ index: (await panel.locator('#this-page-audience option').count()) - 1 });
    await panel.locator('#this-page-new-audience').fill(kit.locale === 'fr' ? 'Directeurs techniques, Lyon' : 'CTOs in Lyon');
    await panel.locator('.this-page-new-audience').scrollIntoViewIfNeeded();
    await kit.shoot(panel, 'this-page-new-audience', { fullPage: true });
    await panel.locator('.this-page-new-audience .btn').last().click();

    // Enrich the selected: the cost of the whole selection shown first, then the results as they come.
    await panel.locator('[data-testid="enrich-selected-cost"]').getByText(/\d/).first().waitFor();
    await panel.locator('.enrich-selected > .btn').click();
    await panel.locator('[data-testid="enrich-progress"]').waitFor();
    await emulatorControl(kit, 'clock', { advanceMs: 60_000 });
    await panel.locator('.enrich-selected-person[data-state="found"], .enrich-selected-person[data-state="nothing"]').first().waitFor({ timeout: 90_000 });
    await panel.locator('.enrich-selected').scrollIntoViewIfNeeded();
    await kit.shoot(panel, 'this-page-enrich', { fullPage: true });
  },
};
