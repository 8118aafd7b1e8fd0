/**
 * Badges on lists: the search results (10 a page, leads and non-leads mixed), the feed (posts and
 * their comments) and a company's people, each with its badges settled, light and dark; and a badge's
 * hover details (campaign, last message), in English and in French, of a badge with room and of
 * one shown as its dot alone in the narrow side card.
 */
import type { Page } from '@playwright/test';
import { LIST_BADGE_HOST_PREFIX } from '../../../components/list-badge/list-badge';
import { readBadges } from '../../../test/e2e/chip';
import type { Scene } from '../scene';
import { badgesShown } from '../steps';

/**
 * Hovers the badge of the first listed lead with a conversation (`compact`: one shown as its dot alone,
 * in the narrow "People also viewed" card); returns the part of the page to shoot.
 */
async function hoverBadge(page: Page, compact = false): Promise<{ x: number; y: number; width: number; height: number }> {
  const badge = (await readBadges(page)).find(
    (b) => b.href !== null && b.text !== '' && b.compact === compact && !/^(No conversation|Not a lead|Pas un lead|Aucune conversation)/.test(b.text),
  );
  if (!badge?.href) throw new Error(`no badge of a conversation on ${page.url()}`);
  const at = await page.evaluate(
    ([href, prefix, scope]) => {
      // The name's link, the one the badge follows (the avatar links to the profile too).
      const link = [...document.querySelectorAll(`${scope} a`)].find((a) => a.getAttribute('href') === href && a.nextElementSibling?.localName.startsWith(prefix!));
      const host = link?.nextElementSibling;
      if (!link || !host) return null;
      host.scrollIntoView({ block: 'center' });
      const r = host.getBoundingClientRect();
      return { x: r.left, y: r.top, left: link.getBoundingClientRect().left, right: document.documentElement.clientWidth };
    },
    [badge.href, LIST_BADGE_HOST_PREFIX, compact ? '[data-section="people-also-viewed"]' : 'body'],
  );
  if (!at) throw new Error(`no badge host beside ${badge.href}`);
  // The badge starts 6 px after its host; a compact one is its dot alone (about 15 px wide).
  await page.mouse.move(at.x + (compact ? 13 : 16), at.y);
  // A compact badge's card opens leftwards, over the name: the picture ends a little after the dot.
  const x = Math.max(0, compact ? Math.min(at.x + 60, at.right) - 480 : at.left - 90);
  return { x, y: Math.max(0, at.y - 40), width: compact ? 480 : 560, height: 130 };
}

export const scene: Scene = {
  title: 'list badges: search results, feed, company people, a badge hovered',
  locales: ['en', 'fr'],
  async run(kit) {
    const { page: search } = await kit.openPage('/search/results/people/');
    await search.setViewportSize({ width: 1280, height: 900 });
    await badgesShown(search, 10);
    if (kit.locale === 'fr') {
      // The lists in French would show the same site: the badges' own words are shown hovered.
      await kit.shoot(search, 'list-badges-hover', { clip: await hoverBadge(search) });
      await kit.shoot(search, 'list-badges-hover-compact', { clip: await hoverBadge(search, true) });
      return;
    }
    await kit.shoot(search, 'list-badges-search');

    const { page: feed } = await kit.openPage('/feed/');
    await feed.setViewportSize({ width: 1280, height: 900 });
    await badgesShown(feed, 8);
    await kit.shoot(feed, 'list-badges-feed');

    const { page: company } = await kit.openPage('/company/green-works/');
    await company.setViewportSize({ width: 1280, height: 900 });
    await badgesShown(company, 15);
    await kit.shoot(company, 'list-badges-company');

    await search.bringToFront();
    await kit.shoot(search, 'list-badges-hover', { clip: await hoverBadge(search) });
    await kit.shoot(search, 'list-badges-hover-compact', { clip: await hoverBadge(search, true) });
  },
};
