/**
 * What a screenshot scene gets and gives. `npm run screenshots` (scripts/screenshots/run.ts) builds the
 * extension, starts the emulator on the demo seed with a fixed clock, and for each locale a scene asks
 * for launches Chromium with the built extension, configured with the demo Pro key as a user would.
 * It then runs every scene in `scenes/` (one file per surface or feature, listed in `scenes/index.ts`)
 * and writes `docs/screenshots/<name>-<theme>[-fr].png`. The emulator is reset to the seed before each
 * scene, so a scene may act freely.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';

export type Theme = 'light' | 'dark';
export type ShotLocale = 'en' | 'fr';

export interface ShotOptions {
  /** The whole scrollable page, not only the viewport. */
  fullPage?: boolean;
  /** A part of the page only (CSS pixels). */
  clip?: { x: number; y: number; width: number; height: number };
  /** Elements whose text is blanked (boxes stay): what differs on every run, e.g. a measured duration. */
  mask?: Locator[];
}

export interface SceneKit {
  /** Chromium with the built extension loaded, configured with the demo Pro workspace's key. */
  context: BrowserContext;
  /** `chrome-extension://<id>` */
  extensionOrigin: string;
  /** The pronet look-alike: `http://pronet.localhost:<port>` */
  pronet: string;
  /** The emulator's origin (control API under `/_emulator/...`) and base URL (`origin + /flow`). */
  emulator: { origin: string; baseUrl: string; workspaces: { id: string; name: string; plan: string; apiKey: string }[] };
  locale: ShotLocale;
  /** Opens `${pronet}${path}` in a new tab; for a profile path, waits until the chip names the person. Returns the page and its tab id. */
  openPage(path: string, opts?: { waitForChip?: string }): Promise<{ page: Page; tabId: number }>;
  /** The side panel of `tabId` in a page of 400 × 900 (what a docked panel shows), settled. */
  openPanel(tabId: number): Promise<Page>;
  /** The popup of `tabId` at its real size. */
  openPopup(tabId: number): Promise<Page>;
  /** An extension page (`options.html`, ...) in a new tab. */
  openExtensionPage(path: string, viewport?: { width: number; height: number }): Promise<Page>;
  /**
   * Shoots `page` once per theme (light, then dark; the page is switched with emulateMedia and given
   * a moment to repaint) as `docs/screenshots/<name>-<theme>[-fr].png`. `name` is kebab-case.
   */
  shoot(page: Page, name: string, opts?: ShotOptions): Promise<void>;
  /**
   * Shoots `left` (a page, 1280 px) with `right` (a panel, 400 px) docked beside it, cut at 860 px as a
   * browser window shows them, once per theme, as `docs/screenshots/<name>-<theme>[-fr].png`.
   * (Optional only so that fakes of the kit need not have it: the runner's kit always does.)
   */
  shootSideBySide?(left: Page, right: Page, name: string): Promise<void>;
}

export interface Scene {
  /** For the log. */
  title: string;
  /** The locales this scene is shot in (a browser per locale). Default: English only. */
  locales?: ShotLocale[];
  /**
   * The service answers every call of the scene (the browser's set-up included) this much later, as
   * a real one over the internet does: call durations then read the same on every run.
   */
  latencyMs?: number;
  run(kit: SceneKit): Promise<void>;
}
