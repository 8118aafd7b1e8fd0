/**
 * The browse trace recorded in a browser: the first profile opened with its side panel beside it,
 * then each view by a click, timed from the URL change to the chip's and the panel's status marks.
 */
import { loadavg } from 'node:os';
import type { RunningEmulator } from '../emulator/server';
import { canonicalProfileUrl } from '../lib/pronet/canonical-url';
import { STATUS_MARK } from '../lib/status-marks';
import { control } from './emulator-control';
import { openExtensionWindow, send, tabIdOf, type BenchBrowser } from './extension';
import { clickTo, markAfter } from './browse-marks';
import type { BrowseOptions, Mode, Trace } from './browse-plan';
import { round } from './stats';

/** What the browser saw of a trace: when each view began (its URL change) and how long each surface took. */
export interface Recording {
  starts: { at: number; profileUrl: string }[];
  measured: { chipMs: number | null; panelMs: number | null }[];
  durationMs: number;
  /** The machine's 1-minute load average when the trace began and ended. */
  load: [number, number];
}

/** Runs `trace` in `browser` (configured on the key) with `mode`'s settings and the emulator's added latency. */
export async function recordTrace(emulator: RunningEmulator, browser: BenchBrowser, mode: Mode, trace: Trace, opts: BrowseOptions): Promise<Recording> {
  const log = opts.log ?? (() => undefined);
  const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
  const canonical = (slug: string) => canonicalProfileUrl(`${pronet}/in/${slug}/`)!;
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
  const starts: Recording['starts'] = [];
  const measured: Recording['measured'] = [];
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
  return { starts, measured, durationMs, load };
}
