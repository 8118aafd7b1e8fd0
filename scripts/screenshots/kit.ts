/**
 * The SceneKit of `npm run screenshots`: one Chromium per scene and locale with the built extension,
 * configured through its options page, every clock at FIXED_NOW, and `shoot` writing both themes.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { launchWithExtension } from '../../test/e2e/browser';
import { chipLabel } from '../../test/e2e/chip';
import { configure, optionLabels, setWebApp, sideBySide, tabIdOf, waitForChip } from '../extension-session';
import { FIXED_NOW, SHOT_TIMEZONE, THEMES, shotFileName } from './files';
import { samePixels } from './png';
import type { SceneKit, ShotLocale, ShotOptions, Theme } from './scene';

export interface KitSetup {
  extensionDir: string;
  outDir: string;
  pronet: string;
  emulator: SceneKit['emulator'];
  /** The key the browser is configured with. */
  apiKey: string;
  /** Files written so far in this run (relative to outDir): a second write of a name is an error. */
  written: Set<string>;
  log(line: string): void;
}

/**
 * Shifts the service worker's clock to FIXED_NOW (it then runs at real speed) and seeds its
 * Math.random: the times it stamps (cache, call log, outbox retries) are the same on every run. Alarms are handed back in real time,
 * or Chrome would fire them at once. A page cannot do this for a worker (Playwright's clock is for pages).
 */
const SHIFT_WORKER_CLOCK = `(fixed) => {
  if (globalThis.__shotClockOffset !== undefined) return;
  const RealDate = Date;
  const offset = fixed - RealDate.now();
  class ShiftedDate extends RealDate {
    constructor(...args) { if (args.length === 0) super(RealDate.now() + offset); else super(...args); }
    static now() { return RealDate.now() + offset; }
  }
  globalThis.Date = ShiftedDate;
  const alarms = globalThis.chrome && globalThis.chrome.alarms;
  if (alarms) {
    const create = alarms.create.bind(alarms);
    alarms.create = (...args) => create(...args.map((a) => a && typeof a === 'object' && typeof a.when === 'number' ? { ...a, when: a.when - offset } : a));
  }
  // Retry delays are drawn at random (full jitter): the same draws on every run.
  let seed = 0x2f6b9a1d;
  Math.random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  globalThis.__shotClockOffset = offset;
}`;

/** Largest difference of a colour channel still taken as the same pixel (see samePixels). */
const PIXEL_TOLERANCE = 2;

async function shiftWorkerClock(worker: Worker): Promise<void> {
  await worker.evaluate(`(${SHIFT_WORKER_CLOCK})(${FIXED_NOW})`);
}

/** Until nothing on the page is loading (no skeleton, nothing busy) twice in a row, and fonts are in. */
export async function settle(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForLoadState('load');
  const until = Date.now() + timeoutMs;
  let quiet = 0;
  while (quiet < 2) {
    const busy = await page.locator('.skeleton:visible, [aria-busy="true"]:visible').count();
    quiet = busy === 0 ? quiet + 1 : 0;
    if (Date.now() > until) throw new Error(`${page.url()} still shows something loading after ${timeoutMs} ms`);
    await page.waitForTimeout(150);
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Two animation frames: the page has repainted after a change of theme. */
async function repainted(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await repainted(page);
}

/**
 * Writes `png` unless the file already shows the same picture: an unchanged picture stays untouched,
 * even when Chromium encoded it into other bytes or anti-aliased a corner one unit differently.
 */
function save(setup: KitSetup, file: string, png: Buffer): void {
  if (setup.written.has(file)) throw new Error(`two shots are named ${file}: each file has one scene`);
  setup.written.add(file);
  const path = join(setup.outDir, file);
  const old = existsSync(path) ? readFileSync(path) : null;
  const same = old !== null && (old.equals(png) || samePixels(old, png, PIXEL_TOLERANCE));
  if (!same) writeFileSync(path, png);
  setup.log(`${same ? 'unchanged' : 'wrote    '}  ${relative(process.cwd(), path)}`);
}

/**
 * Chrome sizes a popup to its content, up to 800 × 600: the width the content needs when the window
 * is narrower than it, then the height it takes at that width.
 */
async function fitPopup(page: Page): Promise<void> {
  await page.setViewportSize({ width: 100, height: 100 });
  const width = Math.min(800, await page.evaluate(() => document.documentElement.scrollWidth));
  await page.setViewportSize({ width, height: 100 });
  const height = Math.min(600, await page.evaluate(() => document.documentElement.scrollHeight));
  await page.setViewportSize({ width, height });
}

/** Launches the browser for `locale`, configures it, runs `use` with the kit, and closes everything. */
export async function withSceneKit(setup: KitSetup, locale: ShotLocale, use: (kit: SceneKit) => Promise<void>): Promise<void> {
  mkdirSync(setup.outDir, { recursive: true });
  const userDataDir = mkdtempSync(join(tmpdir(), 'oc-shots-'));
  const { context, serviceWorker, extensionId } = await launchWithExtension({
    headless: true,
    userDataDir,
    extensionDir: setup.extensionDir,
    handleSignals: false,
    colorScheme: 'light',
    // The same wall-clock times on every machine.
    timezone: SHOT_TIMEZONE,
    locale: locale === 'fr' ? 'fr-FR' : 'en-US',
    ...(locale === 'fr' ? { uiLanguage: 'fr' } : {}),
  });
  try {
    context.on('serviceworker', (worker) => void shiftWorkerClock(worker).catch(() => undefined));
    await shiftWorkerClock(serviceWorker);
    const extensionOrigin = `chrome-extension://${extensionId}`;
    const options = context.pages()[0] ?? (await context.newPage());
    await options.clock.setFixedTime(FIXED_NOW);
    await configure(options, extensionOrigin, setup.apiKey, setup.emulator.baseUrl, optionLabels(locale));
    // As the demo does: the emulator's conversation pages stand for the service's web app.
    await setWebApp(options, setup.emulator.origin, locale);
    await options.close();
    await use(createKit(setup, context, extensionOrigin, locale));
  } finally {
    await context.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

function createKit(setup: KitSetup, context: BrowserContext, extensionOrigin: string, locale: ShotLocale): SceneKit {
  const newPage = async (viewport?: { width: number; height: number }) => {
    const page = await context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    await page.clock.setFixedTime(FIXED_NOW);
    return page;
  };
  const shots = async (page: Page, opts: ShotOptions = {}) => {
    const masked = opts.mask ?? [];
    const blank = (els: Element[], on: boolean) =>
      els.forEach((e) => {
        const style = (e as HTMLElement).style;
        style.color = on ? 'transparent' : '';
        style.setProperty('-webkit-text-fill-color', on ? 'transparent' : '');
      });
    for (const m of masked) await m.evaluateAll(blank, true);
    // A whole page shows everything from the top: scrolled, its sticky header would be drawn midway.
    if (opts.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    try {
      return await page.screenshot({ fullPage: opts.fullPage, clip: opts.clip, animations: 'disabled', caret: 'hide', scale: 'css' });
    } finally {
      for (const m of masked) await m.evaluateAll(blank, false);
    }
  };

  return {
    context,
    extensionOrigin,
    pronet: setup.pronet,
    emulator: setup.emulator,
    locale,
    async openPage(path, opts) {
      const page = await newPage();
      await page.goto(`${setup.pronet}${path}`);
      if (opts?.waitForChip) await waitForChip(page, opts.waitForChip, 15_000);
      else if (path.startsWith('/in/')) {
        const until = Date.now() + 15_000;
        while (!(await chipLabel(page))) {
          if (Date.now() > until) throw new Error(`no chip on ${path}`);
          await page.waitForTimeout(100);
        }
      }
      return { page, tabId: await tabIdOf(context, page) };
    },
    async openPanel(tabId) {
      const page = await newPage({ width: 400, height: 900 });
      await page.goto(`${extensionOrigin}/sidepanel.html?tab=${tabId}`);
      await settle(page);
      return page;
    },
    async openPopup(tabId) {
      const page = await newPage({ width: 800, height: 600 });
      await page.goto(`${extensionOrigin}/popup.html?tab=${tabId}`);
      await settle(page);
      await fitPopup(page);
      await settle(page);
      return page;
    },
    async openExtensionPage(path, viewport = { width: 1000, height: 900 }) {
      const page = await newPage(viewport);
      await page.goto(`${extensionOrigin}/${path.replace(/^\//, '')}`);
      await settle(page);
      return page;
    },
    async shoot(page, name, opts) {
      for (const theme of THEMES) {
        await setTheme(page, theme);
        save(setup, shotFileName(name, theme, locale), await shots(page, opts));
      }
    },
    async shootSideBySide(left, right, name) {
      for (const theme of THEMES) {
        await Promise.all([setTheme(left, theme), setTheme(right, theme)]);
        const png = await sideBySide(context, await shots(left), await shots(right), theme);
        save(setup, shotFileName(name, theme, locale), png);
      }
    },
  };
}
