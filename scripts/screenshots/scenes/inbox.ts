/** The inbox queue in the side panel (issue 12): each saved view, and the `?` shortcuts overlay. */
import type { Page } from '@playwright/test';
import type { Scene } from '../scene';
import { ask } from '../steps';

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
    // The side panel at its narrowest (issue 34: French names were cut beside "Attend depuis …").
    await panel.setViewportSize({ width: 320, height: 900 });
    await kit.shoot(panel, 'inbox-waiting-narrow');
    await panel.setViewportSize({ width: 400, height: 900 });
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
    await panel.keyboard.press('Escape');

    // A reply from the queue (issue 34): the row no longer waits, the count drops, the text sent stays.
    await ask(panel, { type: 'settings-set', patch: { replyUndoSeconds: 0 } });
    const who = (await ask(panel, { type: 'reply-members' })) as { value: { members: { id: string }[] } };
    await ask(panel, { type: 'reply-member-set', memberId: who.value.members[0]!.id });
    await panel.locator('#inbox-view').selectOption('waiting');
    await settled(panel);
    await panel.locator('.inbox-list li').first().focus();
    await panel.keyboard.press('r');
    const box = panel.locator('.inbox-reply textarea');
    await box.waitFor({ timeout: 30_000 });
    await box.fill(kit.locale === 'fr' ? 'Merci, je vous envoie les tarifs demain.' : 'Thank you, I will send the pricing tomorrow.');
    await box.press('Control+Enter');
    await panel.getByTestId('reply-sent-item').waitFor({ timeout: 30_000 });
    await kit.shoot(panel, 'inbox-replied');
  },
};
