/**
 * Fixtures of the Firefox end-to-end suite: one emulator and one Firefox (the add-on installed) per
 * worker, since a Firefox start costs tens of seconds here; the demo seed restored before each test;
 * every page a test opened closed after it. Tests act as a user does (options page, profile pages,
 * the panel) and check the emulator's truth.
 */
import { test as base, expect } from '@playwright/test';
import type { Page } from 'puppeteer-core';
import { startEmulator } from '../../emulator/server';
import { CHIP_HOST_PREFIX } from '../../components/chip/chip';
import { LIST_BADGE_HOST_PREFIX } from '../../components/list-badge/list-badge';
import type { ApiConversation, ApiLead, EmulatorConversation, EmulatorHandle } from '../e2e/fixtures';
import { byLabel, byRole, configureOptions, launchFirefoxWithExtension, navigate, openExtensionPage, readShadowHosts, textOf, typeInto, type FirefoxExtension, type ShadowReading } from './firefox';

export { expect };

interface WorkerFixtures {
  emulator: EmulatorHandle & { control<T = unknown>(path: string, body: unknown): Promise<T> };
  firefox: FirefoxExtension;
}

interface TestFixtures {
  /** The demo seed, restored before each test (auto): the Pro key. */
  proKey: string;
  /** Opens a tab on a URL (http pages: loaded; extension paths: parsed); closed after the test. */
  open: (urlOrExtensionPath: string, viewport?: { width: number; height: number }) => Promise<Page>;
  /** Key and base URL saved through the options page as a user does; returns the options page. */
  configure: () => Promise<Page>;
  /** The extension's id for the tab showing `page`. */
  tabIdOf: (page: Page) => Promise<number>;
  /** The lead panel pinned to `page`'s tab, in a tab of its own (the sidebar's page). */
  openPanelFor: (page: Page) => Promise<Page>;
  leadByUrl: (slug: string) => Promise<ApiLead | null>;
  leadConversations: (leadId: string) => Promise<ApiConversation[]>;
  emulatorConversation: (id: string) => Promise<EmulatorConversation>;
}

async function json<T>(r: Response, what: string): Promise<T> {
  const text = await r.text();
  if (!r.ok) throw new Error(`${what}: HTTP ${r.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  emulator: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const emu = await startEmulator({ port: 0, seed: 'demo', quiet: true });
      const port = Number(new URL(emu.origin).port);
      const control = async <T,>(path: string, body: unknown): Promise<T> =>
        json<T>(await fetch(`${emu.origin}/_emulator/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), path);
      await use({ origin: emu.origin, baseUrl: emu.baseUrl, port, pronetOrigin: `http://pronet.localhost:${port}`, control });
      await emu.close();
    },
    { scope: 'worker' },
  ],

  firefox: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const ff = await launchFirefoxWithExtension();
      await use(ff);
      await ff.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  proKey: [
    async ({ emulator, firefox }, use) => {
      // A test left offline must not leave the next one so.
      await firefox.setOffline(false);
      const { workspaces } = await emulator.control<{ workspaces: { name: string; plan: string; apiKey: string }[] }>('reset', { seed: 'demo' });
      const pro = workspaces.find((w) => w.name === 'demo-pro') ?? workspaces.find((w) => w.plan === 'PRO');
      if (!pro) throw new Error('demo seed without a Pro workspace');
      await use(pro.apiKey);
    },
    { auto: true },
  ],

  open: async ({ firefox }, use) => {
    const opened: Page[] = [];
    await use(async (url, viewport) => {
      if (!/^https?:/.test(url)) {
        const page = await openExtensionPage(firefox, url, viewport);
        opened.push(page);
        return page;
      }
      const page = await firefox.browser.newPage();
      opened.push(page);
      if (viewport) await page.setViewport(viewport);
      await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
      return page;
    });
    for (const page of opened) await page.close().catch(() => undefined);
  },

  configure: async ({ open, emulator, proKey }, use) => {
    await use(async () => {
      const options = await open('options.html', { width: 1000, height: 900 });
      expect(await configureOptions(options, proKey, emulator.baseUrl)).toMatch(/members/);
      return options;
    });
  },

  tabIdOf: async ({ open }, use) => {
    let probe: Page | null = null;
    await use(async (page) => {
      probe ??= await open('options.html');
      await page.bringToFront();
      const id = await probe.evaluate(async () => {
        const b = (globalThis as unknown as { browser: { tabs: { query(q: object): Promise<{ id?: number }[]> } } }).browser;
        const [tab] = await b.tabs.query({ active: true, lastFocusedWindow: true });
        return tab?.id ?? null;
      });
      if (id === null) throw new Error('no active tab');
      return id;
    });
  },

  openPanelFor: async ({ open, tabIdOf }, use) => {
    await use(async (page) => open(`sidepanel.html?tab=${await tabIdOf(page)}`, { width: 400, height: 860 }));
  },

  leadByUrl: async ({ emulator, proKey }, use) => {
    await use(async (slug) => {
      const url = `https://www.pronet.example/in/${slug}/`;
      const r = await fetch(`${emulator.baseUrl}/leads/search?pronetUrl=${encodeURIComponent(url)}`, { headers: { authorization: `Bearer ${proKey}` } });
      if (r.status === 404) return null;
      return (await json<{ lead: ApiLead }>(r, 'GET /leads/search')).lead;
    });
  },

  leadConversations: async ({ emulator, proKey }, use) => {
    await use(async (leadId) => {
      const r = await fetch(`${emulator.baseUrl}/leads/${encodeURIComponent(leadId)}/conversations`, { headers: { authorization: `Bearer ${proKey}` } });
      return (await json<{ data: ApiConversation[] }>(r, 'GET /leads/{id}/conversations')).data;
    });
  },

  emulatorConversation: async ({ emulator }, use) => {
    await use(async (id) => {
      const raw = await json<Record<string, unknown>>(await fetch(`${emulator.origin}/_emulator/conversations/${encodeURIComponent(id)}`), 'GET conversation');
      return (raw.conversation ?? raw.data ?? raw) as EmulatorConversation;
    });
  },
});

/** The accessible name of the extension's chip on `page`, or null while none shows. */
export async function chipLabel(page: Page): Promise<string | null> {
  const chips = (await readShadowHosts(page, CHIP_HOST_PREFIX)).filter((c) => c.mode === 'closed');
  if (chips.length > 1) throw new Error(`${chips.length} extension chips on ${page.url()}`);
  const [chip] = chips;
  return chip && !chip.hidden ? chip.label : null;
}

/** The list badges shown on `page` (hidden ones, still unknown, left out). */
export async function badges(page: Page): Promise<ShadowReading[]> {
  return (await readShadowHosts(page, LIST_BADGE_HOST_PREFIX)).filter((b) => !b.hidden);
}

/** The panel's main heading (the lead's name), or null. */
export function leadHeading(panel: Page): Promise<string | null> {
  return textOf(panel, 'h1');
}

/** The status of the conversation the panel acts on ("Open", "Snoozed until …", "Archived"). */
export function conversationStatus(panel: Page): Promise<string | null> {
  return textOf(panel, '[data-testid="conversation-status"]');
}

export { byLabel, byRole, navigate, textOf, typeInto };
