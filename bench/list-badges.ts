/**
 * Benchmark "lists": badges on a results page of 10, with 80 ms added latency (emulator faults).
 * - Cold: a results page whose 10 people were never resolved (each run the next page of the search;
 *   the sidebar's people are warm after the first run, which is not counted): from the page's
 *   DOMContentLoaded to the last badge shown (the list finder's mark, `lib/status-marks.ts`), and the
 *   calls the page cost (emulator call history).
 * - Warm: the same page loaded again within freshness: time and calls.
 * - Cold and warm again over HTTPS with HTTP/2 (a second emulator with TLS, a browser that accepts
 *   its certificate): the real service is an HTTPS API, and a multiplexed connection lifts HTTP/1.1's
 *   6 connections per host, which the extension then uses (`lib/api/transport.ts`).
 * - The one-by-one way beside the batched way, same run: the background's resolution of the same 10
 *   profiles through the real client at 80 ms, `resolveMany` (a lead search each, ONE conversation
 *   search) against one `resolve` per profile (a lead search and a conversation list each).
 * - A profile opened from a list after pointing at its link (badges off, so that only the prefetch
 *   resolves it): URL change → chip status, and the calls made after the click.
 * - An archive sent from an extension page while a cold results page resolves: send → the emulator
 *   receives it.
 * - The content script's cost: 100 new links appended to a page, main-thread time of the batch (its
 *   measure) and long tasks (over 50 ms) while it runs.
 * - A feed that grows to 2,000 rows as it is scrolled (100 rows a load, the page scrolled to its end
 *   after each): long tasks, frames slower than 50 ms and the longest frame while it grows, and the
 *   content script's time per load.
 *
 * A page's calls (cold and warm) are counted for its 10 results (their lead searches and the conversation
 * searches of their leads); the sidebar's people, cached by the first page, turn stale between two
 * pages (a no-lead entry after 15 s) and are revalidated: counted apart.
 */
import type { Page } from '@playwright/test';
import { buildSeed } from '../emulator/seed/index';
import type { RunningEmulator } from '../emulator/server';
import { createClient } from '../lib/api/client';
import { createBackgroundApi } from '../lib/background/api';
import { createResolver } from '../lib/background/resolver';
import { canonicalProfileUrl } from '../lib/pronet/canonical-url';
import { LIST_SCAN_MEASURE, STATUS_MARK } from '../lib/status-marks';
import type { ProfileCache } from '../lib/store/cache';
import type { CacheEntry } from '../lib/store/db';
import { readBadges } from '../test/e2e/chip';
import { calls, control, proWorkspace, resetDemo, type EmulatorCall } from './emulator-control';
import { launchConfigured, openExtensionWindow, overH2, send, tabIdOf } from './extension';
import { round, summarize, type Summary } from './stats';

export interface ListBadgesOptions {
  runs: number;
  latencyMs: number;
  log?: (line: string) => void;
}

export const DEFAULT_LIST_BADGES: ListBadgesOptions = { runs: 8, latencyMs: 80 };

interface ColdAndWarm {
  cold: { allShownMs: Summary; calls: Summary; conversationSearches: Summary; revalidationCalls: Summary };
  warm: { allShownMs: Summary; calls: Summary };
}

export interface ListBadgesResult extends ColdAndWarm {
  runs: number;
  latencyMs: number;
  /** The same cold and warm pages over HTTPS with HTTP/2 (the figures above: HTTP/1.1). */
  h2?: ColdAndWarm;
  /** Background side only (real client, same latency): the same 10 profiles each way. */
  background: { batchedMs: Summary; batchedCalls: number; oneByOneMs: Summary; oneByOneCalls: number };
  prefetch: { statusMs: Summary; callsAtOpen: Summary };
  archiveWhileResolving: { sentMs: Summary };
  contentScript: { batchMs: Summary; longTasks: number; batches: number };
  feed: { rows: number; longTasks: number; slowFrames: number; frames: number; longestFrameMs: number; loadMs: Summary };
}

/** Which profile each lead of the demo seed has (to tell the results' calls from the sidebar's). */
function leadProfiles(): Map<string, string> {
  const pro = buildSeed('demo', { now: Date.now() }).workspaces.find((w) => w.name === 'demo-pro');
  return new Map((pro?.leads ?? []).flatMap((l) => (l.pronetUrl ? [[l.id, l.pronetUrl] as const] : [])));
}

/** Whether a list call asks about one of `people` (a lead search of one, a conversation search of one's lead). */
function forPeople(call: EmulatorCall, people: ReadonlySet<string>, profileOf: ReadonlyMap<string, string>): boolean {
  const url = new URL(call.path, 'http://emulator.invalid');
  const profile = url.searchParams.get('pronetUrl');
  if (profile !== null) return people.has(profile);
  const ids = url.searchParams.get('leadIds')?.split(',') ?? [];
  return ids.some((id) => people.has(profileOf.get(id) ?? ''));
}

const round1 = (s: Summary): Summary => ({ ...s, p50: round(s.p50), p95: round(s.p95), max: round(s.max), mean: round(s.mean) });
/**
 * The calls that look up profiles: lead searches, lead conversations, and conversation searches by
 * lead (`leadIds=`); the inbox's counts (a conversation search by status, idle work on its own
 * schedule) ask about no profile and are not put down to a page or an open.
 */
const listCalls = (list: EmulatorCall[]) =>
  list.filter((c) => ['searchLeads', 'listLeadConversations'].includes(c.endpoint ?? '') || (c.endpoint === 'searchConversations' && c.path.includes('leadIds=')));

/** Distinct profiles linked from the results of the page. */
async function resultProfiles(page: Page): Promise<string[]> {
  const hrefs = await page.locator('ul.results a.person-name').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  return [...new Set(hrefs.map((h) => canonicalProfileUrl(h)!))];
}

/**
 * Waits until `count` badges show (read through the DevTools protocol: their shadow roots are
 * closed), then: ms from DOMContentLoaded to the list finder's newest mark (the last badges shown).
 */
async function allShown(page: Page, count: number, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while ((await readBadges(page)).length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} badges on ${page.url()}`);
    await page.waitForTimeout(20);
  }
  return (await page.evaluate(`(() => {
    const mark = performance.getEntriesByName(${JSON.stringify(STATUS_MARK.listBadges)}, 'mark').pop();
    const nav = performance.getEntriesByType('navigation')[0];
    return mark.startTime - nav.domContentLoadedEventEnd;
  })()`)) as number;
}

/** A cache in memory, for the background-side comparison. */
function memoryCache(): ProfileCache {
  const m = new Map<string, CacheEntry>();
  return {
    get: async (u) => m.get(u),
    put: async (e) => void m.set(e.profileUrl, e),
    delete: async (u) => void m.delete(u),
    byLead: async (id) => [...m.values()].filter((e) => e.leadId === id),
    byLeads: async (ids) => new Map(ids.map((id) => [id, [...m.values()].filter((e) => e.leadId === id)])),
    profileOfLead: async (id) => [...m.values()].find((e) => e.leadId === id)?.profileUrl ?? null,
    patchConversation: async () => [],
    prune: async () => undefined,
  };
}

/**
 * Cold and warm results pages of 10 (page 1 warms the sidebar's people: not counted). `ctl`: the
 * emulator's control origin (plain HTTP); `pronet`: the look-alike site's origin as the browser sees it.
 */
async function coldAndWarm(page: Page, ctl: string, pronet: string, opts: ListBadgesOptions): Promise<ColdAndWarm & { pages: string[][] }> {
  const since = async (n: number) => listCalls((await calls(ctl)).slice(n));
  const coldMs: number[] = [];
  const coldCalls: number[] = [];
  const coldSearches: number[] = [];
  const coldRevalidations: number[] = [];
  const profileOf = leadProfiles();
  const warmMs: number[] = [];
  const warmCalls: number[] = [];
  const pages: string[][] = [];
  for (let run = 0; run <= opts.runs; run++) {
    const url = `${pronet}/search/results/people/?page=${run + 1}`;
    // Each page starts with the key's budget as a user finds it between two pages (the limiter
    // keeps list work to 60% of 50 calls in 10 s; back-to-back pages would measure its queue).
    await page.waitForTimeout(10_500);
    const before = (await calls(ctl)).length;
    await page.goto(url);
    const people = await resultProfiles(page);
    pages.push(people);
    const cold = await allShown(page, people.length + 8);
    await page.waitForTimeout(opts.latencyMs * 3);
    const spent = await since(before);
    if (run > 0) {
      const mine = spent.filter((c) => forPeople(c, new Set(people), profileOf));
      coldMs.push(cold);
      coldCalls.push(mine.length);
      coldSearches.push(mine.filter((c) => c.endpoint === 'searchConversations').length);
      coldRevalidations.push(spent.length - mine.length);
    }
    const beforeWarm = (await calls(ctl)).length;
    await page.goto(url);
    const warm = await allShown(page, people.length + 8);
    await page.waitForTimeout(opts.latencyMs * 3);
    if (run > 0) {
      warmMs.push(warm);
      warmCalls.push((await since(beforeWarm)).filter((c) => forPeople(c, new Set(people), profileOf)).length);
    }
  }

  return {
    pages,
    cold: {
      allShownMs: round1(summarize(coldMs)),
      calls: round1(summarize(coldCalls)),
      conversationSearches: round1(summarize(coldSearches)),
      revalidationCalls: round1(summarize(coldRevalidations)),
    },
    warm: { allShownMs: round1(summarize(warmMs)), calls: round1(summarize(warmCalls)) },
  };
}

/** The cold and warm pages over HTTPS with HTTP/2: an emulator with TLS and a browser of their own. */
function coldAndWarmOverH2(opts: ListBadgesOptions): Promise<ColdAndWarm> {
  return overH2(opts.latencyMs, async ({ browser, ctl, pronet }) => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 1600 });
    const { pages: _pages, ...figures } = await coldAndWarm(page, ctl, pronet, opts);
    return figures;
  });
}

export async function listBadgesBench(emulator: RunningEmulator, options: Partial<ListBadgesOptions> = {}): Promise<ListBadgesResult> {
  const opts = { ...DEFAULT_LIST_BADGES, ...options };
  const log = opts.log ?? (() => undefined);
  log(`lists: ${opts.runs} results pages of 10 cold and warm, ${opts.latencyMs} ms added latency`);
  const pro = proWorkspace(await resetDemo(emulator.origin));
  const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
  const browser = await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl });
  const since = async (n: number) => listCalls((await calls(emulator.origin)).slice(n));
  try {
    await control(emulator.origin, 'faults', { latencyMs: opts.latencyMs });
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 1600 });

    // ---- cold and warm results pages (page 1 warms the sidebar's people: not counted)
    const { pages, ...http1 } = await coldAndWarm(page, emulator.origin, pronet, opts);

    // ---- prefetch: badges off, point at a link, then open it
    await send(browser.extensionPage, { type: 'settings-set', patch: { listBadges: false } });
    const statusMs: number[] = [];
    const callsAtOpen: number[] = [];
    for (let run = 0; run < opts.runs; run++) {
      await page.goto(`${pronet}/search/results/people/?page=${opts.runs + 10 + run}`);
      const link = page.locator('ul.results a.person-name').first();
      const before = (await calls(emulator.origin)).length;
      await link.hover();
      for (let i = 0; i < 100 && (await since(before)).length < 1; i++) await page.waitForTimeout(20);
      await page.waitForTimeout(opts.latencyMs * 4);
      const atOpen = (await calls(emulator.origin)).length;
      await link.click();
      const profile = canonicalProfileUrl(await link.evaluate((a) => (a as HTMLAnchorElement).href).catch(() => page.url()))!;
      const script = `(async ({ from, to, profileUrl }) => {
        for (let i = 0; i < 1000; i++) {
          const a = performance.getEntriesByName(from, 'mark').pop();
          const b = performance.getEntriesByName(to, 'mark').pop();
          if (a && b && b.detail && b.detail.profileUrl === profileUrl) return b.startTime - a.startTime;
          await new Promise((r) => setTimeout(r, 10));
        }
        return null;
      })(${JSON.stringify({ from: STATUS_MARK.urlChange, to: STATUS_MARK.chip, profileUrl: profile })})`;
      const ms = (await page.evaluate(script).catch(() => null)) as number | null;
      if (ms !== null) statusMs.push(ms);
      await page.waitForTimeout(opts.latencyMs * 3);
      callsAtOpen.push((await since(atOpen)).length);
    }
    await send(browser.extensionPage, { type: 'settings-set', patch: { listBadges: true } });

    // ---- an archive while a cold page of 10 resolves
    const sentMs: number[] = [];
    const all = await (await fetch(`${emulator.baseUrl}/conversations/search?status=OPEN&limit=100`, { headers: { authorization: `Bearer ${pro.apiKey}` } })).json() as { data: { id: string; leadId: string }[] };
    for (let run = 0; run < opts.runs; run++) {
      const target = all.data[run]!;
      await page.waitForTimeout(10_500);
      const goto = page.goto(`${pronet}/search/results/people/?page=${2 * opts.runs + 20 + run}`);
      await page.waitForEvent('domcontentloaded');
      await page.waitForTimeout(150);
      const t0 = Date.now();
      await send(browser.extensionPage, { type: 'archive', conversationId: target.id, leadId: target.leadId });
      let at: number | null = null;
      for (let i = 0; i < 500 && at === null; i++) {
        const hit = (await calls(emulator.origin)).find((c) => c.endpoint === 'archiveConversation' && c.at >= t0);
        if (hit) at = hit.at;
        else await page.waitForTimeout(5);
      }
      await goto;
      if (at !== null) sentMs.push(at - t0);
    }

    // ---- content script: 100 new links at once
    await control(emulator.origin, 'faults', {});
    const batchMs: number[] = [];
    let longTasks = 0;
    await page.route(`${pronet}/bench-list/`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>list</title><ul id="l"></ul>' }),
    );
    await page.goto(`${pronet}/bench-list/`);
    await page.evaluate(`window.__long = 0; new PerformanceObserver((l) => { window.__long += l.getEntries().length; }).observe({ type: 'longtask' });`);
    for (let run = 0; run < opts.runs; run++) {
      const ms = (await page.evaluate(`(async ({ run, name }) => {
        performance.clearMeasures(name);
        const ul = document.getElementById('l');
        const rows = [];
        for (let i = 0; i < 100; i++) {
          const li = document.createElement('li');
          li.innerHTML = '<a href="/in/bench-' + run + '-' + i + '/"><span>Person ' + run + '-' + i + '</span></a> <a href="/in/bench-' + run + '-' + i + '/?trk=x">photo</a>';
          rows.push(li);
        }
        ul.append(...rows);
        for (let i = 0; i < 300; i++) {
          const m = performance.getEntriesByName(name, 'measure').pop();
          if (m) return m.duration;
          await new Promise((r) => setTimeout(r, 10));
        }
        return null;
      })(${JSON.stringify({ run, name: LIST_SCAN_MEASURE })})`)) as number | null;
      if (ms !== null) batchMs.push(ms);
    }
    longTasks = (await page.evaluate('window.__long')) as number;

    // ---- a feed growing to 2,000 rows as it is scrolled
    const FEED_ROWS = 2000;
    await page.goto(`${pronet}/bench-list/`);
    const feed = (await page.evaluate(`(async ({ rows, batch, name }) => {
      let long = 0;
      new PerformanceObserver((l) => { long += l.getEntries().length; }).observe({ type: 'longtask' });
      let running = true, last = performance.now(), frames = 0, slow = 0, longest = 0;
      const tick = (t) => {
        const gap = t - last;
        last = t;
        frames += 1;
        if (gap > 50) slow += 1;
        if (gap > longest) longest = gap;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame((t) => { last = t; requestAnimationFrame(tick); });
      const ul = document.getElementById('l');
      const loads = [];
      for (let n = 0; n < rows; n += batch) {
        performance.clearMeasures(name);
        const items = [];
        for (let i = n; i < n + batch; i++) {
          const li = document.createElement('li');
          li.style.cssText = 'padding:8px 0;border-bottom:1px solid #ddd';
          li.innerHTML = '<article><a href="/in/feed-' + i + '/"><span>Author ' + i + '</span></a> <a href="/in/feed-' + i + '/?trk=feed">photo</a>' +
            '<p>Post ' + i + ': a few words of what they shared, and a comment by <a href="/in/feed-' + ((i * 7) % rows) + '/">someone</a>.</p></article>';
          items.push(li);
        }
        ul.append(...items);
        window.scrollTo(0, document.body.scrollHeight);
        for (let i = 0; i < 60; i++) {
          const m = performance.getEntriesByName(name, 'measure').pop();
          if (m) { loads.push(m.duration); break; }
          await new Promise((r) => setTimeout(r, 10));
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      running = false;
      return { rows: ul.children.length, long, slow, frames, longest, loads };
    })(${JSON.stringify({ rows: FEED_ROWS, batch: 100, name: LIST_SCAN_MEASURE })})`)) as { rows: number; long: number; slow: number; frames: number; longest: number; loads: number[] };

    // ---- the one-by-one way beside the batched way: background side, same latency, fresh people
    await control(emulator.origin, 'faults', { latencyMs: opts.latencyMs });
    const client = createClient({ baseUrl: emulator.baseUrl, apiKey: pro.apiKey, retry: { maxAttempts: 1 } });
    const api = createBackgroundApi(client.call);
    const { leadsConversations: _batched, ...oneByOneApi } = api;
    const batchedMs: number[] = [];
    const oneByOneMs: number[] = [];
    let batchedCalls = 0;
    let oneByOneCalls = 0;
    const clock = { now: () => Date.now() };
    for (let run = 0; run < opts.runs; run++) {
      const people = pages[(run % opts.runs) + 1]!;
      // A fresh rate window for each way (the emulator's clock moves on; the key's budget is shared).
      await control(emulator.origin, 'clock', { advanceMs: 10_000 });
      const batched = createResolver({ api, cache: memoryCache(), clock });
      let before = (await calls(emulator.origin)).length;
      let t0 = performance.now();
      await Promise.all(batched.resolveMany(people.map((profileUrl) => ({ profileUrl })), { priority: 'list' }));
      batchedMs.push(performance.now() - t0);
      batchedCalls = (await since(before)).length;
      await control(emulator.origin, 'clock', { advanceMs: 10_000 });
      const oneByOne = createResolver({ api: oneByOneApi, cache: memoryCache(), clock });
      before = (await calls(emulator.origin)).length;
      t0 = performance.now();
      await Promise.all(people.map((p) => oneByOne.resolve(p, { priority: 'list' })));
      oneByOneMs.push(performance.now() - t0);
      oneByOneCalls = (await since(before)).length;
    }

    // ---- the same cold and warm pages over HTTPS with HTTP/2
    await control(emulator.origin, 'faults', {});
    const h2 = await coldAndWarmOverH2(opts);

    return {
      runs: opts.runs,
      latencyMs: opts.latencyMs,
      ...http1,
      h2,
      background: { batchedMs: round1(summarize(batchedMs)), batchedCalls, oneByOneMs: round1(summarize(oneByOneMs)), oneByOneCalls },
      prefetch: { statusMs: round1(summarize(statusMs)), callsAtOpen: round1(summarize(callsAtOpen)) },
      archiveWhileResolving: { sentMs: round1(summarize(sentMs)) },
      contentScript: { batchMs: round1(summarize(batchMs)), longTasks, batches: batchMs.length },
      feed: { rows: feed.rows, longTasks: feed.long, slowFrames: feed.slow, frames: feed.frames, longestFrameMs: round(feed.longest) ?? 0, loadMs: round1(summarize(feed.loads)) },
    };
  } finally {
    await control(emulator.origin, 'faults', {}).catch(() => undefined);
    await browser.close();
  }
}

/**
 * A lone fresh browser, as a new user meets it (issue 25): the key saved and tested, a profile opened
 * with its panel, then a results page at once. Each run is a new browser (nothing dropped as a
 * warm-up): from the page's DOMContentLoaded to the last of its badges shown. `extensionDir`: the
 * build to measure (another build, the limiter before issue 25, beside it in the same run).
 */
/** A lone user's start (issue 25): a profile opened with its side panel shown; then a new tab, for the results page. */
export async function panelThenNewPage(browser: Awaited<ReturnType<typeof launchConfigured>>, pronet: string): Promise<Page> {
  const profile = await browser.context.newPage();
  await profile.goto(`${pronet}/in/ada-lovelace/`);
  const panel = await openExtensionWindow(browser, `sidepanel.html?tab=${await tabIdOf(browser, profile)}`);
  await panel.getByRole('heading', { level: 1 }).filter({ hasText: 'Ada Lovelace' }).waitFor({ timeout: 30_000 });
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 1600 });
  return page;
}

export async function freshBrowserFirstPage(emulator: RunningEmulator, opts: { runs: number; latencyMs: number; extensionDir?: string; log?: (line: string) => void }): Promise<Summary & { values: number[] }> {
  const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
  const values: number[] = [];
  for (let run = 0; run < opts.runs; run++) {
    const pro = proWorkspace(await resetDemo(emulator.origin));
    await control(emulator.origin, 'faults', { latencyMs: opts.latencyMs });
    const browser = await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl, ...(opts.extensionDir ? { extensionDir: opts.extensionDir } : {}) });
    try {
      const page = await panelThenNewPage(browser, pronet);
      await page.goto(`${pronet}/search/results/people/?page=${run + 2}`);
      const people = await resultProfiles(page);
      const ms = await allShown(page, people.length, 60_000);
      values.push(round(ms) ?? ms);
      opts.log?.(`lists: fresh browser ${run + 1}: all ${people.length} badges ${round(ms)} ms after DOMContentLoaded`);
    } finally {
      await control(emulator.origin, 'faults', {}).catch(() => undefined);
      await browser.close();
    }
  }
  return { ...round1(summarize(values)), values };
}
