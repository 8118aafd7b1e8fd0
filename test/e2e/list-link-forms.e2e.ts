/**
 * List badges on every link form the network writes (issue 40): a results page whose rows link each
 * person twice (picture and name), with the network's tracking queries, capitals, protocol-relative,
 * relative and mobile addresses, fragments, and a member token. Each row's person gets one badge that
 * names them; a member token that is no lead, and a link that only mentions a profile in its query,
 * get none.
 */
import { request } from 'node:http';
import type { Page } from '@playwright/test';
import { canonicalProfileUrl } from '../../lib/pronet/canonical-url';
import { readBadges } from './chip';
import { serve } from './corpus-support';
import { test, expect } from './fixtures';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

interface Row {
  name: string;
  picture: string;
  link: string;
}

function resultsPage(rows: Row[], extra: string): string {
  const items = rows
    .map(
      (r) => `<li>
        <a href="${r.picture}" aria-hidden="true" tabindex="-1"><img alt="" width="48" height="48"></a>
        <div><span><a href="${r.link}"><span aria-hidden="true">${r.name}</span><span style="position:absolute;clip:rect(0 0 0 0)">View ${r.name}’s profile</span></a></span>
        <div>Engineer at Example Works</div></div>
      </li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Search | pronet</title></head>
    <body><main><h1>People</h1><ul role="list" style="list-style:none;width:900px">${items}</ul>${extra}</main></body></html>`;
}

/** A look-alike page read at the emulator's loopback address under its own host name. */
function lookAlike(origin: string, url: URL): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${url.pathname}${url.search}`, { headers: { host: url.host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

async function badgeLabels(page: Page): Promise<Map<string, string>> {
  return new Map((await readBadges(page)).map((b) => [canonicalProfileUrl(new URL(b.href ?? '', page.url()).href) ?? b.href ?? '', b.label ?? '']));
}

test('every link form the network writes gets its row’s badge, named; a member token and a query mention get none', async ({ extension, emulator }) => {
  const origin = emulator.pronetOrigin;
  const host = new URL(origin).host;
  const rows: Row[] = [
    // The network's own tracking query on the picture link, a member token inside it.
    { name: 'Ada Lovelace', picture: '/in/ada-lovelace/?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACoAAB1xAbCdEf', link: '/in/ada-lovelace/' },
    // The slug in capitals with a query, on the name link.
    { name: 'Grace Hopper', picture: '/in/grace-hopper/', link: '/in/GRACE-HOPPER/?trk=x' },
    { name: 'Alan Turing', picture: `//${host}/in/alan-turing/`, link: `//${host}/in/alan-turing/?trk=people-search-result` },
    { name: 'Katherine Johnson', picture: '../../../in/katherine-johnson/', link: '../../../in/katherine-johnson' },
    { name: 'Edsger Dijkstra', picture: '/in/edsger-dijkstra/#top', link: `${origin.replace('://pronet.', '://m.pronet.')}/IN/Edsger-Dijkstra#experience` },
    { name: 'Margaret Hamilton', picture: '/in/margaret-hamilton/?lipi=urn%3Ali%3Apage%3As', link: '/in/margaret-hamilton/?lipi=urn%3Ali%3Apage%3As' },
    // Addressed by member token only: the service stores public addresses, so nothing is known.
    { name: 'Hidden Member', picture: '/in/ACoAAB1xYzAbCdEfGh/', link: '/in/ACoAAB1xYzAbCdEfGh/' },
  ];
  const decoy = `<p><a href="/search/results/people/?keywords=%2Fin%2Fada-lovelace%2F">Search for /in/ada-lovelace/</a></p>`;
  const page = await extension.context.newPage();
  await page.setViewportSize({ width: 1280, height: 1400 });
  const url = `${origin}/search/results/people/?keywords=forms`;
  await serve(page, url, resultsPage(rows, decoy));
  await page.goto(url);

  const expected: [string, RegExp][] = [
    ['ada-lovelace', /: Ada Lovelace$/],
    ['grace-hopper', /: Grace Hopper$/],
    ['alan-turing', /: Alan Turing$/],
    ['katherine-johnson', /: Katherine Johnson$/],
    ['edsger-dijkstra', /: Edsger Dijkstra$/],
    ['margaret-hamilton', /^Not a lead: Margaret Hamilton$/],
  ];
  const canonical = (slug: string) => canonicalProfileUrl(`https://www.pronet.example/in/${slug}/`)!;
  await expect
    .poll(async () => {
      const labels = await badgeLabels(page);
      return expected.filter(([slug, words]) => !words.test(labels.get(canonical(slug)) ?? '')).map(([slug]) => slug);
    }, { timeout: 30_000 })
    .toEqual([]);
  const badges = await readBadges(page);
  // One badge a row, beside the name's link (never the picture's), and none for the token or the decoy.
  expect(badges).toHaveLength(expected.length);
  const hrefs = badges.map((b) => b.href);
  expect(hrefs).toEqual(expect.arrayContaining(['/in/ada-lovelace/', '/in/GRACE-HOPPER/?trk=x']));
  expect(hrefs.some((h) => h?.includes('ACoAA') || h?.includes('keywords='))).toBe(false);
});

test('the look-alike’s results with the network’s query on a picture link and capitals with a query on a name link: all ten rows badged', async ({ extension, emulator }) => {
  const page = await extension.context.newPage();
  await page.setViewportSize({ width: 1280, height: 1600 });
  const url = `${emulator.pronetOrigin}/search/results/people/`;
  await page.route(url, async (route) => {
    // Node does not resolve *.localhost as Chromium does: the look-alike is read at its loopback address.
    const original = await lookAlike(emulator.origin, new URL(url));
    const body = original
      .replace('href="/in/ada-lovelace/" tabindex="-1"', 'href="/in/ada-lovelace/?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACoAAB1x" tabindex="-1"')
      .replace(`href="${emulator.pronetOrigin}/in/grace-hopper/">`, 'href="/in/GRACE-HOPPER/?trk=x">');
    expect(body).not.toBe(original);
    await route.fulfill({ contentType: 'text/html; charset=utf-8', body });
  });
  await page.goto(url);
  const rowsOf = async () => page.locator('ul.results > li').count();
  expect(await rowsOf()).toBe(10);
  await expect
    .poll(async () => {
      const badged = new Set((await readBadges(page)).map((b) => canonicalProfileUrl(new URL(b.href ?? '', page.url()).href)));
      const names = await page.locator('ul.results a.person-name').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      return names.map((h) => canonicalProfileUrl(h)).filter((p) => !badged.has(p));
    }, { timeout: 30_000 })
    .toEqual([]);
});
