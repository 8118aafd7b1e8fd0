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
 *
 * Here the prefetch and the archive; the other parts: `list-pages.ts` (cold and warm pages),
 * `list-resolve-ways.ts` (batched and one by one), `list-script-cost.ts` (links and the feed).
 */
import type { RunningEmulator } from '../emulator/server';
import { canonicalProfileUrl } from '../lib/pronet/canonical-url';
import { STATUS_MARK } from '../lib/status-marks';
import { calls, control, proWorkspace, resetDemo } from './emulator-control';
import { launchConfigured, send } from './extension';
import { coldAndWarm, coldAndWarmOverH2, listCalls, type ColdAndWarm } from './list-pages';
import { resolveWays, type ResolveWays } from './list-resolve-ways';
import { feedGrowth, scanCost, type FeedGrowth, type ScanCost } from './list-script-cost';
import { roundSummary, summarize, type Summary } from './stats';

export interface ListBadgesOptions {
  runs: number;
  latencyMs: number;
  log?: (line: string) => void;
}

export const DEFAULT_LIST_BADGES: ListBadgesOptions = { runs: 8, latencyMs: 80 };

export interface ListBadgesResult extends ColdAndWarm {
  runs: number;
  latencyMs: number;
  /** The same cold and warm pages over HTTPS with HTTP/2 (the figures above: HTTP/1.1). */
  h2?: ColdAndWarm;
  /** Background side only (real client, same latency): the same 10 profiles each way. */
  background: ResolveWays;
  prefetch: { statusMs: Summary; callsAtOpen: Summary };
  archiveWhileResolving: { sentMs: Summary };
  contentScript: ScanCost;
  feed: FeedGrowth;
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
    const contentScript = await scanCost(page, pronet, opts.runs);

    // ---- a feed growing to 2,000 rows as it is scrolled
    const feed = await feedGrowth(page, pronet);

    // ---- the one-by-one way beside the batched way: background side, same latency, fresh people
    await control(emulator.origin, 'faults', { latencyMs: opts.latencyMs });
    const background = await resolveWays(emulator, pro.apiKey, pages, opts.runs);

    // ---- the same cold and warm pages over HTTPS with HTTP/2
    await control(emulator.origin, 'faults', {});
    const h2 = await coldAndWarmOverH2(opts);

    return {
      runs: opts.runs,
      latencyMs: opts.latencyMs,
      ...http1,
      h2,
      background,
      prefetch: { statusMs: roundSummary(summarize(statusMs)), callsAtOpen: roundSummary(summarize(callsAtOpen)) },
      archiveWhileResolving: { sentMs: roundSummary(summarize(sentMs)) },
      contentScript,
      feed,
    };
  } finally {
    await control(emulator.origin, 'faults', {}).catch(() => undefined);
    await browser.close();
  }
}
