/**
 * Benchmark 4, start-up.
 * - Service worker: stopped through the DevTools protocol (`ServiceWorker.stopAllWorkers`, waiting
 *   for the browser to report it stopped), then a message from an extension document wakes it; the
 *   time from sending to the answer, measured in the document: `settings-get` (the first answer at all: worker start, database open, service start) and
 *   `panel-state` for a profile tab (the status, from the cache the previous worker left).
 * - Popup: `popup.html?tab=<profile tab>` opened as the toolbar button does (a fresh document),
 *   with the worker running and with the worker stopped; from the document's start (its
 *   `timeOrigin`) to DOMContentLoaded, first contentful paint, and the status rendered (the panel's
 *   performance mark, `lib/status-marks.ts`).
 */
import type { CDPSession, Page } from '@playwright/test';
import type { RunningEmulator } from '../emulator/server';
import { canonicalProfileUrl } from '../lib/pronet/canonical-url';
import { STATUS_MARK } from '../lib/status-marks';
import { proWorkspace, resetDemo } from './emulator-control';
import { launchConfigured, tabIdOf, type BenchBrowser } from './extension';
import { roundSummary, summarize, type Summary } from './stats';

export interface StartupOptions {
  runs: number;
  log?: (line: string) => void;
}

export const DEFAULT_STARTUP: StartupOptions = { runs: 10 };

export interface StartupResult {
  runs: number;
  worker: {
    /** Stopped worker: message sent → answer (settings-get). */
    firstAnswerMs: Summary;
    /** Stopped worker: panel-state for a profile tab → answer holding the cached status. */
    statusMs: Summary;
    /** Running worker, for comparison (settings-get). */
    warmAnswerMs: Summary;
  };
  popup: {
    warm: PopupFigures;
    /** With the worker stopped before the popup opens. */
    coldWorker: PopupFigures;
  };
}

export interface PopupFigures {
  domContentLoadedMs: Summary;
  firstContentfulPaintMs: Summary;
  statusMs: Summary;
  /** Opens where the status did not show within 15 s. */
  missing: number;
}

/** Sends a message from `page` and returns how long the answer took, measured in the page. */
const TIME_MESSAGE = `(message) => {
  const t0 = performance.now();
  return chrome.runtime.sendMessage(message).then((reply) => {
    if (!reply || reply.ok !== true) throw new Error('no answer: ' + JSON.stringify(reply));
    return { ms: performance.now() - t0, value: reply.value };
  });
}`;

async function timeMessage(page: Page, message: Record<string, unknown>): Promise<{ ms: number; value: unknown }> {
  return (await page.evaluate(`(${TIME_MESSAGE})(${JSON.stringify(message)})`)) as { ms: number; value: unknown };
}

interface WorkerVersions {
  versions: { scriptURL: string; runningStatus: string }[];
}

/** Stops the extension's worker and waits until the browser reports it stopped. */
async function stopWorkers(cdp: CDPSession, browser: BenchBrowser): Promise<void> {
  const stopped = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cdp.off('ServiceWorker.workerVersionUpdated', onUpdate);
      reject(new Error('the service worker did not stop'));
    }, 10_000);
    const onUpdate = ({ versions }: WorkerVersions) => {
      const ours = versions.filter((v) => v.scriptURL.startsWith(browser.origin));
      if (ours.length === 0 || !ours.every((v) => v.runningStatus === 'stopped')) return;
      clearTimeout(timer);
      cdp.off('ServiceWorker.workerVersionUpdated', onUpdate);
      resolve();
    };
    cdp.on('ServiceWorker.workerVersionUpdated', onUpdate);
  });
  await cdp.send('ServiceWorker.stopAllWorkers');
  await stopped;
}


async function openPopup(browser: BenchBrowser, tabId: number, profileUrl: string): Promise<{ dcl: number; fcp: number | null; status: number | null }> {
  const popup = await browser.context.newPage();
  try {
    await popup.setViewportSize({ width: 380, height: 600 });
    await popup.goto(`${browser.origin}/popup.html?tab=${tabId}`);
    const script = `(async ({ name, profileUrl }) => {
      const deadline = performance.now() + 15000;
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
    return (await popup.evaluate(script)) as { dcl: number; fcp: number | null; status: number | null };
  } finally {
    await popup.close();
  }
}

function popupFigures(samples: { dcl: number; fcp: number | null; status: number | null }[]): PopupFigures {
  const present = (v: number | null): v is number => v !== null;
  return {
    domContentLoadedMs: roundSummary(summarize(samples.map((s) => s.dcl))),
    firstContentfulPaintMs: roundSummary(summarize(samples.map((s) => s.fcp).filter(present))),
    statusMs: roundSummary(summarize(samples.map((s) => s.status).filter(present))),
    missing: samples.filter((s) => s.status === null).length,
  };
}

export async function startup(emulator: RunningEmulator, options: Partial<StartupOptions> = {}): Promise<StartupResult> {
  const opts = { ...DEFAULT_STARTUP, ...options };
  const log = opts.log ?? (() => undefined);
  log(`start-up: ${opts.runs} worker restarts, ${opts.runs} popup opens each way`);
  const pro = proWorkspace(await resetDemo(emulator.origin));
  const browser = await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl });
  try {
    const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
    const profile = await browser.context.newPage();
    await profile.goto(`${pronet}/in/ada-lovelace/`);
    const profileUrl = canonicalProfileUrl(profile.url())!;
    const tabId = await tabIdOf(browser, profile);
    // Messages go from an extension document that holds no port: the options page and the panels
    // keep one open and would wake the worker again the moment it stops.
    const page = browser.extensionPage;
    await page.goto(`${browser.origin}/manifest.json`);
    // The status is resolved and cached before any restart.
    for (let i = 0; i < 100; i++) {
      const { value } = await timeMessage(page, { type: 'panel-state', tabId });
      if ((value as { kind?: string }).kind === 'lead') break;
      await page.waitForTimeout(50);
    }
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');

    const first: number[] = [];
    const status: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      warm.push((await timeMessage(page, { type: 'settings-get' })).ms);
      await stopWorkers(cdp, browser);
      first.push((await timeMessage(page, { type: 'settings-get' })).ms);
      await stopWorkers(cdp, browser);
      const answer = await timeMessage(page, { type: 'panel-state', tabId });
      if ((answer.value as { kind?: string }).kind !== 'lead') throw new Error(`after a restart the panel state is ${JSON.stringify(answer.value)}`);
      status.push(answer.ms);
    }

    const warmPopup = [];
    const coldPopup = [];
    for (let i = 0; i < opts.runs; i++) {
      warmPopup.push(await openPopup(browser, tabId, profileUrl));
      await stopWorkers(cdp, browser);
      coldPopup.push(await openPopup(browser, tabId, profileUrl));
    }
    return {
      runs: opts.runs,
      worker: {
        firstAnswerMs: roundSummary(summarize(first)),
        statusMs: roundSummary(summarize(status)),
        warmAnswerMs: roundSummary(summarize(warm)),
      },
      popup: { warm: popupFigures(warmPopup), coldWorker: popupFigures(coldPopup) },
    };
  } finally {
    await browser.close();
  }
}
