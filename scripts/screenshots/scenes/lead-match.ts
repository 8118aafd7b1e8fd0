/**
 * Who is this person (issue 13): Joan Clarke, no lead by URL, found by name (Possible match) and
 * linked; a lead page resolved through its public profile link (docked beside the page); a lead page
 * without one (Find by name offered).
 */
import type { Scene } from '../scene';

export const scene: Scene = {
  title: 'lead match: possible match, linked lead, lead pages',
  locales: ['en', 'fr'],
  async run(kit) {
    const joan = await kit.openPage('/in/joan-clarke/');
    const panel = await kit.openPanel(joan.tabId);
    await panel.locator('#find-title').waitFor();
    await panel.locator('#find-title').locator('..').locator('.btn').first().click();
    await panel.locator('.possible-match').waitFor();
    await panel.locator('.possible-match').scrollIntoViewIfNeeded();
    await kit.shoot(panel, 'possible-match', { fullPage: true });

    await panel.locator('.possible-match .btn').click();
    await panel.locator('.link-notice .btn').waitFor();
    await kit.shoot(panel, 'linked-lead', { fullPage: true });

    // The lead list, then Ada's lead page: resolved through the public link of its header.
    const list = await kit.openPage('/sales/lists/people/');
    await list.page.locator('a.person-name').first().click();
    await list.page.waitForURL(/\/sales\/lead\//);
    const leadPanel = await kit.openPanel(list.tabId);
    await leadPanel.locator('.via-note').waitFor();
    if (!kit.shootSideBySide) throw new Error('this kit cannot compose two pages');
    await kit.shootSideBySide(list.page, leadPanel, 'lead-page');

    // Joan's lead page shows no public profile link.
    const out = await kit.openPage('/sales/lists/people/');
    await out.page.locator('a.person-name', { hasText: 'Joan Clarke' }).click();
    await out.page.waitForURL(/\/sales\/lead\//);
    const noLink = await kit.openPanel(out.tabId);
    await noLink.locator('#find-title').waitFor();
    await kit.shoot(noLink, 'lead-page-no-link', { fullPage: true });
  },
};
