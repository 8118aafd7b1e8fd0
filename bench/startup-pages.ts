/**
 * Benchmark 4's documents (issue 42 item 4): what a user waits for after a page or a panel opens.
 * - The content script on the look-alike's pages, worker running: from the navigation's
 *   DOMContentLoaded (its end: where Chromium runs a `document_end` script, and no `document_idle`
 *   one runs sooner) to the first chip host on a profile page and the first badge host on a results
 *   page, as a MutationObserver of the page's sees them appear; and from the navigation's start. Both
 *   live in closed shadow roots the page cannot read, so their hosts are what is seen: the chip's
 *   host is appended once the settings are read (it may still say "loading"), a badge's only once
 *   its profile's state is known. The build's own marks (`lib/status-marks.ts`: the chip's settled
 *   status, badges shown) are read beside them where the build makes them.
 * - The popup and the side panel opened as fresh documents (`<page>.html?tab=<profile tab>`): from
 *   the document's start to DOMContentLoaded, first contentful paint and the status shown (the
 *   panel's mark).
 * The same code measures an older build (`BENCH_EXTENSION_DIR`): nothing here relies on what that
 * build may lack, save the marks, which come out as missing.
 */
import type { Page } from '@playwright/test';
import { STATUS_MARK } from '../lib/status-marks';
import type { BenchBrowser } from './extension';
import { roundSummary, summarize, type Summary } from './stats';

/** The hosts' names start so (`CHIP_HOST_PREFIX`, `LIST_BADGE_HOST_PREFIX`), a random part after. */
const HOST_PREFIX = { chip: 'outreach-companion-chip-', badge: 'outreach-companion-badge-' } as const;
const WAIT_MS = 15_000;

export interface DocumentFigures {
  domContentLoadedMs: Summary;
  firstContentfulPaintMs: Summary;
  statusMs: Summary;
  /** Opens where the status did not show within 15 s. */
  missing: number;
}

export interface InjectionFigures {
  /** DOMContentLoaded's end → the first chip / badge host in the DOM. */
  fromInjectionMs: Summary;
  /** The navigation's start → the same. */
  fromNavigationMs: Summary;
  /** DOMContentLoaded's end → the build's own mark (the chip's settled status; badges shown). */
  markFromInjectionMs: Summary;
  /** Loads where no host appeared within 15 s. */
  missing: number;
}

interface PageSample {
  dcl: number;
  host: number | null;
  mark: number | null;
}

/** Set up in the page's own world before its scripts: the first host of each kind and the first marks. */
const WATCH = `(() => {
  const firsts = { chip: null, badge: null, chipMark: null, badgeMark: null };
  window.__startupFirsts = firsts;
  const prefixes = ${JSON.stringify(HOST_PREFIX)};
  new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1) continue;
      for (const kind of ['chip', 'badge']) if (firsts[kind] === null && n.localName.startsWith(prefixes[kind])) firsts[kind] = now;
    }
  }).observe(document, { childList: true, subtree: true });
  const marks = { [${JSON.stringify(STATUS_MARK.chip)}]: 'chipMark', [${JSON.stringify(STATUS_MARK.listBadges)}]: 'badgeMark' };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) { const k = marks[e.name]; if (k && firsts[k] === null) firsts[k] = e.startTime; }
  }).observe({ type: 'mark', buffered: true });
})()`;

/** A page of the look-alike that watches for the extension's first chip and badge. */
export async function watchedPage(browser: BenchBrowser): Promise<Page> {
  const page = await browser.context.newPage();
  await page.addInitScript(WATCH);
  await page.setViewportSize({ width: 1280, height: 900 });
  return page;
}

/** Loads `url` in `page` (from `watchedPage`) and times the first `kind` host and the build's mark. */
export async function firstOnPage(page: Page, url: string, kind: 'chip' | 'badge'): Promise<PageSample> {
  await page.goto(url);
  const script = `(async (kind) => {
    const deadline = performance.now() + ${WAIT_MS};
    const f = window.__startupFirsts;
    while ((f[kind] === null || f[kind + 'Mark'] === null) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    const nav = performance.getEntriesByType('navigation')[0];
    return { dcl: nav ? nav.domContentLoadedEventEnd : -1, host: f[kind], mark: f[kind + 'Mark'] };
  })(${JSON.stringify(kind)})`;
  return (await page.evaluate(script)) as PageSample;
}

export function injectionFigures(samples: readonly PageSample[]): InjectionFigures {
  const hosts = samples.filter((s): s is PageSample & { host: number } => s.host !== null);
  const marks = samples.filter((s): s is PageSample & { mark: number } => s.mark !== null);
  return {
    fromInjectionMs: roundSummary(summarize(hosts.map((s) => s.host - s.dcl))),
    fromNavigationMs: roundSummary(summarize(hosts.map((s) => s.host))),
    markFromInjectionMs: roundSummary(summarize(marks.map((s) => s.mark - s.dcl))),
    missing: samples.length - hosts.length,
  };
}

interface DocumentSample {
  dcl: number;
  fcp: number | null;
  status: number | null;
}

/** The popup's and the side panel's size: the toolbar's popup, the docked panel. */
export const DOCUMENT_VIEWPORT = { popup: { width: 380, height: 600 }, sidepanel: { width: 400, height: 900 } } as const;

/** Opens `<which>.html?tab=<tabId>` as a fresh document; its DOMContentLoaded, first paint and status for `profileUrl`. */
export async function openPanelDocument(browser: BenchBrowser, which: keyof typeof DOCUMENT_VIEWPORT, tabId: number, profileUrl: string): Promise<DocumentSample> {
  const doc = await browser.context.newPage();
  try {
    await doc.setViewportSize(DOCUMENT_VIEWPORT[which]);
    await doc.goto(`${browser.origin}/${which}.html?tab=${tabId}`);
    const script = `(async ({ name, profileUrl }) => {
      const deadline = performance.now() + ${WAIT_MS};
      for (;;) {
        const m = performance.getEntriesByName(name, 'mark').pop();
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        if ((m && m.detail && m.detail.profileUrl === profileUrl && fcp) || performance.now() > deadline) {
          const nav = performance.getEntriesByType('navigation')[0];
          return { dcl: nav ? nav.domContentLoadedEventEnd : -1, fcp: fcp ? fcp.startTime : null, status: m ? m.startTime : null };
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    })(${JSON.stringify({ name: STATUS_MARK.panel, profileUrl })})`;
    return (await doc.evaluate(script)) as DocumentSample;
  } finally {
    await doc.close();
  }
}

export function documentFigures(samples: readonly DocumentSample[]): DocumentFigures {
  const present = (v: number | null): v is number => v !== null;
  return {
    domContentLoadedMs: roundSummary(summarize(samples.map((s) => s.dcl))),
    firstContentfulPaintMs: roundSummary(summarize(samples.map((s) => s.fcp).filter(present))),
    statusMs: roundSummary(summarize(samples.map((s) => s.status).filter(present))),
    missing: samples.filter((s) => s.status === null).length,
  };
}
