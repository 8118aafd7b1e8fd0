/**
 * "Import all N results" (issue 43) beside the look-alike's people search: the form that names the
 * search, its stated count, the identity, the options and the audience; then the import followed to
 * the search's size (the emulator's clock moved on, a page of results per 5 s of it).
 */
import type { Scene } from '../scene';
import { emulatorControl, searchWithThisPage } from '../steps';


async function importSent(kit: { emulator: { origin: string } }): Promise<boolean> {
  const r = await fetch(`${kit.emulator.origin}/_emulator/calls`);
  const raw = (await r.json()) as { calls?: { endpoint: string | null; ok: boolean }[] } | { endpoint: string | null; ok: boolean }[];
  const calls = Array.isArray(raw) ? raw : (raw.calls ?? []);
  return calls.some((c) => c.endpoint === 'importAudience' && c.ok);
}

export const scene: Scene = {
  title: 'Import all N results: the form, then the audience followed to its size',
  locales: ['en', 'fr'],
  async run(kit) {
    const { panel } = await searchWithThisPage(kit);
    await panel.locator('.search-import > .btn').click();
    const form = panel.locator('form.search-import-form');
    const count = ((await form.locator('[data-testid="import-count"]').textContent()) ?? '').trim();
    // Every result, contacted or not: the audience then reaches the search's size.
    await form.locator('input[type="checkbox"]').first().uncheck();
    await form.locator('#import-new-name').fill(kit.locale === 'fr' ? 'Toute la recherche' : 'The whole search');
    await form.scrollIntoViewIfNeeded();
    await kit.shoot(panel, 'search-import-form', { fullPage: true });

    await form.locator('button[type="submit"]').click();
    const progress = panel.locator('[data-testid="import-progress"]');
    await progress.waitFor();
    // Once the service has the import, its clock moved far past the search's last page.
    for (let i = 0; !(await importSent(kit)); i++) {
      if (i > 300) throw new Error('the import never reached the service');
      await panel.waitForTimeout(100);
    }
    await emulatorControl(kit, 'clock', { advanceMs: 15 * 60_000 });
    await panel.locator('.search-import-status').getByText(new RegExp(`^${count} (imported|importés)$`)).waitFor({ timeout: 90_000 });
    await kit.shoot(panel, 'search-import-done', { fullPage: true });
  },
};
