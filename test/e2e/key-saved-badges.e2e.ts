/**
 * Badges on a page opened before the key is saved (issue 34: they came only after a reload): once the
 * key is saved and accepted, the worker looks up what the page listed and pushes its badges.
 */
import { readBadges } from './chip';
import { expect, test } from './fixtures';

test('a results page open before the key is saved gets its badges after Save, without a reload', async ({ extension, emulator, configureExtension, emulatorCalls }) => {
  // The worker's own ear: the page's ask for badges has reached it (with no key, it answers none).
  const asked = extension.serviceWorker.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const runtime = (globalThis as unknown as { chrome: { runtime: { onMessage: { addListener(f: (m: { type?: string; urls?: string[] }) => void): void } } } }).chrome.runtime;
        runtime.onMessage.addListener((m) => {
          if (m.type === 'list-badges' && (m.urls?.length ?? 0) > 0) resolve(m.urls!.length);
        });
      }),
  );
  const page = await extension.context.newPage();
  await page.setViewportSize({ width: 1280, height: 1600 });
  await page.goto(`${emulator.pronetOrigin}/search/results/people/`);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  expect(await asked).toBeGreaterThan(0);
  expect(await readBadges(page)).toEqual([]);
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'searchLeads')).toEqual([]);

  await (await configureExtension()).close();
  await expect.poll(async () => (await readBadges(page)).length).toBeGreaterThanOrEqual(10);
  // The same document: no reload brought them.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
