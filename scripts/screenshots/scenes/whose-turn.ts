/**
 * Whose turn (issue 36): the panel's conversation "Waiting for you" (Ada wrote last) and "Waiting for
 * them" (Grace's other conversation, where the team wrote last), and the queue's untouched view,
 * where both kinds of rows sit together.
 */
import type { Page } from '@playwright/test';
import type { Scene } from '../scene';

async function turnShown(panel: Page) {
  await panel.getByTestId('whose-turn').waitFor({ timeout: 30_000 });
  await panel.locator('.message-list > li').first().waitFor({ timeout: 30_000 });
}

export const scene: Scene = {
  title: 'whose turn: the panel and the queue ("Waiting for you, 6 days" / "Waiting for them, 2 days")',
  locales: ['en', 'fr'],
  async run(kit) {
    const ada = await kit.openPage('/in/ada-lovelace/', { waitForChip: 'Ada Lovelace' });
    const adaPanel = await kit.openPanel(ada.tabId);
    await turnShown(adaPanel);
    await kit.shoot(adaPanel, 'whose-turn-panel-you');

    const grace = await kit.openPage('/in/grace-hopper/', { waitForChip: 'Grace Hopper' });
    const gracePanel = await kit.openPanel(grace.tabId);
    await turnShown(gracePanel);
    // The other conversation: the one the team answered last.
    await gracePanel.getByRole('radio').nth(1).check();
    await gracePanel.getByTestId('whose-turn').filter({ hasText: kit.locale === 'fr' ? "d'eux" : 'them' }).waitFor({ timeout: 30_000 });
    await kit.shoot(gracePanel, 'whose-turn-panel-them');

    await gracePanel.getByRole('tab').nth(1).click();
    await gracePanel.locator('#inbox-view').selectOption('untouched');
    await gracePanel.locator('.inbox-loading').waitFor({ state: 'detached', timeout: 30_000 });
    await gracePanel.locator('.inbox-list li').first().waitFor({ timeout: 30_000 });
    await kit.shoot(gracePanel, 'whose-turn-queue');
  },
};
