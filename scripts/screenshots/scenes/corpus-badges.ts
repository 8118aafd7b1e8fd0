/**
 * Badges on a page of the real network's structure (issue 33): the corpus results page
 * (test/fixtures/corpus/lists/search-people.html) served under the look-alike's host, two of its rows
 * linking demo leads. Each badge names its row's person ("Not a lead: Tobias T."), none sits by a
 * mutual connection. The fixture has no stylesheet of its own: a few rules stand in for the
 * network's (its screen-reader-only copies hidden, rows and avatars laid out), light and dark. As on
 * the network, the degree ("• 2nd") follows the name on its line: the badge goes after it, never over it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Scene } from '../scene';
import { badgesShown } from '../steps';

const STYLE = `<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 0; background: #f4f2ee; color: #1d2226; }
  .visually-hidden, .a11y-text { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .hidden, #global-nav, #msg-overlay, .artdeco-pagination { display: none; }
  main { max-width: 760px; margin: 16px auto; }
  main ul { list-style: none; margin: 0; padding: 0; background: #fff; border-radius: 8px; }
  main ul[role="list"] > li { padding: 12px 16px; border-bottom: 1px solid #e8e6e1; }
  main ul[role="list"] > li > div > div > div > div.display-flex { display: flex; gap: 12px; }
  img { background: #c9d3df; border-radius: 50%; color: transparent; font-size: 0; }
  img[width="56"] { width: 48px; height: 48px; float: left; margin-right: 12px; }
  main ul[role="list"] > li { overflow: hidden; }
  .entity-result__badge, .entity-result__badge-text { display: inline; }
  .entity-result__badge { margin-left: 4px; }
  .entity-result__insights > div > div, .ivm-image-view-model { display: inline; }
  img[width="24"] { width: 16px; height: 16px; vertical-align: middle; }
  a { color: inherit; font-weight: 600; text-decoration: none; }
  .entity-result__badge, .t-black--light, .entity-result__insights { color: #666; font-weight: 400; font-size: 12px; }
  .entity-result__insights p { margin: 4px 0 0; }
  button { float: right; border: 1px solid #0a66c2; color: #0a66c2; background: none; border-radius: 16px; padding: 4px 14px; }
  h2 { font-size: 13px; color: #666; font-weight: 400; }
  @media (prefers-color-scheme: dark) {
    body { background: #1b1f23; color: #e8e8e8; } main ul { background: #24292e; } main ul[role="list"] > li { border-color: #3a3f44; }
    .entity-result__badge, .t-black--light, .entity-result__insights, h2 { color: #a8a8a8; } img { background: #4a5563; }
  }
</style>`;

export const scene: Scene = {
  title: 'badges on a corpus results page (the real network’s structure)',
  locales: ['en', 'fr'],
  async run(kit) {
    const path = '/search/results/people/?keywords=growth&corpus=1';
    const html = readFileSync(resolve('test/fixtures/corpus/lists/search-people.html'), 'utf8')
      .replaceAll('/in/madeleine-erhardt-3e8?', '/in/ada-lovelace?')
      .replaceAll('/in/arjun-haugen?', '/in/grace-hopper?')
      .replace('</head>', `${STYLE}</head>`)
      // The pictures are placeholders: a transparent pixel each, on the avatar's grey.
      .replaceAll('src="data:,"', 'src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"');
    await kit.context.route(`${kit.pronet}${path}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    const { page } = await kit.openPage(path);
    await page.setViewportSize({ width: 1280, height: 2100 });
    // Loaded again at this size: its ten rows are on screen at the first scan, asked for in one batch.
    await page.reload();
    await badgesShown(page, 10);
    await kit.shoot(page, 'corpus-badges-search', { clip: { x: 240, y: 0, width: 800, height: 2100 } });
  },
};
