/**
 * The essentials on one screen (issue 45): at 400 × 700 the panel shows, without scrolling, who this
 * is, whose turn, the last message, and Archive, Snooze, Append to note and Reply (a non-lead: Add to
 * audience and Enrich), in English and in French; `r` opens the reply in place; a fold remembers
 * whether it was opened. On the build before, Reply sat 2,599 px down and Append 1,478 px.
 */
import type { Page } from '@playwright/test';
import { catalogueMessage, configure, optionLabels } from '../../scripts/extension-session';
import { launchWithExtension } from './browser';
import { expect, test as base, useLaunched } from './fixtures';
import { openFold } from './panel-steps';

const VIEWPORT = { width: 400, height: 700 };

async function onFirstScreen(panel: Page, words: string[]) {
  for (const name of words) {
    const button = panel.getByRole('button', { name, exact: true });
    await expect(button, name).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.y, `${name}: its top`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${name}: its bottom within ${VIEWPORT.height} px`).toBeLessThanOrEqual(VIEWPORT.height);
  }
  expect(await panel.evaluate(() => window.scrollY)).toBe(0);
}

for (const locale of ['en', 'fr'] as const) {
  const say = (key: string) => catalogueMessage(locale, key);
  const test = base.extend({
    extension: async ({ demo: _demo }, use) => {
      await useLaunched(await launchWithExtension(locale === 'fr' ? { locale: 'fr-FR', uiLanguage: 'fr' } : {}), use);
    },
  });

  test(`${locale}: at 400 × 700 a lead's and a non-lead's acts are on the first screen; r opens the reply in place; folds remember`, async ({
    extension,
    emulator,
    demo,
    openProfile,
    openPanelFor,
    tabIdOf,
  }) => {
    const options = await extension.context.newPage();
    await configure(options, extension.origin, demo.proKey, emulator.baseUrl, optionLabels(locale));
    await options.close();

    const panel = await openPanelFor(await openProfile('ada-lovelace'));
    await panel.setViewportSize(VIEWPORT);
    await expect(panel.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(panel.getByTestId('whose-turn')).toBeVisible();
    await expect(panel.getByTestId('last-message-preview')).toBeVisible();
    await onFirstScreen(panel, [say('archive'), say('snoozeMenu'), say('appendLabel'), say('replyLabel')]);

    // One key opens the reply in place, focused, still on the first screen.
    await panel.locator('body').press('r');
    const box = panel.getByLabel(say('replyLabel'), { exact: true });
    await expect(box).toBeFocused();
    expect((await box.boundingBox())!.y + 40).toBeLessThanOrEqual(VIEWPORT.height);
    // Esc closes it; Append to note takes the keyboard to the note's append box.
    await box.press('Escape');
    await expect(box).toHaveCount(0);
    await panel.getByRole('button', { name: say('appendLabel'), exact: true }).click();
    await expect(panel.getByLabel(say('appendLabel'), { exact: true })).toBeFocused();

    // The folds: Qualify opened and Recent messages closed are remembered by the next panel.
    await openFold(panel, say('qualifyTitle'));
    await panel.locator('details.fold[data-fold="thread"] > summary').click();
    await expect(panel.locator('details.fold[data-fold="thread"]')).not.toHaveAttribute('open', '');
    await panel.close();
    const again = await openPanelFor(await openProfile('ada-lovelace'));
    await expect(again.getByRole('region', { name: say('qualifyTitle') })).toBeVisible();
    await expect(again.locator('details.fold[data-fold="thread"]')).not.toHaveAttribute('open', '');
    await expect(again.locator('details.fold[data-fold="activity"]')).not.toHaveAttribute('open', '');

    // The note folded away: Alt+Shift+K's panel (?focus=note) opens its fold and puts the cursor in it.
    await again.locator('details.fold[data-fold="note"] > summary').click();
    await expect(again.locator('details.fold[data-fold="note"]')).not.toHaveAttribute('open', '');
    const profile = await openProfile('ada-lovelace');
    const withNote = await extension.context.newPage();
    await withNote.goto(`${extension.origin}/sidepanel.html?tab=${await tabIdOf(profile)}&focus=note`);
    await expect(withNote.getByLabel(say('noteLabel'), { exact: true })).toBeFocused();

    const margaret = await openPanelFor(await openProfile('margaret-hamilton'));
    await margaret.setViewportSize(VIEWPORT);
    await expect(margaret.getByText(say('notALead'))).toBeVisible();
    await onFirstScreen(margaret, [say('addToAudience'), say('enrich')]);
  });
}
