/**
 * Benchmark "reader" (issue 24): the main-thread time of reading a page by meaning
 * (`lib/content/page-reader.ts`, bundled as the content script bundles it) in Chromium, beside the
 * selector reading it replaced (the look-alike's class names: `h1.profile-name, main h1`,
 * `.top-card .current-company`, `#experience .experience-item .exp-title`, `.lead-header a[href]`),
 * same run, same documents:
 * - a profile page (the look-alike's markup) whose main content also holds a 2,000-row activity
 *   feed: a profile page's reading (no links), and a lead page's (links too, the worst case);
 * - a 2,000-row feed with no main heading: what reading costs on a page that shows nobody.
 * Each reading is timed alone (performance.now() around the synchronous call), `runs` times.
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../test/e2e/browser';
import { currentLoad } from './load';
import { roundSummary, summarize, type Summary } from './stats';

/** Sub-millisecond figures: three decimals. */

export interface PageReaderResult {
  rows: number;
  runs: number;
  load: [number, number];
  /** Main-thread ms per reading: by meaning, and by the former selectors. */
  profile: { reader: Summary; selectors: Summary };
  lead: { reader: Summary; selectors: Summary };
  feed: { reader: Summary; selectors: Summary };
  /** What the reader read on the profile page (a check that it read what it was timed on). */
  read: { name?: string; company?: string; jobTitle?: string };
}

const ROWS = 2000;

/** The document: a look-alike top card and experience, then `rows` feed rows inside the main content. */
function pageHtml(rows: number, withProfile: boolean): string {
  const feed: string[] = [];
  for (let i = 0; i < rows; i++) {
    feed.push(
      `<li><article><a href="/in/feed-${i}/"><span>Author ${i}</span></a> <a href="/in/feed-${i}/?trk=feed">photo</a>` +
        `<h3>Post ${i}</h3><p>A few words of what they shared, and a comment by <a href="/in/feed-${(i * 7) % rows}/">someone</a>.</p></article></li>`,
    );
  }
  const profile = withProfile
    ? `<section class="card top-card"><h1 class="profile-name">Ada Lovelace</h1><div class="headline">Head of Algorithms at Analytical Engines</div>
       <div class="meta"><a class="current-company" href="/company/analytical-engines/">Analytical Engines</a></div></section>
       <section class="card" id="experience"><h2>Experience</h2><ul class="experience-list"><li class="experience-item"><div class="exp-title">Head of Algorithms</div><div>Analytical Engines</div><div>2019 – Present</div></li></ul></section>`
    : '';
  return `<!doctype html><html><head><title>bench</title><base href="https://www.pronet.example/"></head><body><header><nav><a href="/feed/">Home</a></nav></header>
    <div class="layout"><main class="col-main">${profile}<section><h2>Activity</h2><ul>${feed.join('')}</ul></section></main>
    <aside><h2>People also viewed</h2><ul><li><a href="/in/grace-hopper/">Grace Hopper</a></li><li><a href="/in/alan-turing/">Alan Turing</a></li></ul></aside></div></body></html>`;
}

async function readerBundle(): Promise<string> {
  const out = await build({
    stdin: { contents: `export { readPage } from './lib/content/page-reader';`, resolveDir: resolve('.'), loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: '__reader',
    write: false,
    target: 'chrome120',
  });
  return out.outputFiles[0]!.text;
}

type Timings = { reader: number[]; selectors: number[]; read: Record<string, string> };

/** In the page: each way `runs` times, alternating, each reading timed alone. */
const TIME_IN_PAGE = `(({ runs, links }) => {
  const selectors = () => ({
    heading: document.querySelector('h1.profile-name, main h1')?.textContent,
    company: document.querySelector('.top-card .current-company, .lead-header .current-company')?.textContent,
    jobTitle: document.querySelector('#experience .experience-item .exp-title')?.textContent,
    headerLinks: links ? [...document.querySelectorAll('.lead-header a[href]')].slice(0, 20).map((a) => a.href) : [],
  });
  const reader = [], sel = [];
  let read = {};
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    const r = window.__reader.readPage(document, { links });
    reader.push(performance.now() - t0);
    t0 = performance.now();
    selectors();
    sel.push(performance.now() - t0);
    read = { name: r.name, company: r.company, jobTitle: r.jobTitle };
  }
  return { reader, selectors: sel, read };
})`;

export async function pageReaderBench(opts: { runs?: number; log?: (line: string) => void } = {}): Promise<PageReaderResult> {
  const runs = opts.runs ?? 200;
  const load0 = currentLoad();
  const bundle = await readerBundle();
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    const page = await browser.newPage();
    const timed = async (html: string, links: boolean): Promise<Timings> => {
      await page.setContent(html);
      await page.addScriptTag({ content: bundle });
      // A few readings first: the JIT warms up as it would over a browsing session.
      await page.evaluate(`${TIME_IN_PAGE}(${JSON.stringify({ runs: 5, links })})`);
      return (await page.evaluate(`${TIME_IN_PAGE}(${JSON.stringify({ runs, links })})`)) as Timings;
    };
    const profile = await timed(pageHtml(ROWS, true), false);
    const lead = await timed(pageHtml(ROWS, true), true);
    const feed = await timed(pageHtml(ROWS, false), true);
    const both = (t: Timings) => ({ reader: roundSummary(summarize(t.reader), 3), selectors: roundSummary(summarize(t.selectors), 3) });
    const result: PageReaderResult = { rows: ROWS, runs, load: [load0, currentLoad()], profile: both(profile), lead: both(lead), feed: both(feed), read: profile.read };
    opts.log?.(`reader: profile p95 ${result.profile.reader.p95} ms (selectors ${result.profile.selectors.p95} ms); lead ${result.lead.reader.p95} ms; feed ${result.feed.reader.p95} ms`);
    return result;
  } finally {
    await browser.close();
  }
}

// `npx tsx bench/page-reader.ts`: this section alone, printed (the full run writes it into results.md).
if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/page-reader.ts')) {
  pageReaderBench({ log: console.log }).then((r) => console.log(JSON.stringify(r, null, 2)));
}
