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
 *
 * Its parts: `browse-plan.ts` (options, the trace), `browse-record.ts` (the browser's side, with
 * `browse-marks.ts` in the page), `browse-summary.ts` (calls put down to views, the figures).
 */
import type { RunningEmulator } from '../emulator/server';
import { calls as emulatorCalls, control, proWorkspace, resetDemo } from './emulator-control';
import { launchConfigured, type BenchBrowser } from './extension';
import { buildTrace, DEFAULT_BROWSE, type BrowseOptions, type Mode, type Trace } from './browse-plan';
import { recordTrace } from './browse-record';
import { seedIndex, summarizeMode, type ModeResult, type SeedIndex } from './browse-summary';
import { ratio } from './stats';

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

async function runMode(emulator: RunningEmulator, mode: Mode, trace: Trace, index: SeedIndex, opts: BrowseOptions): Promise<ModeResult> {
  const pro = proWorkspace(await resetDemo(emulator.origin));
  let browser: BenchBrowser | null = null;
  try {
    browser = await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl });
    const recording = await recordTrace(emulator, browser, mode, trace, opts);
    return summarizeMode(mode, trace, index, recording, await emulatorCalls(emulator.origin), opts);
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
