/**
 * `npm run demo [-- --once] [-- --port N] [-- --browser firefox]`: the product on the emulator's demo
 * data, in one command (Chromium by default; Firefox: scripts/demo-firefox.ts).
 *
 * Builds the extension, starts the emulator (demo seed, pronet look-alike) on port 8787 or the next
 * free one, opens Chromium with the extension loaded, sets the demo key and base URL through the
 * options page as a user would, and opens ada-lovelace's profile beside the lead panel.
 * With a display (DISPLAY set) the browser is headed; without one it runs headless and writes
 * screenshots of every surface, light and dark, to <tmpdir>/outreach-companion-demo/ (outside the
 * repository: the README's images are rebuilt by `npm run screenshots`).
 * It then keeps running until Ctrl-C, or exits at once with --once.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startEmulator } from '../emulator/server';
import { EXTENSION_DIR, launchWithExtension } from '../test/e2e/browser';
import { startRelay } from '../relay/server';
import { configure, panelSettled, setRelay, setWebApp, sideBySide, tabIdOf, waitForChip } from './extension-session';
import { firefoxDemo } from './demo-firefox';

const DEFAULT_PORT = 8787;
// Outside the repository: the README's images come from `npm run screenshots`, never from the demo.
const SCREENSHOT_DIR = join(tmpdir(), 'outreach-companion-demo');
const PROFILE_SLUG = 'ada-lovelace';

interface Args {
  browser: 'chromium' | 'firefox';
  once: boolean;
  port: number;
  headless: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { browser: 'chromium', once: false, port: DEFAULT_PORT, headless: !process.env.DISPLAY };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--once') args.once = true;
    else if (a === '--headless') args.headless = true;
    else if (a === '--browser') {
      const b = argv[++i];
      if (b !== 'chromium' && b !== 'chrome' && b !== 'firefox') throw new Error('--browser takes chromium or firefox');
      args.browser = b === 'firefox' ? 'firefox' : 'chromium';
    }
    else if (a === '--port') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error('--port takes a port number');
      args.port = n;
    } else throw new Error(`unknown argument ${a} (known: --once, --port N, --headless, --browser chromium|firefox)`);
  }
  return args;
}

/** `port` if nothing listens on it, else the next free one (a second demo, or a running emulator). */
async function freePort(port: number, tries = 20): Promise<number> {
  for (let p = port; p < port + tries; p++) {
    const free = await new Promise<boolean>((done) => {
      const server = createServer();
      server.once('error', () => done(false));
      server.listen(p, '127.0.0.1', () => server.close(() => done(true)));
    });
    if (free) return p;
  }
  throw new Error(`no free port between ${port} and ${port + tries - 1}`);
}

async function screenshots(pages: { profile: Page; panel: Page; popup: Page; options: Page }): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const written: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    const suffix = scheme === 'dark' ? '-dark' : '';
    for (const page of Object.values(pages)) await page.emulateMedia({ colorScheme: scheme });
    const shots: [Page, string, boolean][] = [
      [pages.profile, `profile-with-chip${suffix}.png`, false],
      [pages.panel, `panel${suffix}.png`, false],
      [pages.popup, `popup${suffix}.png`, false],
      [pages.options, `options${suffix}.png`, true],
    ];
    const taken = new Map<Page, Buffer>();
    for (const [page, name, fullPage] of shots) {
      const path = join(SCREENSHOT_DIR, name);
      taken.set(page, await page.screenshot({ path, fullPage, animations: 'disabled' }));
      written.push(path);
    }
    // The README's picture: the profile with the panel docked beside it, as the browser shows them.
    const path = join(SCREENSHOT_DIR, `overview${suffix}.png`);
    writeFileSync(path, await sideBySide(pages.options.context(), taken.get(pages.profile)!, taken.get(pages.panel)!, scheme));
    written.push(path);
  }
  return written;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));

  const firefox = args.browser === 'firefox';
  console.log(`demo: building the extension (npx wxt build${firefox ? ' -b firefox' : ''})`);
  execFileSync('npx', ['wxt', 'build', ...(firefox ? ['-b', 'firefox'] : [])], { stdio: ['ignore', 'ignore', 'inherit'] });

  const port = await freePort(args.port);
  const emulator = await startEmulator({ port, seed: 'demo', quiet: true });
  const pronet = `http://pronet.localhost:${port}`;
  const pro = emulator.workspaces.find((w) => w.name === 'demo-pro') ?? emulator.workspaces.find((w) => w.plan === 'PRO');
  if (!pro) throw new Error('the demo seed has no Pro workspace');

  if (firefox) {
    const demo = await firefoxDemo({ headless: args.headless, emulator, pronet, apiKey: pro.apiKey, profileSlug: PROFILE_SLUG, screenshotDir: SCREENSHOT_DIR });
    const stop = async () => {
      await demo.close();
      await emulator.close();
      process.exit(0);
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop());
    if (args.once) return stop();
    console.log('');
    console.log('Running. Press Ctrl-C to stop.');
    return;
  }

  const userDataDir = mkdtempSync(join(tmpdir(), 'oc-demo-'));
  // The team relay beside the emulator (issue 36): live replies in the panel and the queue.
  const relay = await startRelay({ service: emulator.baseUrl, key: pro.apiKey, port: 0, dataDir: join(userDataDir, 'relay') });
  const launched = await launchWithExtension({
    headless: args.headless,
    userDataDir,
    extensionDir: EXTENSION_DIR,
    handleSignals: false,
    // Headed, the pages follow the system's light or dark mode; headless, each screenshot sets its own.
    colorScheme: args.headless ? 'light' : null,
  });
  const { context, extensionId } = launched;
  const extensionOrigin = `chrome-extension://${extensionId}`;

  let closing = false;
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    await context.close().catch(() => undefined);
    await relay.close({ unregister: true }).catch(() => undefined);
    await emulator.close();
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch (error) {
      console.warn(`demo: could not remove ${userDataDir}: ${String(error)}`);
    }
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void shutdown(0));

  const options = context.pages()[0] ?? (await context.newPage());
  const keyOutcome = await configure(options, extensionOrigin, pro.apiKey, emulator.baseUrl);
  // The demo's web app is the emulator's conversation page: the panel's "Open in the web app" works.
  await setWebApp(options, emulator.origin);
  await setRelay(options, relay.eventsUrl, relay.token);

  const profile = await context.newPage();
  await profile.goto(`${pronet}/in/${PROFILE_SLUG}/`);
  await waitForChip(profile, 'Ada Lovelace', 15_000);
  const tabId = await tabIdOf(context, profile);
  const panelUrl = `${extensionOrigin}/sidepanel.html?tab=${tabId}`;

  console.log('');
  console.log(`emulator     ${emulator.baseUrl}   (API settings and call history: ${emulator.origin}/)`);
  for (const w of emulator.workspaces) console.log(`key          ${w.name} ${w.plan} ${w.apiKey}`);
  console.log(`profile      ${pronet}/in/${PROFILE_SLUG}/   (others: grace-hopper, alan-turing, katherine-johnson, edsger-dijkstra, margaret-hamilton; feed: ${pronet}/feed/)`);
  console.log(`options      ${extensionOrigin}/options.html   (${keyOutcome})`);
  console.log(`relay        ${relay.eventsUrl}   (live replies; try POST ${emulator.origin}/_emulator/inbound, then move its clock 60 s)`);
  console.log(`side panel   ${panelUrl}`);

  if (args.headless) {
    const panel = await context.newPage();
    await panel.setViewportSize({ width: 400, height: 900 });
    await panel.goto(panelUrl);
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 380, height: 600 });
    await popup.goto(`${extensionOrigin}/popup.html?tab=${tabId}`);
    await options.setViewportSize({ width: 1000, height: 900 });
    await options.reload();
    await options.getByRole('button', { name: 'Test key' }).click();
    await options.getByTestId('key-outcome').getByText(/members/).waitFor({ timeout: 15_000 });
    await Promise.all([panelSettled(panel, 'Ada Lovelace'), panelSettled(popup, 'Ada Lovelace')]);
    const written = await screenshots({ profile, panel, popup, options });
    console.log('');
    for (const path of written) console.log(`screenshot   ${path}`);
  } else {
    // A page cannot open the real side panel (the browser wants a click): the panel opens in a window
    // of its own beside the profile; a click on the chip opens the real side panel.
    const [worker] = context.serviceWorkers();
    await worker?.evaluate(async (url: string) => {
      const { chrome } = globalThis as unknown as {
        chrome: { windows: { create(o: { url: string; type: string; width: number; height: number }): Promise<unknown> } };
      };
      await chrome.windows.create({ url, type: 'popup', width: 420, height: 900 });
    }, panelUrl);
    await profile.bringToFront();
    console.log('');
    console.log('The browser is open on the profile; click the chip (bottom right) to open the side panel.');
  }

  if (args.once) return shutdown(0);
  console.log('');
  console.log('Running. Press Ctrl-C to stop.');
  context.on('close', () => void shutdown(0));
}

main().catch((error: unknown) => {
  console.error('demo failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
