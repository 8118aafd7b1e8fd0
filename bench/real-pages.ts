/**
 * Benchmark "corpus" (issue 33): the list finder on pages of the real network's structure
 * (test/fixtures/corpus), served under the look-alike's host with `page.route`, with the built
 * extension and the emulator.
 * - Budget: the corpus results page of 10 (two rows link demo leads, so that a conversation list is
 *   due): lead searches and conversation lists it costs (emulator call history), beside the naive
 *   way's count: one look-up per distinct profile the page links (what the list finder asked for
 *   before it read rows: 25 here, the issue's 25 lead searches and 2 conversation lists).
 * - Cost: the corpus results page and the corpus feed at full size (rows repeated, each copy its own
 *   people, until the document is about 1.5 MB), then 20 batches of 10 rows appended as the page
 *   is scrolled: the content script's first scan and each batch (its measure,
 *   `LIST_SCAN_MEASURE`), long tasks (over 50 ms) while it runs and those that overlap a measure of
 *   the content script, beside the look-alike's own results page and feed grown the same way.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningEmulator } from '../emulator/server';
import { LIST_SCAN_MEASURE } from '../lib/status-marks';
import { readBadges } from '../test/e2e/chip';
import { calls, proWorkspace, resetDemo, type EmulatorCall } from './emulator-control';
import { launchConfigured } from './extension';
import { throttledProfile, type ThrottledProfile } from './real-pages-profile';
import { round, summarize, type Summary } from './stats';

export interface RealPageCost {
  page: string;
  /** Size of the document's HTML when loaded (bytes) and rows on it. */
  htmlBytes: number;
  rows: number;
  firstScanMs: number | null;
  batchMs: Summary;
  batches: number;
  longTasks: number;
  /** Long tasks overlapping one of the content script's measured scans. */
  longTasksInScript: number;
}

export interface RealPagesResult {
  budget: { rows: number; profilesLinked: number; leadSearches: number; conversationLists: number; naiveLeadSearches: number; issueConversationLists: number };
  cost: RealPageCost[];
  /** The feeds growing with the CPU throttled, profiled: whose is the time (issue 33's 88 ms batch). */
  profiles?: ThrottledProfile[];
}

const corpus = (path: string) => readFileSync(resolve('test/fixtures/corpus', path), 'utf8');
const FULL_BYTES = 1_500_000;
const GROW_BATCHES = 20;
const GROW_ROWS = 10;
/** How many times slower the CPU runs while a feed is profiled (CDP), in place of the machine's load. */
const PROFILE_THROTTLE = 4;

/** The list's HTML with its rows repeated until the page is full size, each copy with its own people. */
function fullSize(html: string, open: string, close: string): { html: string; rows: number } {
  const start = html.indexOf(open) + open.length;
  const end = html.indexOf(close, start);
  const rows = html.slice(start, end);
  const perCopy = (rows.match(/\n/g) ?? []).length + 1;
  const copies: string[] = [rows];
  for (let n = 1; html.length + copies.length * rows.length < FULL_BYTES; n++) {
    copies.push(rows.replace(/\/in\/([A-Za-z0-9-]+)/g, (_m, slug: string) => `/in/${slug}${/^AC[ow]AA/.test(slug) ? `x${n}` : `-c${n}`}`));
  }
  return { html: html.slice(0, start) + copies.join('\n') + html.slice(end), rows: copies.length * perCopy };
}

const INIT = `(() => {
  window.__bench = { measures: [], longTasks: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === ${JSON.stringify(LIST_SCAN_MEASURE)}) window.__bench.measures.push([e.startTime, e.duration]); }).observe({ type: 'measure', buffered: true });
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__bench.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true }); } catch {}
})()`;

/** Appends `GROW_ROWS` copies of the list's last rows (new people each time) and scrolls to the end, `GROW_BATCHES` times. */
async function grow(page: Page, rowSelector: string): Promise<void> {
  for (let b = 0; b < GROW_BATCHES; b++) {
    await page.evaluate(
      ([selector, count, batch]) => {
        const rows = [...document.querySelectorAll(selector as string)];
        const parent = rows[0]?.parentElement;
        if (!parent) return;
        for (const row of rows.slice(-(count as number))) {
          const copy = row.cloneNode(true) as Element;
          for (const a of copy.querySelectorAll('a[href*="/in/"]')) a.setAttribute('href', a.getAttribute('href')!.replace(/\/in\/([^/?#]+)/, (_m, s: string) => `/in/${s}${/^AC[ow]AA/.test(s) ? 'g' : '-g'}${batch}`));
          parent.append(copy);
        }
        window.scrollTo(0, document.body.scrollHeight);
      },
      [rowSelector, GROW_ROWS, b] as const,
    );
    // The list finder reads a burst 50 ms after it ends; a user scrolls on after a while.
    await page.waitForTimeout(250);
  }
}

async function cost(page: Page, name: string, url: string, rowSelector: string, html?: string, rows?: number): Promise<RealPageCost> {
  await page.unrouteAll();
  if (html !== undefined) await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(url);
  await page.waitForTimeout(1500);
  const htmlBytes = html?.length ?? (await page.evaluate(() => document.documentElement.outerHTML.length));
  const rowCount = rows ?? (await page.locator(rowSelector).count());
  await grow(page, rowSelector);
  await page.waitForTimeout(500);
  const got = (await page.evaluate('window.__bench')) as { measures: [number, number][]; longTasks: [number, number][] };
  const [first, ...batches] = got.measures;
  const overlaps = (t: [number, number]) => got.measures.some(([s, d]) => t[0] < s + d && s < t[0] + t[1]);
  return {
    page: name,
    htmlBytes,
    rows: rowCount,
    firstScanMs: first ? round(first[1], 2) : null,
    batchMs: summarize(batches.map(([, d]) => d)),
    batches: batches.length,
    longTasks: got.longTasks.length,
    longTasksInScript: got.longTasks.filter(overlaps).length,
  };
}

const leadSearches = (list: EmulatorCall[]) => list.filter((c) => c.endpoint === 'searchLeads');
const conversationLists = (list: EmulatorCall[]) =>
  list.filter((c) => c.endpoint === 'listLeadConversations' || (c.endpoint === 'searchConversations' && c.path.includes('leadIds=')));

export async function realPagesBench(emulator: RunningEmulator, options: { log?: (line: string) => void } = {}): Promise<RealPagesResult> {
  const log = options.log ?? (() => undefined);
  const pro = proWorkspace(await resetDemo(emulator.origin));
  const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
  const browser = await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl });
  try {
    const page = await browser.context.newPage();
    await page.addInitScript(INIT);
    await page.setViewportSize({ width: 1280, height: 2400 });

    // ---- budget: the corpus results page of 10
    const url = `${pronet}/search/results/people/?keywords=corpus`;
    const html = corpus('lists/search-people.html').replaceAll('/in/madeleine-erhardt-3e8?', '/in/ada-lovelace?').replaceAll('/in/arjun-haugen?', '/in/grace-hopper?');
    await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
    const before = Math.max(0, ...(await calls(emulator.origin)).map((c) => c.id));
    await page.goto(url);
    const linked = await page.evaluate(() => new Set([...document.querySelectorAll('main a[href*="/in/"]')].map((a) => (a as HTMLAnchorElement).pathname.replace(/\/+$/, ''))).size);
    for (let i = 0; i < 300 && (await readBadges(page)).length < 10; i++) await page.waitForTimeout(50);
    // Late answers and their conversation list settle.
    await page.waitForTimeout(2000);
    const spent = (await calls(emulator.origin)).filter((c) => c.id > before);
    const budget = {
      rows: 10,
      profilesLinked: linked,
      leadSearches: leadSearches(spent).length,
      conversationLists: conversationLists(spent).length,
      naiveLeadSearches: linked,
      issueConversationLists: 2,
    };
    log(`corpus budget: ${budget.leadSearches} lead searches and ${budget.conversationLists} conversation lists for 10 rows (naive: ${budget.naiveLeadSearches} and ${budget.issueConversationLists})`);

    // ---- cost at full size, beside the look-alike's pages
    const search = fullSize(corpus('lists/search-people.html'), 'list-style-none">\n', '\n</ul>');
    const feed = fullSize(corpus('lists/feed.html'), 'data-finite-scroll-hotkey-context="FEED">\n', '\n</div></div></main>');
    const costs = [
      await cost(page, 'corpus results page, full size', `${pronet}/search/results/people/?keywords=full`, 'main ul[role="list"] > li', search.html, search.rows),
      await cost(page, 'corpus feed, full size', `${pronet}/feed/?corpus=full`, 'main [data-finite-scroll-hotkey-item]', feed.html, feed.rows),
      await cost(page, 'look-alike results page', `${pronet}/search/results/people/?page=3`, 'ul.results > li'),
      await cost(page, 'look-alike feed', `${pronet}/feed/`, 'article.post'),
    ];
    for (const c of costs)
      log(`corpus cost: ${c.page} (${Math.round(c.htmlBytes / 1000)} kB, ${c.rows} rows): first scan ${c.firstScanMs} ms, batch p95 ${round(c.batchMs.p95, 2)} ms over ${c.batches}, long tasks ${c.longTasks} (${c.longTasksInScript} overlapping its measures)`);
    // ---- whose is a long task: the feeds grown again, CPU 4x slower by CDP, profiled
    const profiles: ThrottledProfile[] = [];
    for (const [name, at, rowSelector, body] of [
      ['corpus feed, full size', `${pronet}/feed/?corpus=full`, 'main [data-finite-scroll-hotkey-item]', feed.html],
      ['look-alike feed', `${pronet}/feed/`, 'article.post', undefined],
    ] as const) {
      await page.unrouteAll();
      if (body !== undefined) await page.route(at, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body }));
      await page.goto(at);
      await page.waitForTimeout(1500);
      profiles.push(await throttledProfile(page, name, PROFILE_THROTTLE, () => grow(page, rowSelector)));
    }
    for (const p of profiles)
      log(`corpus profile: ${p.page}, CPU ${p.throttle}x slower: extension ${p.extensionMs} ms (longest run ${p.longestExtensionMs} ms), page ${p.pageMs} ms (longest ${p.longestPageMs} ms)`);
    return { budget, cost: costs, profiles };
  } finally {
    await browser.close();
  }
}

/** The section's table (markdown), written beside the results by `bench/run.ts`. */
export function realPagesMarkdown(r: RealPagesResult): string {
  const b = r.budget;
  const lines = [
    '## Corpus of real structures (issue 33)',
    '',
    '| Results page of 10 | Lead searches | Conversation lists |',
    '|---|---|---|',
    `| Rows read (${b.profilesLinked} profiles linked, ${b.rows} rows) | ${b.leadSearches} | ${b.conversationLists} |`,
    `| Every profile link (the list finder before rows, the issue's count) | ${b.naiveLeadSearches} | ${b.issueConversationLists} |`,
    '',
    '| Page | HTML | Rows | First scan (ms) | Batch p50 / p95 / max (ms) | Batches | Long tasks (overlapping a measure of the content script) |',
    '|---|---|---|---|---|---|---|',
    ...r.cost.map(
      (c) =>
        `| ${c.page} | ${Math.round(c.htmlBytes / 1000)} kB | ${c.rows} | ${c.firstScanMs ?? '-'} | ${round(c.batchMs.p50, 2)} / ${round(c.batchMs.p95, 2)} / ${round(c.batchMs.max, 2)} | ${c.batches} | ${c.longTasks} (${c.longTasksInScript}) |`,
    ),
    '',
    ...(r.profiles?.length
      ? [
          `The feeds grown the same way with the CPU ${r.profiles[0]!.throttle}x slower (CDP), profiled (time in samples; a run: unbroken samples of one side; the sampler counts wall time, so a renderer the loaded machine set aside lengthens the run it was in):`,
          '',
          '| Page | Extension\'s scripts (ms) | Its longest run (ms) | Page\'s scripts (ms) | Their longest run (ms) |',
          '|---|---|---|---|---|',
          ...r.profiles.map((p) => `| ${p.page} | ${p.extensionMs} | ${p.longestExtensionMs} | ${p.pageMs} | ${p.longestPageMs} |`),
          '',
        ]
      : []),
  ];
  return lines.join('\n');
}
