/**
 * The profile content script's adapter: reads the page, listens to the browser and the page's
 * navigation, and carries out what `profile-page-core.ts` decides. Everything it touches comes in
 * as a parameter (the window, the messaging and storage APIs, WXT's context, the chip), so a test
 * drives it with happy-dom and plain fakes. The entry file builds the chip and calls `startProfilePage`.
 */
import type { RequestOf } from '../messages';
import { markStatus } from '../status-marks';
import { SETTINGS_STORAGE_KEY } from '../store/profile-hosts';
import type { ChipView } from '../views';
import { readPage } from './page-reader';
import { createProfilePageCore, type PageSnapshot, type ProfilePageEffect, type StorageChanges } from './profile-page-core';

/** The chip as the content script drives it (`components/chip/chip.ts`'s handle). */
export interface ChipSurface {
  update(view: ChipView | null): void;
}

/** The parts of WXT's `ContentScriptContext` used here: all listeners end with the context. */
export interface ContentContext {
  readonly isInvalid: boolean;
  abort(reason?: unknown): void;
  onInvalidated(cb: () => void): unknown;
  setTimeout(handler: () => void, timeout?: number): number;
  // WXT starts its location watcher (the 'wxt:locationchange' event) only when it is listened to here.
  addEventListener(target: Window, type: 'popstate' | 'wxt:locationchange' | 'pageshow', handler: (event: Event) => void): void;
}

export interface Listeners<F> {
  addListener(cb: F): void;
  removeListener(cb: F): void;
}

export interface ProfilePageDeps {
  /** The page's window: its location, document, Navigation API and timeline (for the marks). */
  window: Window & typeof globalThis;
  ctx: ContentContext;
  /** `runtime.sendMessage`: called synchronously from the chip's click, which must keep its user gesture. */
  sendMessage(message: unknown): Promise<unknown>;
  /** `storage.local`, where the settings (profile hosts; no secret) are kept. */
  storage: { get(key: string): Promise<Record<string, unknown>> };
  onStorageChanged: Listeners<(changes: StorageChanges, area: string) => void>;
  onMessage: Listeners<(message: unknown) => void>;
  /** Builds the chip (in the entry file: a closed shadow root); `onOpen` runs on its click. */
  mountChip(onOpen: () => void): Promise<ChipSurface | undefined>;
}

/** The site swaps its content in bursts of mutations: the name is checked once they settle. */
export const NAME_CHECK_DELAY_MS = 150;

/** The extension was reloaded or removed under the page: this script can no longer reach it. */
export function isContextInvalidated(error: unknown): boolean {
  return error instanceof Error && /context invalidated|receiving end does not exist|message port closed/i.test(error.message);
}

/** Runs the content script on the page until its context is invalidated. */
export async function startProfilePage(deps: ProfilePageDeps): Promise<void> {
  const { window, ctx } = deps;
  const document = window.document;
  const stop = () => {
    if (!ctx.isInvalid) ctx.abort('extension context invalidated');
  };

  let settings: unknown;
  try {
    settings = (await deps.storage.get(SETTINGS_STORAGE_KEY))[SETTINGS_STORAGE_KEY];
  } catch (error) {
    if (isContextInvalidated(error)) return stop();
    // Unreadable settings: the built-in hosts still work.
  }
  if (ctx.isInvalid) return;
  const core = createProfilePageCore(settings);

  const chip = await deps.mountChip(() => {
    // Sent from the click itself: the background may open the side panel only on a user gesture.
    const request: RequestOf<'open-panel'> = { type: 'open-panel' };
    deps.sendMessage(request).catch((error: unknown) => {
      if (isContextInvalidated(error)) stop();
    });
  });

  /** What the page shows, read by meaning (`page-reader.ts`), on a profile or lead page only. */
  const page = (): PageSnapshot => {
    const href = window.location.href;
    const kind = core.pageKind(href);
    if (kind === null) return { href };
    const reading = readPage(document, { links: kind === 'lead' });
    return {
      href,
      heading: reading.name,
      canonicalLink: document.querySelector<HTMLLinkElement>('link[rel=canonical]')?.href,
      company: reading.company,
      jobTitle: reading.jobTitle,
      profileLinks: reading.profileLinks,
      ...(reading.notFound ? { notFound: true } : {}),
    };
  };

  /** Tells the background what the tab shows; the core decides whether its answer is shown. */
  const send = async (request: RequestOf<'profile-viewed'>) => {
    try {
      const reply = await deps.sendMessage(request);
      if (!ctx.isInvalid) apply(core.reply(reply));
    } catch (error) {
      if (isContextInvalidated(error) || ctx.isInvalid) stop();
    }
  };
  const apply = (effects: ProfilePageEffect[]) => {
    for (const effect of effects) {
      if (effect.type === 'render') chip?.update(effect.view);
      else if (effect.type === 'mark') markStatus(effect.name, effect.profileUrl, window.performance);
      else void send(effect.request);
    }
  };
  const report = () => {
    if (!ctx.isInvalid) apply(core.visit(page()));
  };

  let nameCheck: number | undefined;
  const observer = new window.MutationObserver(() => {
    if (nameCheck !== undefined || !core.profile) return;
    nameCheck = ctx.setTimeout(() => {
      nameCheck = undefined;
      apply(core.contentChanged(page()));
    }, NAME_CHECK_DELAY_MS);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  ctx.onInvalidated(() => observer.disconnect());

  const onMessage = (raw: unknown) => apply(core.push(raw));
  deps.onMessage.addListener(onMessage);
  ctx.onInvalidated(() => deps.onMessage.removeListener(onMessage));

  const onStorage = (changes: StorageChanges, area: string) => {
    if (!ctx.isInvalid) apply(core.storageChanged(changes, area, page()));
  };
  deps.onStorageChanged.addListener(onStorage);
  ctx.onInvalidated(() => deps.onStorageChanged.removeListener(onStorage));

  // In-page navigation, at once: the Navigation API where there is one (Chromium 102+); popstate
  // and WXT's location watcher (it polls once a second) as the fallback.
  const navigation = (window as unknown as { navigation?: EventTarget }).navigation;
  if (navigation) {
    navigation.addEventListener('currententrychange', report);
    ctx.onInvalidated(() => navigation.removeEventListener('currententrychange', report));
  }
  ctx.addEventListener(window, 'popstate', report);
  ctx.addEventListener(window, 'wxt:locationchange', report);
  ctx.addEventListener(window, 'pageshow', (event) => {
    // Back from the back/forward cache: the lead may have changed meanwhile.
    if ((event as PageTransitionEvent).persisted && !ctx.isInvalid) apply(core.revisit(page()));
  });

  report();
}
