import { chromium, type BrowserContext, type Worker } from '@playwright/test';
import { mkdtempSync, existsSync } from 'node:fs';
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
  return { context, serviceWorker, extensionId, userDataDir };
}
