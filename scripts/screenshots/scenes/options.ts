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
    const calls = options.getByRole('table', { name: say(kit, 'callHistoryTitle') });
    const durations = calls.locator('td.num');
    // ... and a blanked duration still takes its width: the column gets one width on every run.
    await durations.evaluateAll((cells) => cells.forEach((c) => ((c as HTMLElement).style.width = '7em')));
    // Test key's two calls run together and land in either order: rows of the same minute are put in
    // the order of their endpoint's name, so that the picture is the same on every run.
    await calls.evaluate((table) => {
      const body = table.querySelector('tbody');
      if (!body) return;
      const rows = Array.from(body.rows).map((r, i) => ({ r, i, time: r.cells[0]?.textContent ?? '', endpoint: r.cells[1]?.textContent ?? '' }));
      rows.sort((a, b) => (a.time === b.time ? a.endpoint.localeCompare(b.endpoint) : a.i - b.i));
      for (const { r } of rows) body.appendChild(r);
    });
    const baseUrl = options.getByLabel(say(kit, 'baseUrlLabel'), { exact: true });
    await kit.shoot(options, 'options', { fullPage: true, mask: [durations, baseUrl] });
  },
};
