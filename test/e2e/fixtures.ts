/**
 * Playwright fixtures of the end-to-end suite: one emulator per worker (demo seed), a fresh Chromium
 * with the built extension per test, the demo seed restored before each test, and helpers that act
 * like a user (options page, profile pages, side panel) or read the emulator's truth (control API,
 * public API).
 */
import { test as base, expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { rmSync } from 'node:fs';
import { z } from 'zod';
import { startEmulator } from '../../emulator/server';
import { replySchema } from '../../lib/messages';
import { OutboxItemView } from '../../lib/views';
import { launchWithExtension, type LaunchedExtension } from './browser';
import type { CallRecord } from '../../emulator/model';

export { expect };

export interface EmulatorHandle {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `origin + '/flow'`, what the options page's `Base URL` takes. */
  baseUrl: string;
  port: number;
  /** `http://pronet.localhost:<port>`, the look-alike professional network. */
  pronetOrigin: string;
}

export interface DemoWorkspaces {
  /** The Pro workspace's key (the API accepts it). */
  proKey: string;
  /** The Starter workspace's key (the API refuses its plan with 403). */
  starterKey: string;
  workspaces: { id: string; name: string; plan: string; apiKey: string }[];
}

export interface ExtensionHandle {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  /** `chrome-extension://<id>` */
  origin: string;
}

/** The whole conversation as the emulator holds it (`GET /_emulator/conversations/{id}`). */
export interface EmulatorConversation {
  id: string;
  leadId: string;
  identityId: string;
  campaignId: string | null;
  status: 'OPEN' | 'SNOOZED' | 'ARCHIVED';
  snoozeUntil: number | null;
  note: string | null;
  [field: string]: unknown;
}

/** One row of `GET /_emulator/calls`: the emulator's own record type. */
export type EmulatorCall = CallRecord;

export interface ApiLead {
  id: string;
  firstname: string | null;
  lastname: string | null;
  pronetUrl: string | null;
  [field: string]: unknown;
}

export interface ApiConversation {
  id: string;
  leadId: string;
  identityId: string;
  campaignId: string | null;
  campaignName: string | null;
  status: 'OPEN' | 'SNOOZED' | 'ARCHIVED';
  snoozeUntil: number | null;
  note: string | null;
  leadReplied: boolean;
  [field: string]: unknown;
}

/** The few extension APIs the fixtures call inside the service worker (no @types/chrome here). */
interface ChromeGlobal {
  chrome: {
    storage: { local: { get(keys: null): Promise<Record<string, unknown>> } };
    tabs: { query(q: { active?: boolean; lastFocusedWindow?: boolean }): Promise<{ id?: number; url?: string }[]> };
  };
}

interface WorkerFixtures {
  emulator: EmulatorHandle;
}

interface TestFixtures {
  /** The demo seed, restored before each test (auto), and its keys. */
  demo: DemoWorkspaces;
  extension: ExtensionHandle;
  /** Sets key and base URL through the options page, like a user; defaults: the Pro key, the emulator. */
  configureExtension: (page?: Page | null, opts?: { apiKey?: string; baseUrl?: string }) => Promise<Page>;
  /** A new tab on `http://pronet.localhost:<port>/in/<slug>/`. */
  openProfile: (slug: string) => Promise<Page>;
  /**
   * The side panel (or popup) pinned to `page`'s tab (`sidepanel.html?tab=<tabId>`), in a page of its
   * own. `fixedTime`: the panel's clock (Date) stands still at this instant from its first script on.
   */
  openPanelFor: (page: Page, opts?: { surface?: 'sidepanel' | 'popup'; fixedTime?: number }) => Promise<Page>;
  /** The extension's id for the tab showing `page`. */
  tabIdOf: (page: Page) => Promise<number>;
  emulatorConversation: (id: string) => Promise<EmulatorConversation>;
  emulatorCalls: (filter?: { failed?: boolean }) => Promise<EmulatorCall[]>;
  /** `POST /_emulator/<path>` with a JSON body; the parsed answer. */
  emulatorControl: <T = unknown>(path: string, body: unknown) => Promise<T>;
  /** The lead of a profile (`GET /leads/search?pronetUrl=`, Pro key), or null on 404. */
  leadByUrl: (slugOrUrl: string) => Promise<ApiLead | null>;
  /** `GET /leads/{id}/conversations` with the Pro key. */
  leadConversations: (leadId: string) => Promise<ApiConversation[]>;
}

/** Hands a launched browser to a test as its `extension`, then closes it and removes its profile. */
export async function useLaunched(launched: LaunchedExtension, use: (handle: ExtensionHandle) => Promise<void>): Promise<void> {
  await use({
    context: launched.context,
    serviceWorker: launched.serviceWorker,
    extensionId: launched.extensionId,
    origin: `chrome-extension://${launched.extensionId}`,
  });
  await launched.context.close();
  // Chromium's helpers may still be writing as it exits: retry, and never fail a test over a temp folder.
  try {
    rmSync(launched.userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  } catch (error) {
    console.warn(`could not remove ${launched.userDataDir}: ${String(error)}`);
  }
}

/** The action's global badge: the toolbar count. */
export function toolbarCount(worker: Worker): Promise<string> {
  return worker.evaluate(() => (globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string> } } }).chrome.action.getBadgeText({}));
}

/** The canonical profile URL of a demo slug (what leads store). */
export function canonicalUrl(slug: string): string {
  return `https://www.pronet.example/in/${slug}/`;
}

/**
 * A read of the service by the test itself, with the Pro key: it shares the key's budget (50 per 10 s)
 * with the extension under test, so a 429 is waited out for as long as the service says (Retry-After),
 * as any client of a shared key does, rather than failing the test over a budget it does not test.
 */
export async function fetchWithinBudget(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const r = await fetch(url, init);
    if (r.status !== 429 || attempt >= 5) return r;
    const seconds = Number(r.headers.get('retry-after'));
    await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000));
  }
}

/** Calls that only read though the spec makes them POST (a CRM search): never a write. */
const READING_POSTS = new Set(['searchCrm']);

/** The calls that change something on the service (nothing a page may cause unpressed). */
export const writesOf = <C extends { method: string; endpoint: string | null }>(calls: readonly C[]): C[] =>
  calls.filter((c) => c.method !== 'GET' && !(c.endpoint !== null && READING_POSTS.has(c.endpoint)));

async function jsonOrThrow<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The one conversation object, whether the control API wraps it (`{conversation}`) or not. */
function unwrapConversation(raw: unknown): EmulatorConversation {
  const obj = raw as Record<string, unknown>;
  const inner = (obj.conversation ?? obj.data ?? obj) as EmulatorConversation;
  return inner;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  emulator: [
    // Playwright reads a fixture's dependencies from its first parameter: an empty pattern means none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const emu = await startEmulator({ port: 0, seed: 'demo', quiet: true });
      const port = Number(new URL(emu.origin).port);
      await use({ origin: emu.origin, baseUrl: emu.baseUrl, port, pronetOrigin: `http://pronet.localhost:${port}` });
      await emu.close();
    },
    { scope: 'worker' },
  ],

  emulatorControl: async ({ emulator }, use) => {
    await use(async <T,>(path: string, body: unknown): Promise<T> => {
      const post = () =>
        fetch(`${emulator.origin}/_emulator/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      // A kept-alive socket the emulator closed while this worker was busy (a build of the previous
      // version blocks it for seconds) resets on reuse before the request is read: send it once more.
      const r = await post().catch((error: unknown) => {
        if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
        return post();
      });
      return jsonOrThrow<T>(r, `POST /_emulator/${path}`);
    });
  },

  demo: [
    async ({ emulatorControl }, use) => {
      // A reset also clears faults and any clock offset: no test inherits another's network or time.
      const { workspaces } = await emulatorControl<{ workspaces: DemoWorkspaces['workspaces'] }>('reset', { seed: 'demo' });
      // demo-pro is the seed's main Pro workspace (the six profiles are its leads).
      const pro = workspaces.find((w) => w.name === 'demo-pro') ?? workspaces.find((w) => w.plan === 'PRO');
      const starter = workspaces.find((w) => w.plan === 'STARTER');
      if (!pro || !starter) throw new Error(`demo seed without Pro and Starter workspaces: ${workspaces.map((w) => w.plan).join(', ')}`);
      await use({ proKey: pro.apiKey, starterKey: starter.apiKey, workspaces });
    },
    { auto: true },
  ],

  extension: async ({ demo: _demo }, use) => {
    await useLaunched(await launchWithExtension(), use);
  },

  configureExtension: async ({ extension, emulator, demo }, use) => {
    await use(async (page, opts = {}) => {
      const options = page ?? (await extension.context.newPage());
      await options.goto(`${extension.origin}/options.html`);
      await options.getByLabel('API key').fill(opts.apiKey ?? demo.proKey);
      await options.getByLabel('Base URL').fill(opts.baseUrl ?? emulator.baseUrl);
      const save = options.getByRole('button', { name: 'Save', exact: true });
      await save.click();
      // Save stores the base URL, then the key, then tests the key: done when the test's answer shows.
      const outcome = options.getByTestId('key-outcome');
      await expect(outcome).not.toHaveText(/^\s*$|^\s*Saved\.\s*$/);
      await expect(save).toBeEnabled();
      await expect(options.getByText('Key saved', { exact: true })).toBeVisible();
      return options;
    });
  },

  openProfile: async ({ extension, emulator }, use) => {
    await use(async (slug) => {
      const page = await extension.context.newPage();
      await page.goto(`${emulator.pronetOrigin}/in/${slug}/`);
      return page;
    });
  },

  tabIdOf: async ({ extension }, use) => {
    await use(async (page) => {
      const url = page.url();
      await page.bringToFront();
      const id = await extension.serviceWorker.evaluate(async (wanted: string) => {
        const { chrome } = globalThis as unknown as ChromeGlobal;
        const tabs = await chrome.tabs.query({});
        // Tab URLs are visible with a host permission for the page; else the active tab is ours.
        const byUrl = tabs.filter((t) => t.url === wanted);
        if (byUrl.length === 1) return byUrl[0]!.id ?? null;
        const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        return active?.id ?? null;
      }, url);
      if (id === null) throw new Error(`no tab found for ${url}`);
      return id;
    });
  },

  openPanelFor: async ({ extension, tabIdOf }, use) => {
    await use(async (page, { surface = 'sidepanel', fixedTime } = {}) => {
      const tabId = await tabIdOf(page);
      const panel = await extension.context.newPage();
      if (fixedTime !== undefined) await panel.clock.setFixedTime(fixedTime);
      await panel.setViewportSize(surface === 'popup' ? { width: 380, height: 600 } : { width: 400, height: 860 });
      await panel.goto(`${extension.origin}/${surface}.html?tab=${tabId}`);
      return panel;
    });
  },

  emulatorConversation: async ({ emulator }, use) => {
    await use(async (id) => {
      const r = await fetch(`${emulator.origin}/_emulator/conversations/${encodeURIComponent(id)}`);
      return unwrapConversation(await jsonOrThrow<unknown>(r, `GET /_emulator/conversations/${id}`));
    });
  },

  emulatorCalls: async ({ emulator }, use) => {
    await use(async (filter = {}) => {
      const r = await fetch(`${emulator.origin}/_emulator/calls${filter.failed ? '?failed=true' : ''}`);
      const raw = await jsonOrThrow<unknown>(r, 'GET /_emulator/calls');
      return (Array.isArray(raw) ? raw : ((raw as { calls?: unknown; data?: unknown }).calls ?? (raw as { data?: unknown }).data)) as EmulatorCall[];
    });
  },

  leadByUrl: async ({ emulator, demo }, use) => {
    await use(async (slugOrUrl) => {
      const url = slugOrUrl.includes('/') ? slugOrUrl : canonicalUrl(slugOrUrl);
      const r = await fetchWithinBudget(`${emulator.baseUrl}/leads/search?pronetUrl=${encodeURIComponent(url)}`, {
        headers: { authorization: `Bearer ${demo.proKey}` },
      });
      if (r.status === 404) return null;
      return (await jsonOrThrow<{ lead: ApiLead }>(r, 'GET /leads/search')).lead;
    });
  },

  leadConversations: async ({ emulator, demo }, use) => {
    await use(async (leadId) => {
      const r = await fetchWithinBudget(`${emulator.baseUrl}/leads/${encodeURIComponent(leadId)}/conversations`, {
        headers: { authorization: `Bearer ${demo.proKey}` },
      });
      return (await jsonOrThrow<{ data: ApiConversation[] }>(r, 'GET /leads/{id}/conversations')).data;
    });
  },
});

/**
 * The accessible name of the status chip the content script shows on a profile page, or null while
 * none shows. Read through the DevTools protocol: the chip's shadow root is closed (see ./chip.ts).
 * Wait for it with `expect.poll(() => chipLabel(page))`.
 */
export { chipLabel } from './chip';

/** The panel shows this lead: its name as the panel's main heading. */
export async function expectLeadShown(panel: Page, name: string): Promise<void> {
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText(name);
}

/** The status of the conversation the panel acts on ("Open", "Snoozed until …", "Archived"). */
export function conversationStatus(panel: Page) {
  return panel.getByTestId('conversation-status');
}

/** The changes waiting for the service (or refused by it), as the panel lists them. */
export function outboxList(panel: Page) {
  return panel.getByRole('list', { name: 'Pending and failed changes' });
}

/** The outbox as the background reports it to an extension page (`outbox-list` of lib/messages). */
export async function outboxItems(extensionPage: Page): Promise<OutboxItemView[]> {
  const reply = await extensionPage.evaluate(async () => {
    const { chrome } = globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } };
    return chrome.runtime.sendMessage({ type: 'outbox-list' });
  });
  const parsed = replySchema(z.array(OutboxItemView)).parse(reply);
  if (!parsed.ok) throw new Error(`outbox-list: ${JSON.stringify(parsed.error)}`);
  return parsed.value;
}

/** The local date ("Nov 24") and time ("2:38 AM") of `epochMs`, as the panel's browser writes them. */
export async function localDateParts(panel: Page, epochMs: number): Promise<{ date: string; time: string }> {
  return panel.evaluate((ms) => {
    const d = new Date(ms);
    return {
      date: new Intl.DateTimeFormat(navigator.language, { month: 'short', day: 'numeric' }).format(d),
      time: new Intl.DateTimeFormat(navigator.language, { hour: 'numeric', minute: '2-digit' }).format(d),
    };
  }, epochMs);
}
