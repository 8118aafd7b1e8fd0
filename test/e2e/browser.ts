import { chromium, type BrowserContext, type Worker } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The e2e build (test/e2e/build-extension.ts); `npm run build` writes `.output/chrome-mv3`. */
export const E2E_EXTENSION_DIR = resolve('.output/e2e-chrome-mv3');
export const EXTENSION_DIR = resolve('.output/chrome-mv3');

/** Debian's binary, not its shell wrapper (the wrapper prints a harmless but noisy warning). */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium';
}

export interface LaunchedExtension {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  userDataDir: string;
}

export interface LaunchOptions {
  headless?: boolean;
  userDataDir?: string;
  /** null: no emulation, the pages follow the system (the headed demo). Default 'light'. */
  colorScheme?: 'light' | 'dark' | null;
  locale?: string;
  /** Default: the e2e build. The demo passes EXTENSION_DIR. */
  extensionDir?: string;
  /** false: the caller closes the browser on Ctrl-C itself (the demo cleans up after it). Default true. */
  handleSignals?: boolean;
  /**
   * The browser's UI language, which `chrome.i18n` follows (`locale` only sets the pages'
   * `navigator.language`): passes `--lang=<uiLanguage>` and `LANGUAGE=<uiLanguage>` (toolchain.md).
   */
  uiLanguage?: string;
  /** An IANA time zone for the browser process and its pages (`TZ` and Playwright's `timezoneId`). */
  timezone?: string;
  /** Starts without network (the update test relaunches a browser that went offline). */
  offline?: boolean;
  /**
   * Accepts any certificate, the extension's worker included (`--ignore-certificate-errors`): the
   * emulator over TLS (`startEmulator({tls})`) has a self-signed one. The benchmark only.
   */
  ignoreCertificateErrors?: boolean;
}

/** Launches Chromium with the built extension loaded (flags known to work here: see toolchain.md). */
export async function launchWithExtension(opts: LaunchOptions = {}): Promise<LaunchedExtension> {
  const dir = opts.extensionDir ?? E2E_EXTENSION_DIR;
  const userDataDir = opts.userDataDir ?? mkdtempSync(join(tmpdir(), 'oc-chromium-'));
  const headless = opts.headless ?? true;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless,
    colorScheme: opts.colorScheme === undefined ? 'light' : opts.colorScheme,
    locale: opts.locale ?? 'en-US',
    viewport: { width: 1280, height: 860 },
    ...(opts.offline ? { offline: true } : {}),
    ...(opts.ignoreCertificateErrors ? { ignoreHTTPSErrors: true } : {}),
    handleSIGINT: opts.handleSignals ?? true,
    handleSIGTERM: opts.handleSignals ?? true,
    handleSIGHUP: opts.handleSignals ?? true,
    ...(opts.timezone ? { timezoneId: opts.timezone } : {}),
    ...(opts.uiLanguage || opts.timezone
      ? {
          env: {
            ...process.env,
            ...(opts.uiLanguage ? { LANGUAGE: opts.uiLanguage } : {}),
            ...(opts.timezone ? { TZ: opts.timezone } : {}),
          },
        }
      : {}),
    args: [
      ...(headless ? ['--headless=new'] : []),
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ...(opts.uiLanguage ? [`--lang=${opts.uiLanguage}`] : []),
      ...(opts.ignoreCertificateErrors ? ['--ignore-certificate-errors'] : []),
    ],
  });
  let [serviceWorker] = context.serviceWorkers();
  serviceWorker ??= await context.waitForEvent('serviceworker', { timeout: 15_000 });
  const extensionId = new URL(serviceWorker.url()).host;
  // A fresh profile installs the extension, which opens its options page (the key comes first): a
  // test's own visit to the options page, started before that tab, was interrupted by it.
  if (opts.userDataDir === undefined) await installTab(context, `chrome-extension://${extensionId}/options.html`);
  return { context, serviceWorker, extensionId, userDataDir };
}

/**
 * Waits for the tab the install opened: a tab of its own, or the start page it took over. A browser
 * that never shows it (a slow first start) goes on after 30 s: the wait only spares a test's own
 * options tab from being navigated over, it decides nothing.
 */
async function installTab(context: BrowserContext, url: string): Promise<void> {
  const shown = () => context.pages().some((p) => p.url().startsWith(url));
  // The tab's address is a state of the browser no event reports once for both cases: it is polled.
  for (const until = Date.now() + 30_000; !shown(); ) {
    if (Date.now() > until) return void console.warn(`launchWithExtension: the install did not open ${url} within 30 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Grants host permissions to the extension in a profile whose browser is closed, as the user's Allow
 * at the browser's prompt would (Playwright cannot click that prompt: it is the browser's own dialog,
 * and no flag of this Chromium answers it). Chromium keeps an unpacked extension's granted and active
 * permissions in the profile's `Preferences` and keeps, at the next launch, those the manifest offers
 * (`optional_host_permissions`): a pattern it does not offer is dropped. `permissions.request` for
 * granted patterns then resolves true at once, after the same check against the manifest.
 */
export function grantHostPermissions(userDataDir: string, extensionId: string, patterns: readonly string[]): void {
  const file = join(userDataDir, 'Default', 'Preferences');
  const prefs = JSON.parse(readFileSync(file, 'utf8')) as {
    extensions: { settings: Record<string, Record<string, { explicit_host?: string[] } | undefined>> };
  };
  const settings = prefs.extensions.settings[extensionId];
  if (!settings) throw new Error(`grantHostPermissions: no extension ${extensionId} in ${file}`);
  for (const key of ['granted_permissions', 'active_permissions']) {
    const set = (settings[key] ??= {});
    set.explicit_host = [...new Set([...(set.explicit_host ?? []), ...patterns])];
  }
  writeFileSync(file, JSON.stringify(prefs));
}
