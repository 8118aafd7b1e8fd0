/**
 * The reply composer on Ada Lovelace: the templates and snippets picker open, then a campaign step
 * picked and filled from her lead, with a placeholder nobody can fill named under the box.
 */
import type { Page } from '@playwright/test';
import type { Scene } from '../scene';
import { openReply, profileAndPanel, say } from '../steps';

export const scene: Scene = {
  title: 'reply composer: a campaign template picked and filled (Ada Lovelace)',
  locales: ['en', 'fr'],
  async run(kit) {
    const { panel } = await profileAndPanel(kit, 'ada-lovelace', 'Ada Lovelace');
    const box = await openReply(kit, panel);
    await panel.getByRole('radio', { name: 'Pronet' }).check().catch(() => undefined);
    const templates = panel.getByRole('button', { name: say(kit, 'replyTemplates') });
    await templates.click();
    const pick = panel.getByRole('button', { name: /last note from me/ });
    await pick.waitFor({ state: 'visible', timeout: 15_000 });
    await box.scrollIntoViewIfNeeded();
    await kit.shoot(panel, 'reply-template-picker', { fullPage: true, clip: await composerRegion(panel) });
    await pick.click();
    await box.press('Control+End');
    await box.pressSequentially(' Would {{meetingDay}} suit you?');
    await panel.getByTestId('reply-unfilled').waitFor({ state: 'visible' });
    await box.blur();
    await kit.shoot(panel, 'reply-template', { fullPage: true, clip: await composerRegion(panel) });
  },
};

/** The composer (and the picker over it) with the last messages above it, in page coordinates. */
function composerRegion(panel: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  return panel.evaluate(() => {
    const boxes = [...document.querySelectorAll('[data-testid="reply-composer"], .reply-picker-panel')].map((e) => e.getBoundingClientRect());
    const top = Math.max(0, Math.min(...boxes.map((b) => b.top)) + window.scrollY - 180);
    const bottom = Math.max(...boxes.map((b) => b.bottom)) + window.scrollY + 16;
    return { x: 0, y: top, width: document.documentElement.clientWidth, height: bottom - top };
  });
}
