/** The options page after `Test key`: the key works, the workspace's members, the call history. */
import type { Scene } from '../scene';
import { say } from '../steps';

export const scene: Scene = {
  title: 'options page (key tested)',
  locales: ['en', 'fr'],
  async run(kit) {
    const options = await kit.openExtensionPage('options.html', { width: 1000, height: 900 });
    await options.getByRole('button', { name: say(kit, 'testKey'), exact: true }).click();
    await options.getByTestId('key-outcome').getByRole('list').waitFor({ timeout: 15_000 });
    // What differs on every run is blanked: each call's measured duration, and the emulator's port in
    // the base URL (the run takes a free port).
    const durations = options.getByRole('table', { name: say(kit, 'callHistoryTitle') }).locator('td.num');
    const baseUrl = options.getByLabel(say(kit, 'baseUrlLabel'), { exact: true });
    await kit.shoot(options, 'options', { fullPage: true, mask: [durations, baseUrl] });
  },
};
