/**
 * "This page" (issue 35) in the side panel, beside the look-alike's search results: the page's people
 * with the non-leads checked; the batch during its progress (the service answering slowly); and after,
 * one person refused by the service with its reason. English and French, light and dark.
 */
import type { Page } from '@playwright/test';
import type { Scene } from '../scene';
import { badgesShown, emulatorControl, say, searchWithThisPage } from '../steps';


const pills = (panel: Page, key: string, kit: Parameters<typeof say>[0]) => panel.locator('.this-page-person .pill', { hasText: say(kit, key) });

export const scene: Scene = {
  title: 'This page: a results page to an audience (selection, progress, after with a refusal)',
  locales: ['en', 'fr'],
  async run(kit) {
    const { page, panel } = await searchWithThisPage(kit);
    // The first results page with four non-leads or more (a batch that shows its progress).
    for (let n = 1; n <= 6; n++) {
      if (n > 1) {
        await page.goto(`${kit.pronet}/search/results/people/?page=${n}`);
        await badgesShown(page, 10);
        await panel.locator('.this-page-person .this-page-person-name').first().waitFor();
      }
      await panel.locator('.this-page-person').nth(9).waitFor();
      await pills(panel, 'thisPageUnknown', kit).first().waitFor({ state: 'detached', timeout: 30_000 });
      if ((await panel.locator('.this-page-person.is-checked').count()) >= 4) break;
    }
    // The selection spans the pages shown (issue 43): this scene is about one page's people.
    if (await panel.locator('.this-page-selected .btn').count()) await panel.locator('.this-page-selected .btn').click();
    await panel.locator('.this-page-tools .btn').first().click();
    await panel.locator('#this-page-audience:not([disabled])').waitFor();
    await kit.shoot(panel, 'this-page-selection', { fullPage: true });

    // The last person checked is refused by the service (a blocked profile); the others are slow.
    const names = await panel.locator('.this-page-person.is-checked .this-page-person-name').allTextContents();
    const refused = names[names.length - 1]!.trim().split(' ').pop()!;
    await emulatorControl(kit, 'faults', { latencyMs: 4_000, refuseMatching: `"lastname":"${refused}"` });
    await panel.locator('.this-page-add .btn-primary').click();
    await pills(panel, 'thisPageResultAdded', kit).first().waitFor({ timeout: 30_000 });
    await pills(panel, 'thisPageResultQueued', kit).first().waitFor({ timeout: 30_000 });
    await kit.shoot(panel, 'this-page-progress', { fullPage: true });

    await emulatorControl(kit, 'faults', { refuseMatching: `"lastname":"${refused}"` });
    await pills(panel, 'thisPageResultQueued', kit).first().waitFor({ state: 'detached', timeout: 60_000 });
    await pills(panel, 'thisPageResultRefused', kit).first().waitFor({ timeout: 30_000 });
    await kit.shoot(panel, 'this-page-after', { fullPage: true });
    await emulatorControl(kit, 'faults', {});
  },
};
