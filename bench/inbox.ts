/**
 * Benchmark of the inbox queue (issue 12), in Chromium with the built extension, 80 ms added to
 * every call by the emulator:
 * - cold: the Inbox tab clicked → the first page's rows in the DOM and every row on screen named,
 *   with caching off (every open asks the service: one search, the visible rows' lead look-ups, the
 *   pickers' two lists after the rows); one open per rate window, so the limiter holds nothing back;
 * - warm: the Inbox tab clicked again within freshness (caching on): the kept page, calls counted;
 * - archive: `e` on the focused row → the row gone from the DOM (optimistic), and → the emulator
 *   holding the conversation ARCHIVED (landed).
 * Times are taken in the panel's document (a click and a MutationObserver in one evaluate).
 */
import type { Page } from '@playwright/test';
import type { RunningEmulator } from '../emulator/server';
import { calls, control, proWorkspace, resetDemo } from './emulator-control';
import { launchConfigured, openExtensionWindow, overH2, send, tabIdOf, type BenchBrowser } from './extension';
import { round, roundSummary, summarize, type Summary } from './stats';

export interface InboxBenchOptions {
  coldRuns: number;
  warmRuns: number;
  archiveRuns: number;
  latencyMs: number;
  log?: (line: string) => void;
}

export const DEFAULT_INBOX_BENCH: InboxBenchOptions = { coldRuns: 6, warmRuns: 15, archiveRuns: 10, latencyMs: 80 };

/** `rowsMs`: the page's rows in the DOM; `firstPageMs`: and every row on screen named. */
export interface ColdOpens {
  rowsMs: Summary;
  firstPageMs: Summary;
  callsPerOpen: Record<string, number>;
}

export interface InboxBenchResult {
  latencyMs: number;
  cold: ColdOpens;
  /**
   * The same cold opens over HTTPS with HTTP/2 (an emulator with TLS and a browser of their own): the
   * rows' look-ups share one connection and go together, where HTTP/1.1's connections take them in two rounds.
   */
  h2?: ColdOpens;
  warm: { rowsMs: Summary; firstPageMs: Summary; callsPerOpen: number };
  archive: { rowGoneMs: Summary; landedMs: Summary };
}

/**
 * Clicks a section tab; resolves with the ms until the queue's rows are in the DOM (`rows`) and until
 * every row on screen shows its lead (`named`: the visible rows' look-ups).
 */
const OPEN_QUEUE = `(tab) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  let rows = null;
  const done = () => {
    const items = [...document.querySelectorAll('.inbox-list li')];
    if (items.length === 0) return false;
    rows ??= performance.now() - t0;
    return items.filter((li) => li.getBoundingClientRect().top < innerHeight).every((li) => !li.hasAttribute('data-needs-lead'));
  };
  const observer = new MutationObserver(() => {
    if (done()) { observer.disconnect(); resolve({ rows, named: performance.now() - t0 }); }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  [...document.querySelectorAll('[role=tab]')].find((b) => b.id === 'tab-' + tab).click();
  setTimeout(() => { observer.disconnect(); reject(new Error('the queue did not show in 30 s')); }, 30000);
})`;

/** Presses `e` on the focused row; resolves with the row's id, the epoch ms of the press and the ms until the row left the DOM. */
const ARCHIVE_FOCUSED = `() => new Promise((resolve, reject) => {
  const row = document.querySelector('.inbox-list li.is-focused');
  if (!row) return reject(new Error('no focused row'));
  const id = row.getAttribute('data-conversation');
  const at = Date.now();
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (!row.isConnected) { observer.disconnect(); resolve({ id, at, ms: performance.now() - t0 }); }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  row.focus();
  row.dispatchEvent(new KeyboardEvent('keydown', { key: 'e', bubbles: true }));
  setTimeout(() => { observer.disconnect(); reject(new Error('the row did not leave in 10 s')); }, 10000);
})`;


async function openQueue(panel: Page): Promise<{ rows: number; named: number }> {
  await panel.getByRole('tab', { name: 'Profile' }).click();
  return (await panel.evaluate(`(${OPEN_QUEUE})('inbox')`)) as { rows: number; named: number };
}

async function conversationStatus(origin: string, id: string): Promise<string> {
  const r = await fetch(`${origin}/_emulator/conversations/${encodeURIComponent(id)}`);
  const raw = (await r.json()) as { status?: string; conversation?: { status: string } };
  return raw.conversation?.status ?? raw.status ?? '';
}

const named = (xs: { named: number }[]) => summarize(xs.map((x) => x.named));
const rowsIn = (xs: { rows: number }[]) => summarize(xs.map((x) => x.rows));

/** A profile page and the side panel beside it, the added latency on. `pronet`: the look-alike site as the browser sees it. */
async function panelBeside(browser: BenchBrowser, ctl: string, pronet: string, latencyMs: number): Promise<Page> {
  const profile = await browser.context.newPage();
  await profile.goto(`${pronet}/in/ada-lovelace/`);
  const tabId = await tabIdOf(browser, profile);
  const panel = await openExtensionWindow(browser, `sidepanel.html?tab=${tabId}`);
  await panel.getByRole('tab', { name: 'Profile' }).waitFor();
  await control(ctl, 'faults', { latencyMs });
  return panel;
}

/** Cold opens: caching off, one open per rate window. `ctl`: the emulator's control origin (plain HTTP). */
async function coldOpens(browser: BenchBrowser, panel: Page, ctl: string, opts: InboxBenchOptions, label: string): Promise<ColdOpens> {
  const log = opts.log ?? (() => undefined);
  await send(browser.extensionPage, { type: 'settings-set', patch: { cacheEnabled: false } });
  const cold: { rows: number; named: number }[] = [];
  const perEndpoint = new Map<string, number>();
  for (let i = 0; i < opts.coldRuns; i++) {
    await panel.waitForTimeout(10_500);
    const before = (await calls(ctl)).length;
    cold.push(await openQueue(panel));
    await panel.waitForTimeout(1_000); // the pickers' lists may still be on the wire
    for (const c of (await calls(ctl)).slice(before)) perEndpoint.set(c.endpoint ?? '?', (perEndpoint.get(c.endpoint ?? '?') ?? 0) + 1);
    log(`  inbox cold${label} ${i + 1}/${opts.coldRuns}: rows ${Math.round(cold[i]!.rows)} ms, named ${Math.round(cold[i]!.named)} ms`);
  }
  const callsPerOpen = Object.fromEntries([...perEndpoint].map(([k, v]) => [k, round(v / opts.coldRuns, 1)!]));
  return { rowsMs: roundSummary(rowsIn(cold)), firstPageMs: roundSummary(named(cold)), callsPerOpen };
}

/** The cold opens over HTTPS with HTTP/2: an emulator with TLS and a browser of their own. */
function coldOverH2(opts: InboxBenchOptions): Promise<ColdOpens> {
  return overH2(opts.latencyMs, async ({ browser, ctl, pronet }) => coldOpens(browser, await panelBeside(browser, ctl, pronet, opts.latencyMs), ctl, opts, ' (HTTPS/2)'));
}

export async function inboxBench(emulator: RunningEmulator, options: Partial<InboxBenchOptions> = {}): Promise<InboxBenchResult> {
  const opts = { ...DEFAULT_INBOX_BENCH, ...options };
  const log = opts.log ?? (() => undefined);
  const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
  const pro = proWorkspace(await resetDemo(emulator.origin));
  let browser: BenchBrowser | null = null;
  let result: Omit<InboxBenchResult, 'h2'>;
  try {
    browser = await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl });
    const panel = await panelBeside(browser, emulator.origin, pronet, opts.latencyMs);
    const cold = await coldOpens(browser, panel, emulator.origin, opts, '');

    // Warm: caching on, one open to fill the cache, then reopens within freshness.
    await send(browser.extensionPage, { type: 'settings-set', patch: { cacheEnabled: true } });
    await panel.waitForTimeout(10_500);
    await openQueue(panel);
    await panel.waitForTimeout(1_000);
    const warm: { rows: number; named: number }[] = [];
    const beforeWarm = (await calls(emulator.origin)).length;
    for (let i = 0; i < opts.warmRuns; i++) warm.push(await openQueue(panel));
    const warmCalls = (await calls(emulator.origin)).length - beforeWarm;

    // Archive from the queue: optimistic removal, then the call landing.
    const gone: number[] = [];
    const landed: number[] = [];
    for (let i = 0; i < opts.archiveRuns; i++) {
      await panel.locator('.inbox-list li.is-focused').waitFor();
      const { id, at, ms } = (await panel.evaluate(`(${ARCHIVE_FOCUSED})()`)) as { id: string; at: number; ms: number };
      gone.push(ms);
      for (;;) {
        if ((await conversationStatus(emulator.origin, id)) === 'ARCHIVED') break;
        if (Date.now() - at > 15_000) throw new Error(`the archive of ${id} did not land`);
        await new Promise((r) => setTimeout(r, 5));
      }
      landed.push(Date.now() - at);
    }
    log(`inbox: cold p95 ${cold.firstPageMs.p95} ms, warm p95 ${round(named(warm).p95)} ms (${warmCalls} calls), archive gone p95 ${round(summarize(gone).p95)} ms, landed p95 ${round(summarize(landed).p95)} ms`);
    result = {
      latencyMs: opts.latencyMs,
      cold,
      warm: { rowsMs: roundSummary(rowsIn(warm)), firstPageMs: roundSummary(named(warm)), callsPerOpen: round(warmCalls / opts.warmRuns, 2)! },
      archive: { rowGoneMs: roundSummary(summarize(gone)), landedMs: roundSummary(summarize(landed)) },
    };
  } finally {
    await control(emulator.origin, 'faults', {}).catch(() => undefined);
    await browser?.close();
  }
  const h2 = await coldOverH2(opts);
  log(`inbox: cold over HTTPS/2 p95 ${h2.firstPageMs.p95} ms`);
  return { ...result, h2 };
}
