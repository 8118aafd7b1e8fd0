/**
 * Results pages of 10 as a user meets them, cold (people never resolved) and warm (loaded again
 * within freshness): from DOMContentLoaded to the last badge shown, and the calls put down to the
 * page's 10 people; the sidebar's people, revalidated meanwhile, counted apart.
 */
import type { Page } from '@playwright/test';
import { buildSeed } from '../emulator/seed/index';
import { canonicalProfileUrl } from '../lib/pronet/canonical-url';
import { STATUS_MARK } from '../lib/status-marks';
import { readBadges } from '../test/e2e/chip';
import { calls, type EmulatorCall } from './emulator-control';
import { overH2 } from './extension';
import { roundSummary, summarize, type Summary } from './stats';

/** How many pages (after the one that warms the sidebar), at what added latency. */
export interface ColdAndWarmOptions {
  runs: number;
  latencyMs: number;
}

export interface ColdAndWarm {
  cold: { allShownMs: Summary; calls: Summary; conversationSearches: Summary; revalidationCalls: Summary };
  warm: { allShownMs: Summary; calls: Summary };
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

/**
 * The calls that look up profiles: lead searches, lead conversations, and conversation searches by
 * lead (`leadIds=`); the inbox's counts (a conversation search by status, idle work on its own
 * schedule) ask about no profile and are not put down to a page or an open.
 */
export const listCalls = (list: EmulatorCall[]) =>
  list.filter((c) => ['searchLeads', 'listLeadConversations'].includes(c.endpoint ?? '') || (c.endpoint === 'searchConversations' && c.path.includes('leadIds=')));

/** Distinct profiles linked from the results of the page. */
export async function resultProfiles(page: Page): Promise<string[]> {
  const hrefs = await page.locator('ul.results a.person-name').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  return [...new Set(hrefs.map((h) => canonicalProfileUrl(h)!))];
}

/**
 * Waits until `count` badges show (read through the DevTools protocol: their shadow roots are
 * closed), then: ms from DOMContentLoaded to the list finder's newest mark (the last badges shown).
 */
export async function allShown(page: Page, count: number, timeoutMs = 30_000): Promise<number> {
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

/**
 * Cold and warm results pages of 10 (page 1 warms the sidebar's people: not counted). `ctl`: the
 * emulator's control origin (plain HTTP); `pronet`: the look-alike site's origin as the browser sees it.
 */
export async function coldAndWarm(page: Page, ctl: string, pronet: string, opts: ColdAndWarmOptions): Promise<ColdAndWarm & { pages: string[][] }> {
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
      allShownMs: roundSummary(summarize(coldMs)),
      calls: roundSummary(summarize(coldCalls)),
      conversationSearches: roundSummary(summarize(coldSearches)),
      revalidationCalls: roundSummary(summarize(coldRevalidations)),
    },
    warm: { allShownMs: roundSummary(summarize(warmMs)), calls: roundSummary(summarize(warmCalls)) },
  };
}

/** The cold and warm pages over HTTPS with HTTP/2: an emulator with TLS and a browser of their own. */
export function coldAndWarmOverH2(opts: ColdAndWarmOptions): Promise<ColdAndWarm> {
  return overH2(opts.latencyMs, async ({ browser, ctl, pronet }) => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 1600 });
    const { pages: _pages, ...figures } = await coldAndWarm(page, ctl, pronet, opts);
    return figures;
  });
}
