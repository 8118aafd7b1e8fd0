/**
 * Benchmark 1, the browse trace: the built extension in Chromium against the emulator with added
 * latency, a deterministic trace of profile views over the pronet look-alike with in-page navigation
 * (a click on a link: the site pushes the URL at once and swaps the content after, as the real one
 * does), a share of them revisits. The side panel stays open beside the profile, pinned to its tab.
 *
 * Per view: time from the URL change (taken in the page, just before the click) to the status shown
 * by the chip and by the panel (their performance marks, `lib/status-marks.ts`), the API calls it
 * caused and the 429s (the emulator's call history). Each call is put down to the profile it asks
 * about (the lead search names the profile, the others a lead or conversation of the seed) and so
 * to the view of that profile it followed: a late call still counts for the view that caused it.
 * The badges of the profile pages' "people also viewed" are list work, counted apart: the batched
 * conversation searches (`leadIds`), and look-ups of a profile sent after its view ended (another
 * page's sidebar lists it). Calls about neither a profile nor its panel (the toolbar's inbox count,
 * identities, campaigns: idle work on timers of its own) are counted apart too.
 *
 * The same trace runs twice: as shipped, and with caching and coalescing switched off (the
 * `cacheEnabled` setting, sent like any setting), the naive client.
 */
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { buildSeed } from '../emulator/seed/index';
import type { RunningEmulator } from '../emulator/server';
import { DEFAULT_FRESH_MS, DEFAULT_NO_LEAD_FRESH_MS } from '../lib/background/resolver';
import { canonicalProfileUrl } from '../lib/pronet/canonical-url';
import { STATUS_MARK, type StatusMarkName } from '../lib/status-marks';
import { calls as emulatorCalls, control, proWorkspace, resetDemo, type EmulatorCall } from './emulator-control';
import { launchConfigured, openExtensionWindow, send, tabIdOf, type BenchBrowser } from './extension';
import { ratio, rng, round, summarize, type Summary } from './stats';

export interface BrowseOptions {
  views: number;
  /** Share of views that go back to a profile seen before. */
  revisitShare: number;
  latencyMs: number;
  /** How long the user stays once both surfaces show the status. */
  dwellMs: number;
  seed: number;
  /** How long a surface may take before the view counts as "status never shown". */
  timeoutMs: number;
  log?: (line: string) => void;
}

export const DEFAULT_BROWSE: BrowseOptions = {
  views: 200,
  revisitShare: 0.6,
  latencyMs: 80,
  dwellMs: 250,
  seed: 20_251,
  timeoutMs: 10_000,
};

export type Mode = 'cached' | 'naive';

export interface ViewRecord {
  i: number;
  slug: string;
  revisit: boolean;
  /** Revisit whose last lookup was within the cache's freshness (60 s) at the view's start. */
  freshRevisit: boolean;
  chipMs: number | null;
  panelMs: number | null;
  /** Calls put down to this view: all, the status's own (lead search, conversations), the panel's. */
  calls: number;
  statusCalls: number;
  panelCalls: number;
  rateLimited: number;
  /** When the first status call of the view reached the emulator, ms after the URL change. */
  firstCallMs: number | null;
  /** When the emulator answered the view's last status call, ms after the URL change. */
  lastAnswerMs: number | null;
}

export interface GroupFigures {
  views: number;
  chipMs: Summary;
  panelMs: Summary;
  /** The later of chip and panel, per view. */
  statusMs: Summary;
  calls: Summary;
  statusCalls: Summary;
  panelCalls: Summary;
  rateLimited: number;
  missing: number;
}

export interface ModeResult {
  mode: Mode;
  durationMs: number;
  /** The machine's 1-minute load average when the mode's trace began and ended. */
  load: [number, number];
  first: GroupFigures;
  revisit: GroupFigures;
  revisitFresh: GroupFigures;
  revisitStale: GroupFigures;
  all: GroupFigures;
  /** Calls before the first view (the key test, the identities). */
  otherCalls: number;
  /** Calls of the list badges (the sidebars' people), not put down to any view. */
  listCalls: number;
  totalCalls: number;
  rateLimited: number;
  views: ViewRecord[];
}

export interface BrowseResult {
  options: Omit<BrowseOptions, 'log'>;
  cached: ModeResult;
  naive: ModeResult;
  /** naive / cached, per figure. */
  ratios: {
    firstP95Ms: number | null;
    revisitP95Ms: number | null;
    allP95Ms: number | null;
    callsPerView: number | null;
    totalCalls: number | null;
  };
}


interface TraceStep {
  slug: string;
  revisit: boolean;
}

/** The trace: the first profile (a full page load, not measured), then `views` in-page views. */
export function buildTrace(slugs: readonly string[], opts: Pick<BrowseOptions, 'views' | 'revisitShare' | 'seed'>): { start: string; steps: TraceStep[] } {
  const random = rng(opts.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const unseen = [...slugs];
  const take = () => unseen.splice(Math.floor(random() * unseen.length), 1)[0]!;
  const start = take();
  // Exactly `revisitShare` of the views are revisits, in a shuffled order; the first one cannot be.
  const revisits = Math.round(opts.views * opts.revisitShare);
  const flags = Array.from({ length: opts.views - 1 }, (_, i) => i < revisits);
  for (let i = flags.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [flags[i], flags[j]] = [flags[j]!, flags[i]!];
  }
  flags.unshift(false);
  const seen = [start];
  let current = start;
  const steps: TraceStep[] = flags.map((revisit) => {
    const slug = revisit ? pick(seen.filter((s) => s !== current)) : take();
    if (!revisit) seen.push(slug);
    current = slug;
    return { slug, revisit };
  });
  return { start, steps };
}

/** Which profile each lead and conversation of the demo seed belongs to (to put calls down to views). */
function seedIndex() {
  const world = buildSeed('demo', { now: Date.now() });
  const pro = world.workspaces.find((w) => w.name === 'demo-pro');
  if (!pro) throw new Error('the demo seed has no demo-pro workspace');
  const leadProfile = new Map<string, string>();
  for (const lead of pro.leads) if (lead.pronetUrl) leadProfile.set(lead.id, lead.pronetUrl);
  const conversationProfile = new Map<string, string>();
  for (const c of pro.conversations) {
    const p = leadProfile.get(c.leadId);
    if (p) conversationProfile.set(c.id, p);
  }
  return { slugs: world.profiles.map((p) => p.slug), leadProfile, conversationProfile };
}

type CallKind = 'status' | 'panel' | 'list' | 'other';

function classify(call: EmulatorCall, index: ReturnType<typeof seedIndex>): { kind: CallKind; profileUrl: string | null } {
  const url = new URL(call.path, 'http://emulator.invalid');
  const path = url.pathname.replace(/^\/flow/, '');
  if (path === '/leads/search') return { kind: 'status', profileUrl: url.searchParams.get('pronetUrl') };
  // The list badges' batched conversation search (the profile's own look-up asks lead by lead).
  if (path === '/conversations/search' && url.searchParams.has('leadIds')) return { kind: 'list', profileUrl: null };
  const lead = /^\/leads\/([^/]+)\/conversations$/.exec(path);
  if (lead) return { kind: 'status', profileUrl: index.leadProfile.get(decodeURIComponent(lead[1]!)) ?? null };
  const messages = /^\/conversations\/([^/]+)\/messages$/.exec(path);
  if (messages) return { kind: 'panel', profileUrl: index.conversationProfile.get(decodeURIComponent(messages[1]!)) ?? null };
  // The panel of a profile that is no lead yet shows the audiences and the credit balance.
  if (path === '/audiences' || path === '/credits') return { kind: 'panel', profileUrl: null };
  return { kind: 'other', profileUrl: null };
}

const MARK_POLL_MS = 15;

/**
 * The waiting code run in the page, as source: tsx would wrap the inner functions of a serialised
 * function in a helper the page does not have.
 */
const WAIT_FOR_MARK = `({ name, profileUrl, since, timeoutMs, pollMs }) => new Promise((resolve) => {
  function found() {
    const marks = performance.getEntriesByName(name, 'mark');
    const m = marks[marks.length - 1];
    if (!m || !m.detail || m.detail.profileUrl !== profileUrl) return null;
    const at = performance.timeOrigin + m.startTime;
    return at >= since ? at : null;
  }
  const already = found();
  if (already !== null) return resolve(already);
  let observer = null, poll = 0, timer = 0;
  function finish(at) {
    if (observer) observer.disconnect();
    clearInterval(poll);
    clearTimeout(timer);
    resolve(at);
  }
  function check() {
    const at = found();
    if (at !== null) finish(at);
  }
  observer = new PerformanceObserver(check);
  observer.observe({ type: 'mark' });
  poll = setInterval(check, pollMs);
  timer = setTimeout(() => finish(found()), timeoutMs);
})`;

/**
 * Waits for mark `name` for `profileUrl` made at or after `since` (epoch ms); its epoch time, or null
 * after `timeoutMs`. The figure is the mark's own time, not when the wait sees it. A content script
 * marks from its isolated world, which the page's PerformanceObserver is not told of: a light check
 * every few milliseconds covers that case, the observer the panel's own marks.
 */
async function markAfter(page: Page, name: StatusMarkName, profileUrl: string, since: number, timeoutMs: number): Promise<number | null> {
  const args = JSON.stringify({ name, profileUrl, since, timeoutMs, pollMs: MARK_POLL_MS });
  try {
    return (await page.evaluate(`(${WAIT_FOR_MARK})(${args})`)) as number | null;
  } catch {
    return null;
  }
}

/** In-page navigation as a user's click does it; the epoch time of the URL change. */
function clickTo(page: Page, slug: string): Promise<number> {
  return page.evaluate((slug) => {
    const a = document.createElement('a');
    a.href = `/in/${slug}/`;
    a.textContent = slug;
    document.body.append(a);
    // The site's click handler pushes the new URL synchronously: this instant is the URL change.
    const at = performance.timeOrigin + performance.now();
    a.click();
    a.remove();
    return at;
  }, slug);
}

function group(views: ViewRecord[]): GroupFigures {
  const present = (v: number | null): v is number => v !== null;
  return {
    views: views.length,
    chipMs: summarize(views.map((v) => v.chipMs).filter(present)),
    panelMs: summarize(views.map((v) => v.panelMs).filter(present)),
    statusMs: summarize(views.flatMap((v) => (v.chipMs !== null && v.panelMs !== null ? [Math.max(v.chipMs, v.panelMs)] : []))),
    calls: summarize(views.map((v) => v.calls)),
    statusCalls: summarize(views.map((v) => v.statusCalls)),
    panelCalls: summarize(views.map((v) => v.panelCalls)),
    rateLimited: views.reduce((n, v) => n + v.rateLimited, 0),
    missing: views.filter((v) => v.chipMs === null || v.panelMs === null).length,
  };
}

async function runMode(emulator: RunningEmulator, mode: Mode, trace: ReturnType<typeof buildTrace>, index: ReturnType<typeof seedIndex>, opts: BrowseOptions): Promise<ModeResult> {
  const log = opts.log ?? (() => undefined);
  const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
  const canonical = (slug: string) => canonicalProfileUrl(`${pronet}/in/${slug}/`)!;
  const pro = proWorkspace(await resetDemo(emulator.origin));
  let browser: BenchBrowser | null = null;
  try {
    browser = await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl });
    await send(browser.extensionPage, { type: 'settings-set', patch: { cacheEnabled: mode === 'cached' } });
    await control(emulator.origin, 'faults', { latencyMs: opts.latencyMs });

    const profile = await browser.context.newPage();
    await profile.goto(`${pronet}/in/${trace.start}/`);
    if ((await markAfter(profile, STATUS_MARK.chip, canonical(trace.start), 0, 20_000)) === null) throw new Error('the chip never showed on the first profile');
    const tabId = await tabIdOf(browser, profile);
    const panel = await openExtensionWindow(browser, `sidepanel.html?tab=${tabId}`);
    if ((await markAfter(panel, STATUS_MARK.panel, canonical(trace.start), 0, 20_000)) === null) throw new Error('the panel never showed the first profile');
    await profile.waitForTimeout(opts.dwellMs);

    const began = Date.now();
    const loadBefore = loadavg()[0]!;
    const starts: { at: number; profileUrl: string }[] = [];
    const measured: { chipMs: number | null; panelMs: number | null }[] = [];
    for (const [i, step] of trace.steps.entries()) {
      const url = canonical(step.slug);
      const at = await clickTo(profile, step.slug);
      starts.push({ at, profileUrl: url });
      const [chipAt, panelAt] = await Promise.all([
        markAfter(profile, STATUS_MARK.chip, url, at, opts.timeoutMs),
        markAfter(panel, STATUS_MARK.panel, url, at, opts.timeoutMs),
      ]);
      measured.push({ chipMs: chipAt === null ? null : chipAt - at, panelMs: panelAt === null ? null : panelAt - at });
      if ((i + 1) % 50 === 0) log(`  ${mode}: ${i + 1}/${trace.steps.length} views`);
      await profile.waitForTimeout(opts.dwellMs);
    }
    // Let the last view's calls land before reading the history.
    await profile.waitForTimeout(Math.max(500, opts.latencyMs * 4));
    const durationMs = Date.now() - began;
    const load: [number, number] = [round(loadBefore, 2)!, round(loadavg()[0]!, 2)!];

    // Every call after the trace began, put down to the latest view of its profile that started before it.
    const everything = await emulatorCalls(emulator.origin);
    const history = everything.filter((c) => c.at >= (starts[0]?.at ?? 0) - 1);
    const perView = trace.steps.map(() => ({ calls: 0, statusCalls: 0, panelCalls: 0, rateLimited: 0, firstCallAt: Infinity, lastAnswerAt: -Infinity, endpoints: [] as string[] }));
    const lastLookupOf = new Map<string, { at: number; lead: boolean }>();
    const freshAtStart: boolean[] = [];
    // The freshness of a revisit: the newest answered lead search for the profile before the view
    // (a lead stays fresh for 60 s, "no lead", the 404, for 15 s).
    const searches = everything.filter((c) => (c.status === 200 || c.status === 404) && c.path.startsWith('/flow/leads/search'));
    let s = 0;
    for (const [i, start] of starts.entries()) {
      while (s < searches.length && searches[s]!.at <= start.at) {
        const p = classify(searches[s]!, index).profileUrl;
        if (p) lastLookupOf.set(p, { at: searches[s]!.at, lead: searches[s]!.status === 200 });
        s += 1;
      }
      const last = lastLookupOf.get(start.profileUrl);
      freshAtStart[i] = last !== undefined && start.at - last.at < (last.lead ? DEFAULT_FRESH_MS : DEFAULT_NO_LEAD_FRESH_MS);
    }
    let other = 0;
    let list = 0;
    for (const call of history) {
      const { kind, profileUrl } = classify(call, index);
      if (kind === 'list') {
        list += 1;
        continue;
      }
      // A call naming no profile goes to the view on screen when it reached the emulator.
      const reached = call.at - opts.latencyMs;
      let view = -1;
      for (let i = starts.length - 1; i >= 0; i--) {
        const start = starts[i]!;
        if (profileUrl ? start.profileUrl === profileUrl && start.at <= call.at : start.at <= reached) {
          view = i;
          break;
        }
      }
      // Sent after the user left the profile: another page's sidebar listed it (list work).
      if (profileUrl && view >= 0 && reached >= (starts[view + 1]?.at ?? Infinity)) {
        list += 1;
        continue;
      }
      // Nor about the view's profile nor its panel (the toolbar's inbox count, identities, campaigns):
      // the extension's own idle work, which no view asks for; counted apart.
      if (view < 0 || kind === 'other') {
        other += 1;
        continue;
      }
      const v = perView[view]!;
      v.calls += 1;
      v.endpoints.push(call.endpoint ?? new URL(call.path, 'http://emulator.invalid').pathname);
      if (kind === 'status') {
        v.statusCalls += 1;
        v.firstCallAt = Math.min(v.firstCallAt, call.at - opts.latencyMs);
        v.lastAnswerAt = Math.max(v.lastAnswerAt, call.at);
      }
      if (kind === 'panel') v.panelCalls += 1;
      if (call.status === 429) v.rateLimited += 1;
    }
    // Which calls a revisit within freshness was charged with (it should make none): named in the log.
    const freshCalls = new Map<string, number>();
    trace.steps.forEach((step, i) => {
      if (step.revisit && freshAtStart[i]) for (const e of perView[i]!.endpoints) freshCalls.set(e, (freshCalls.get(e) ?? 0) + 1);
    });
    if (freshCalls.size > 0) log(`  ${mode}: calls put down to fresh revisits: ${[...freshCalls].map(([e, n]) => `${e} ×${n}`).join(', ')}`);
    const views: ViewRecord[] = trace.steps.map((step, i) => ({
      i,
      slug: step.slug,
      revisit: step.revisit,
      freshRevisit: step.revisit && freshAtStart[i] === true,
      chipMs: round(measured[i]!.chipMs, 1),
      panelMs: round(measured[i]!.panelMs, 1),
      calls: perView[i]!.calls,
      statusCalls: perView[i]!.statusCalls,
      panelCalls: perView[i]!.panelCalls,
      rateLimited: perView[i]!.rateLimited,
      firstCallMs: Number.isFinite(perView[i]!.firstCallAt) ? round(perView[i]!.firstCallAt - starts[i]!.at, 1) : null,
      lastAnswerMs: Number.isFinite(perView[i]!.lastAnswerAt) ? round(perView[i]!.lastAnswerAt - starts[i]!.at, 1) : null,
    }));
    const revisits = views.filter((v) => v.revisit);
    return {
      mode,
      durationMs,
      load,
      first: group(views.filter((v) => !v.revisit)),
      revisit: group(revisits),
      revisitFresh: group(revisits.filter((v) => v.freshRevisit)),
      revisitStale: group(revisits.filter((v) => !v.freshRevisit)),
      all: group(views),
      otherCalls: other,
      listCalls: list,
      totalCalls: history.length,
      rateLimited: history.filter((c) => c.status === 429).length,
      views,
    };
  } finally {
    await control(emulator.origin, 'faults', {}).catch(() => undefined);
    await browser?.close();
  }
}

export async function browseTrace(emulator: RunningEmulator, options: Partial<BrowseOptions> = {}): Promise<BrowseResult> {
  const opts = { ...DEFAULT_BROWSE, ...options };
  const index = seedIndex();
  const trace = buildTrace(index.slugs, opts);
  const log = opts.log ?? (() => undefined);
  log(`browse trace: ${opts.views} views (${Math.round(opts.revisitShare * 100)}% revisits), ${opts.latencyMs} ms added latency`);
  const cached = await runMode(emulator, 'cached', trace, index, opts);
  log(`  cached: done in ${(cached.durationMs / 1000).toFixed(1)} s`);
  const naive = await runMode(emulator, 'naive', trace, index, opts);
  log(`  naive: done in ${(naive.durationMs / 1000).toFixed(1)} s`);
  const perView = (m: ModeResult) => m.all.calls.mean;
  const { log: _log, ...recorded } = opts;
  return {
    options: recorded,
    cached,
    naive,
    ratios: {
      firstP95Ms: ratio(naive.first.statusMs.p95, cached.first.statusMs.p95),
      revisitP95Ms: ratio(naive.revisit.statusMs.p95, cached.revisit.statusMs.p95),
      allP95Ms: ratio(naive.all.statusMs.p95, cached.all.statusMs.p95),
      callsPerView: ratio(perView(naive), perView(cached)),
      totalCalls: ratio(naive.totalCalls, cached.totalCalls),
    },
  };
}
