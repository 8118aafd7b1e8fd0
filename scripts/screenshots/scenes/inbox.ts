/** The inbox queue in the side panel (issue 12): each saved view, and the `?` shortcuts overlay. */
import type { Page } from '@playwright/test';
import type { Scene } from '../scene';

async function settled(panel: Page) {
  await panel.locator('.inbox-loading').waitFor({ state: 'detached', timeout: 30_000 });
  await panel.locator('.inbox-list li, .empty').first().waitFor({ timeout: 30_000 });
}

export const scene: Scene = {
  title: 'side panel: the inbox queue (waiting, snoozed, untouched, unread, shortcuts)',
  locales: ['en', 'fr'],
  async run(kit) {
    const { tabId } = await kit.openPage('/in/ada-lovelace/', { waitForChip: 'Ada Lovelace' });
    const panel = await kit.openPanel(tabId);
    await panel.getByRole('tab').nth(1).click();
    await settled(panel);
    await kit.shoot(panel, 'inbox-waiting');
    for (const view of ['snoozed', 'untouched', 'unread'] as const) {
      await panel.locator('#inbox-view').selectOption(view);
      await settled(panel);
      // The first row has the focus (and shows its actions), as after opening the view by keyboard.
      await panel.locator('.inbox-list li').first().focus();
      await kit.shoot(panel, `inbox-${view}`);
    }
    await panel.keyboard.press('?');
    await panel.getByRole('dialog').waitFor();
    await kit.shoot(panel, 'inbox-shortcuts');
  },
};
