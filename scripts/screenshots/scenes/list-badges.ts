/**
 * Badges on lists: the search results (10 a page, leads and non-leads mixed), the feed (posts and
 * their comments) and a company's people, each with its badges settled, light and dark.
 */
import type { Page } from '@playwright/test';
import { readBadges } from '../../../test/e2e/chip';
import type { Scene } from '../scene';

/**
 * Waits until the page shows at least `count` badges and no more arrive for a second (they come from
 * the background in batches, for the rows on screen only, so the exact number depends on the layout).
 */
async function badgesShown(page: Page, count: number): Promise<void> {
  let last = -1;
  let stableSince = Date.now();
  for (let i = 0; i < 300; i++) {
    const shown = (await readBadges(page)).length;
    if (shown !== last) {
      last = shown;
      stableSince = Date.now();
    } else if (shown >= count && Date.now() - stableSince >= 1_000) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`fewer than ${count} badges on ${page.url()} (${last})`);
}

export const scene: Scene = {
  title: 'list badges: search results, feed, company people',
  async run(kit) {
    const { page: search } = await kit.openPage('/search/results/people/');
    await search.setViewportSize({ width: 1280, height: 900 });
    await badgesShown(search, 10);
    await kit.shoot(search, 'list-badges-search');

    const { page: feed } = await kit.openPage('/feed/');
    await feed.setViewportSize({ width: 1280, height: 900 });
    await badgesShown(feed, 8);
    await kit.shoot(feed, 'list-badges-feed');

    const { page: company } = await kit.openPage('/company/green-works/');
    await company.setViewportSize({ width: 1280, height: 900 });
    await badgesShown(company, 15);
    await kit.shoot(company, 'list-badges-company');
  },
};
