/**
 * A lone fresh browser, as a new user meets it (issue 25): the key saved and tested, a profile opened
 * with its panel, then a results page at once. Used by `fresh-browser.ts` and `trace-fresh-page.ts`.
 */
import type { Page } from '@playwright/test';
import type { RunningEmulator } from '../emulator/server';
import { control, proWorkspace, resetDemo } from './emulator-control';
import { launchConfigured, openExtensionWindow, tabIdOf } from './extension';
import { allShown, resultProfiles } from './list-pages';
import { round, roundSummary, summarize, type Summary } from './stats';

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
/**
 * Each run a new browser (nothing dropped as a warm-up): from the results page's DOMContentLoaded to
 * the last of its badges shown. `extensionDir`: the build to measure (another build, the limiter
 * before issue 25, beside it in the same run).
 */
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
  return { ...roundSummary(summarize(values)), values };
}
