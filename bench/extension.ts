/**
 * The benchmark's browser side: the extension built into a folder of its own, Chromium launched with
 * it, configured through the options page as a user does, and the few extension calls the benchmark
 * makes from an extension page (`chrome.runtime.sendMessage`, the same protocol the surfaces use).
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { startEmulator } from '../emulator/server';
import { launchWithExtension } from '../test/e2e/browser';
import { control, proWorkspace, resetDemo } from './emulator-control';

/** Where `bench/sizes.ts` builds and zips the extension; the browser parts load it from here. */
export const BENCH_OUT_DIR = resolve('.output/bench');
/** `BENCH_EXTENSION_DIR` in the environment points the browser parts at another build (to compare two). */
export const BENCH_EXTENSION_DIR = resolve(process.env.BENCH_EXTENSION_DIR ?? resolve(BENCH_OUT_DIR, 'chrome-mv3'));

export interface BenchBrowser {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  origin: string;
  /** An extension page (the options page once configured): where messages are sent from. */
  extensionPage: Page;
  close(): Promise<void>;
}

interface ChromeRuntime {
  chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
}

/**
 * Launches Chromium with the benchmark's build, sets key and base URL through the options page.
 * `tls`: the service is the emulator over TLS (self-signed certificate, accepted).
 */
export async function launchConfigured(opts: { apiKey: string; baseUrl: string; tls?: boolean; extensionDir?: string }): Promise<BenchBrowser> {
  const launched = await launchWithExtension({ extensionDir: opts.extensionDir ?? BENCH_EXTENSION_DIR, ...(opts.tls ? { ignoreCertificateErrors: true } : {}) });
  const origin = `chrome-extension://${launched.extensionId}`;
  const options = launched.context.pages()[0] ?? (await launched.context.newPage());
  await options.goto(`${origin}/options.html`);
  await options.getByLabel('API key').fill(opts.apiKey);
  await options.getByLabel('Base URL').fill(opts.baseUrl);
  const save = options.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  // Save stores the base URL and the key, then tests the key: done when the page says so.
  await options.getByText('Key saved', { exact: true }).waitFor({ timeout: 20_000 });
  const outcome = options.getByTestId('key-outcome');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const text = (await outcome.innerText()).trim();
    if (text && text !== 'Saved.' && (await save.isEnabled())) break;
    if (Date.now() > deadline) throw new Error(`the options page did not finish saving (it says: ${text || 'nothing'})`);
    await options.waitForTimeout(50);
  }
  return {
    context: launched.context,
    serviceWorker: launched.serviceWorker,
    extensionId: launched.extensionId,
    origin,
    extensionPage: options,
    async close() {
      await launched.context.close().catch(() => undefined);
      try {
        rmSync(launched.userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      } catch {
        // A temp folder Chromium still writes to as it exits is not worth failing the run over.
      }
    },
  };
}

/** Sends a request of the extension's protocol from an extension page; the reply's value, or throws. */
export async function send<T = unknown>(page: Page, message: Record<string, unknown>): Promise<T> {
  const reply = (await page.evaluate(
    (m) => (globalThis as unknown as ChromeRuntime).chrome.runtime.sendMessage(m),
    message,
  )) as { ok?: boolean; value?: unknown; error?: unknown } | undefined;
  if (!reply?.ok) throw new Error(`${String(message.type)} failed: ${reply?.error ? JSON.stringify(reply.error) : 'no reply'}`);
  return reply.value as T;
}

/** The tab id the extension knows `page` by (the service worker finds it by URL, else the active tab). */
export async function tabIdOf(browser: BenchBrowser, page: Page): Promise<number> {
  await page.bringToFront();
  const id = await browser.serviceWorker.evaluate(async (wanted: string) => {
    const { chrome } = globalThis as unknown as {
      chrome: { tabs: { query(q: { active?: boolean; lastFocusedWindow?: boolean }): Promise<{ id?: number; url?: string }[]> } };
    };
    const byUrl = (await chrome.tabs.query({})).filter((t) => t.url === wanted);
    if (byUrl.length === 1) return byUrl[0]!.id ?? null;
    const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return active?.id ?? null;
  }, page.url());
  if (id === null) throw new Error(`no tab found for ${page.url()}`);
  return id;
}

/**
 * Opens `path` of the extension in a window of its own beside the profile (as the docked side panel
 * is): both documents stay visible, so neither is throttled as a background tab would be.
 */
export async function openExtensionWindow(browser: BenchBrowser, path: string, size = { width: 420, height: 900 }): Promise<Page> {
  const url = `${browser.origin}/${path}`;
  const opened = browser.context.waitForEvent('page', { predicate: (p) => p.url() === url, timeout: 15_000 });
  await browser.serviceWorker.evaluate(
    async ({ url, width, height }) => {
      const { chrome } = globalThis as unknown as {
        chrome: { windows: { create(o: { url: string; type: string; width: number; height: number }): Promise<unknown> } };
      };
      await chrome.windows.create({ url, type: 'popup', width, height });
    },
    { url, ...size },
  );
  const page = await opened;
  await page.waitForLoadState('domcontentloaded');
  return page;
}

/** A run over HTTPS with HTTP/2: a browser of its own, configured with the Pro workspace's key. */
export interface OverH2 {
  browser: BenchBrowser;
  /** The emulator's control origin, over plain HTTP: Node does not trust its certificate. */
  ctl: string;
  /** The look-alike site's origin as the browser sees it. */
  pronet: string;
}

/** Runs `fn` with an emulator over TLS and HTTP/2 (`latencyMs` added) and a browser of its own; both are closed after. */
export async function overH2<T>(latencyMs: number, fn: (h2: OverH2) => Promise<T>): Promise<T> {
  const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true, tls: true });
  const ctl = emulator.plainOrigin;
  try {
    const pro = proWorkspace(await resetDemo(ctl));
    const browser = await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl, tls: true });
    try {
      await control(ctl, 'faults', { latencyMs });
      return await fn({ browser, ctl, pronet: `https://pronet.localhost:${new URL(emulator.origin).port}` });
    } finally {
      await browser.close();
    }
  } finally {
    await emulator.close();
  }
}
