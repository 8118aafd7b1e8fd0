/**
 * Benchmark 4, start-up.
 * - Service worker: stopped through the DevTools protocol (`ServiceWorker.stopAllWorkers`, waiting
 *   for the browser to report it stopped), then a message from an extension document wakes it; the
 *   time from sending to the answer, measured in the document: `settings-get` (the first answer at all: worker start, database open, service start) and
 *   `panel-state` for a profile tab (the status, from the cache the previous worker left).
 * - Popup: `popup.html?tab=<profile tab>` opened as the toolbar button does (a fresh document),
 *   with the worker running and with the worker stopped; from the document's start (its
 *   `timeOrigin`) to DOMContentLoaded, first contentful paint, and the status rendered (the panel's
 *   performance mark, `lib/status-marks.ts`). The side panel the same way (`sidepanel.html?tab=`).
 * - Content script, worker running: a lead's profile page and the people results page, loaded once
 *   before the runs; DOMContentLoaded → the first chip / badge in the DOM (`startup-pages.ts`).
 */
import type { CDPSession, Page } from '@playwright/test';
import type { RunningEmulator } from '../emulator/server';
import { canonicalProfileUrl } from '../lib/pronet/canonical-url';
import { proWorkspace, resetDemo } from './emulator-control';
import { p } from './figure-format';
import { launchConfigured, tabIdOf, type BenchBrowser } from './extension';
import { currentLoad } from './load';
import { documentFigures, firstOnPage, injectionFigures, openPanelDocument, watchedPage, type DocumentFigures, type InjectionFigures } from './startup-pages';
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
  /** The machine's load at the section's start and end (this and the fields below: absent in results before issue 42 item 4). */
  load?: [number, number];
  /** The content script, worker running: a lead's profile page (chip) and the people results page (badges). */
  pages?: { profile: InjectionFigures; results: InjectionFigures };
  /** `sidepanel.html?tab=` opened as a fresh document, as the popup is. */
  sidePanel?: { warm: PopupFigures; coldWorker: PopupFigures };
}

/** The popup's figures (the side panel's too): `startup-pages.ts`. */
export type PopupFigures = DocumentFigures;

/** Sends a message from `page` and returns how long the answer took, measured in the page. */
const TIME_MESSAGE = `(message) => {
  const t0 = performance.now();
  return chrome.runtime.sendMessage(message).then((reply) => {
    if (!reply || reply.ok !== true) throw new Error('no answer: ' + JSON.stringify(reply));
    return { ms: performance.now() - t0, value: reply.value };
  });
}`;

type Opened = Awaited<ReturnType<typeof openPanelDocument>>;

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


export async function startup(emulator: RunningEmulator, options: Partial<StartupOptions> = {}): Promise<StartupResult> {
  const opts = { ...DEFAULT_STARTUP, ...options };
  const log = opts.log ?? (() => undefined);
  const load0 = currentLoad();
  log(`start-up: ${opts.runs} worker restarts, ${opts.runs} loads of a profile and a results page, ${opts.runs} popup and side panel opens each way`);
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

    // The content script, worker running: a load of each page first (not counted), as the runs after it are revisits.
    const site = await watchedPage(browser);
    const chips = [];
    const badges = [];
    for (let i = -1; i < opts.runs; i++) {
      const chip = await firstOnPage(site, `${pronet}/in/ada-lovelace/`, 'chip');
      const badge = await firstOnPage(site, `${pronet}/search/results/people/`, 'badge');
      if (i < 0) continue;
      chips.push(chip);
      badges.push(badge);
    }
    await site.close();
    log(`start-up: DOMContentLoaded → first chip ${p(injectionFigures(chips).fromInjectionMs)}, → first badge ${p(injectionFigures(badges).fromInjectionMs)} (p50 / p95)`);

    const opened = { popup: { warm: [] as Opened[], cold: [] as Opened[] }, sidepanel: { warm: [] as Opened[], cold: [] as Opened[] } };
    for (let i = 0; i < opts.runs; i++) {
      for (const which of ['popup', 'sidepanel'] as const) {
        opened[which].warm.push(await openPanelDocument(browser, which, tabId, profileUrl));
        await stopWorkers(cdp, browser);
        opened[which].cold.push(await openPanelDocument(browser, which, tabId, profileUrl));
      }
    }
    return {
      runs: opts.runs,
      worker: {
        firstAnswerMs: roundSummary(summarize(first)),
        statusMs: roundSummary(summarize(status)),
        warmAnswerMs: roundSummary(summarize(warm)),
      },
      popup: { warm: documentFigures(opened.popup.warm), coldWorker: documentFigures(opened.popup.cold) },
      load: [load0, currentLoad()],
      pages: { profile: injectionFigures(chips), results: injectionFigures(badges) },
      sidePanel: { warm: documentFigures(opened.sidepanel.warm), coldWorker: documentFigures(opened.sidepanel.cold) },
    };
  } finally {
    await browser.close();
  }
}
