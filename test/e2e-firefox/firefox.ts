/**
 * Firefox with the built extension (`.output/e2e-firefox-mv2`, see build-extension.ts) as a temporary
 * add-on, driven over WebDriver BiDi by puppeteer-core. What works here, and why:
 * - `browser.installExtension(dir)` installs the unpacked build as a temporary add-on; the manifest's
 *   fixed `gecko.id` and the `extensions.webextensions.uuids` preference pin its moz-extension://
 *   origin, so the tests know it before the add-on starts;
 * - `--remote-allow-system-access`: Firefox refuses automation of moz-extension:// pages without it,
 *   and it opens the browser's own (chrome) scope, where the tests take the whole browser offline,
 *   the add-on's background page included (`setOffline`);
 * - `extensions.webextOptionalPermissionPrompts=false` grants what `permissions.request` asks for, as a
 *   user pressing Allow would;
 * - `page.goto` to a moz-extension:// page may never report its load: the frame's
 *   `browsingContext.navigate(url, 'interactive')` does (`openExtensionPage`).
 * The chip and the list badges live in CLOSED shadow roots: BiDi serialises them when asked
 * (`includeShadowTree: 'all'`), and a function in a sandbox of the page reads them (`readShadowHosts`).
 */
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The e2e build of the Firefox add-on (build-extension.ts). */
export const E2E_FIREFOX_DIR = resolve('.output/e2e-firefox-mv2');
export const FIREFOX_DIR = resolve('.output/firefox-mv2');
/** The manifest's `browser_specific_settings.gecko.id` (wxt.config.ts). */
export const GECKO_ID = 'outreach-companion@example.org';
/** The add-on's internal UUID, pinned by preference: its pages live at `moz-extension://<uuid>/`. */
export const EXTENSION_UUID = '0c0a7e2e-4f1d-4b4e-9a57-6f3c0b1d2e26';

/** Debian's firefox-esr (scripts/setup.sh), or FIREFOX_PATH. */
export function firefoxPath(): string {
  if (process.env.FIREFOX_PATH) return process.env.FIREFOX_PATH;
  for (const p of ['/usr/bin/firefox-esr', '/usr/bin/firefox']) if (existsSync(p)) return p;
  throw new Error('no Firefox found: run scripts/setup.sh (it installs firefox-esr) or set FIREFOX_PATH');
}

/** The raw BiDi session under puppeteer (commands it does not wrap). */
interface BidiSession {
  send(method: string, params: object): Promise<{ result: Record<string, unknown> }>;
}
interface BidiContext {
  id: string;
  navigate(url: string, wait: 'none' | 'interactive' | 'complete'): Promise<unknown>;
  userContext: { browser: { session: BidiSession } };
}

function contextOf(page: Page): BidiContext {
  return (page.mainFrame() as unknown as { browsingContext: BidiContext }).browsingContext;
}

function sessionOf(page: Page): BidiSession {
  return contextOf(page).userContext.browser.session;
}

export interface FirefoxExtension {
  browser: Browser;
  /** `moz-extension://<uuid>` */
  origin: string;
  profileDir: string;
  /** Takes the whole browser off the network (and back), as the system's offline mode does. */
  setOffline(offline: boolean): Promise<void>;
  close(): Promise<void>;
}

export interface FirefoxLaunchOptions {
  extensionDir?: string;
  headless?: boolean;
  /** Preferences on top of the harness's (the demo sets none). */
  prefs?: Record<string, unknown>;
}

export async function launchFirefoxWithExtension(opts: FirefoxLaunchOptions = {}): Promise<FirefoxExtension> {
  const profileDir = mkdtempSync(join(tmpdir(), 'oc-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: opts.headless ?? true,
    userDataDir: profileDir,
    defaultViewport: { width: 1280, height: 860 },
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
      'extensions.webextOptionalPermissionPrompts': false,
      // English pages and dates whatever the machine's locale (the assertions read English words).
      'intl.locale.requested': 'en-US',
      'intl.accept_languages': 'en-US, en',
      ...opts.prefs,
    },
  });
  try {
    await browser.installExtension(opts.extensionDir ?? E2E_FIREFOX_DIR);
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
  const [first] = await browser.pages();
  const chromeScope = async (expression: string) => {
    const session = sessionOf(first!);
    const tree = (await session.send('browsingContext.getTree', { 'moz:scope': 'chrome' })).result as { contexts: { context: string }[] };
    const context = tree.contexts[0]?.context;
    if (!context) throw new Error('Firefox exposes no chrome window (is --remote-allow-system-access set?)');
    const r = (await session.send('script.evaluate', { expression, target: { context }, awaitPromise: true })).result;
    if (r.type !== 'success') throw new Error(`chrome scope: ${JSON.stringify(r).slice(0, 300)}`);
  };
  return {
    browser,
    origin: `moz-extension://${EXTENSION_UUID}`,
    profileDir,
    // Offline as the system's offline mode is (navigator.onLine false), and since Firefox's offline
    // mode spares loopback, where the emulator listens, every request also sent to a proxy that is not
    // there (loopback included): each fails at once as a network error, as with no network.
    setOffline: (offline) =>
      chromeScope(
        offline
          ? `Services.prefs.setBoolPref('network.proxy.allow_hijacking_localhost', true);
             Services.prefs.setCharPref('network.proxy.http', '127.0.0.1');
             Services.prefs.setIntPref('network.proxy.http_port', 9);
             Services.prefs.setIntPref('network.proxy.type', 1);
             Services.io.offline = true;`
          : `Services.prefs.setIntPref('network.proxy.type', 0);
             Services.io.offline = false;`,
      ),
    async close() {
      await browser.close().catch(() => undefined);
      try {
        rmSync(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      } catch (error) {
        console.warn(`could not remove ${profileDir}: ${String(error)}`);
      }
    },
  };
}

/** Loads `url` in `page` and resolves once its document is parsed (moz-extension:// pages included). */
export async function navigate(page: Page, url: string): Promise<void> {
  await contextOf(page).navigate(url, 'interactive');
}

/** A new tab on an extension page (`options.html`, `sidepanel.html?tab=3`), parsed. */
export async function openExtensionPage(ext: FirefoxExtension, path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await ext.browser.newPage();
  if (viewport) await page.setViewport(viewport);
  await navigate(page, `${ext.origin}/${path}`);
  return page;
}

/** The element whose accessible name is `name` (and role, when given), once it is there. */
export async function byRole(page: Page, role: string, name: string, timeout = 15_000): Promise<ElementHandle<Element>> {
  const handle = await page.waitForSelector(`::-p-aria([name="${name}"][role="${role}"])`, { timeout });
  if (!handle) throw new Error(`no ${role} named ${name}`);
  return handle;
}

/** The form field labelled `label` (a password field has no role: named alone), once it is there. */
export async function byLabel(page: Page, label: string, timeout = 15_000): Promise<ElementHandle<Element>> {
  const handle = await page.waitForSelector(`::-p-aria(${label})`, { timeout });
  if (!handle) throw new Error(`no field labelled ${label}`);
  return handle;
}

/** Replaces a field's text by typing, as a user does: select all, then type. */
export async function typeInto(page: Page, field: ElementHandle<Element>, text: string): Promise<void> {
  await field.click();
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await field.type(text);
}

/** The text of the first element matching `selector`, or null while there is none. */
export async function textOf(page: Page, selector: string): Promise<string | null> {
  return page.evaluate((s) => {
    const el = document.querySelector(s) as HTMLElement | null;
    return el ? el.innerText.replace(/\s+/g, ' ').trim() : null;
  }, selector);
}

/** One element of the extension's in a closed shadow root of a page: its host and its button. */
export interface ShadowReading {
  host: string;
  mode: string;
  label: string | null;
  text: string;
  hidden: boolean;
  /** The href of the link just before the host (list badges stand beside their link). */
  linkHref: string | null;
  /** The button's box in the page's CSS pixels (for a click). */
  box: { x: number; y: number; width: number; height: number } | null;
}

interface RemoteNode {
  type: string;
  sharedId?: string;
  value?: { localName?: string; shadowRoot?: { sharedId?: string; value?: { mode?: string } } | null };
}

/**
 * Reads every host named `<prefix>-…` and the first button inside its (closed) shadow root. The roots
 * come serialised by BiDi (`includeShadowTree: 'all'`); the reading runs in a sandbox, out of the page's
 * reach.
 */
export async function readShadowHosts(page: Page, prefix: string): Promise<ShadowReading[]> {
  const session = sessionOf(page);
  const context = contextOf(page).id;
  const target = { context, sandbox: 'oc-e2e' };
  const found = (
    await session.send('script.callFunction', {
      functionDeclaration: `(prefix) => [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith(prefix + '-'))`,
      arguments: [{ type: 'string', value: prefix }],
      target,
      awaitPromise: false,
      serializationOptions: { maxDomDepth: 0, includeShadowTree: 'all' },
    })
  ).result as { type: string; result?: { value?: RemoteNode[] } };
  const hosts = found.result?.value ?? [];
  const readings: ShadowReading[] = [];
  for (const host of hosts) {
    const root = host.value?.shadowRoot;
    if (!host.sharedId || !root?.sharedId) continue;
    const r = (
      await session.send('script.callFunction', {
        functionDeclaration: `(host, root) => {
          const button = root.querySelector('button');
          let link = host.previousElementSibling;
          const rect = button ? button.getBoundingClientRect() : null;
          return JSON.stringify({
            label: button ? button.getAttribute('aria-label') : null,
            text: button ? button.textContent.replace(/\\s+/g, ' ').trim() : '',
            hidden: !button || button.hidden,
            linkHref: link && link.localName === 'a' ? link.getAttribute('href') : null,
            box: rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null,
          });
        }`,
        arguments: [{ sharedId: host.sharedId }, { sharedId: root.sharedId }],
        target,
        awaitPromise: false,
      })
    ).result as { type: string; result?: { value?: string } };
    if (r.type !== 'success' || typeof r.result?.value !== 'string') continue;
    readings.push({ host: host.value?.localName ?? '', mode: root.value?.mode ?? 'open', ...(JSON.parse(r.result.value) as Omit<ShadowReading, 'host' | 'mode'>) });
  }
  return readings;
}

/**
 * The options page used as a user does: type the key and the base URL, Save. Save stores both, then
 * tests the key: resolves to what the page then says ("The key works: 4 members …").
 */
export async function configureOptions(options: Page, apiKey: string, baseUrl: string, timeoutMs = 30_000): Promise<string> {
  await typeInto(options, await byLabel(options, 'API key'), apiKey);
  await typeInto(options, await byLabel(options, 'Base URL'), baseUrl);
  await (await byRole(options, 'button', 'Save')).click();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = (await textOf(options, '[data-testid="key-outcome"]')) ?? '';
    if (/members|not|n't/.test(text)) return text;
    if (Date.now() > until) throw new Error(`the options page did not finish saving (it says: ${text || 'nothing'})`);
    await new Promise((done) => setTimeout(done, 200));
  }
}
