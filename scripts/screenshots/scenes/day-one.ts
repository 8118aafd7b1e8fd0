/**
 * What issue 27 changed on the surfaces: an enrichment followed to its result with the contact
 * details and their source; the profile panel offline with the age of its data; the queue's note box
 * with its keys, and a toast across the panel.
 */
import type { Scene } from '../scene';
import { profileAndPanel, say, serviceUnreachable } from '../steps';

export const scene: Scene = {
  title: 'side panel: enrichment result and contact details, offline notice, queue note box and toast',
  locales: ['en', 'fr'],
  async run(kit) {
    const { panel } = await profileAndPanel(kit, 'margaret-hamilton');
    await panel.getByRole('button', { name: say(kit, 'addToAudience'), exact: true }).click();
    await panel.getByText(say(kit, 'noConversationTitle')).waitFor({ timeout: 30_000 });
    await panel.getByTestId('credits').getByText(/\d/).waitFor();
    await panel.getByRole('button', { name: say(kit, 'enrich'), exact: true }).click();
    await panel.getByTestId('enrichment-status').waitFor();
    // The service's work takes 30 s of its clock; the extension looks again 15 s after asking.
    await fetch(`${kit.emulator.origin}/_emulator/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 60_000 }) });
    await panel.locator('[data-testid="enrichment-status"][data-state="done"]').waitFor({ timeout: 90_000 });
    await kit.shoot(panel, 'sidepanel-enrichment-result', { fullPage: true });

    const ada = await profileAndPanel(kit, 'ada-lovelace');
    await ada.panel.getByRole('tab').nth(1).click();
    await ada.panel.locator('.inbox-list li').first().waitFor({ timeout: 30_000 });
    await ada.panel.locator('.inbox-list li').first().focus();
    await ada.panel.keyboard.press('n');
    await ada.panel.locator('#inbox-note').fill(say(kit, 'appendPlaceholder'));
    await ada.panel.locator('.inbox-list li').nth(1).focus();
    await ada.panel.keyboard.press('s');
    await ada.panel.locator('.toast').waitFor();
    await kit.shoot(ada.panel, 'inbox-note-and-toast');

    await ada.panel.getByRole('tab').nth(0).click();
    await serviceUnreachable(kit);
    await ada.panel.evaluate((tabId) => (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({ type: 'refresh', tabId }), ada.tabId);
    await ada.panel.getByTestId('offline-notice').waitFor({ timeout: 60_000 });
    await kit.shoot(ada.panel, 'sidepanel-offline-notice');
  },
};
