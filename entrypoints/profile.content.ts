/**
 * Profile pages of the pronet hosts: recognise the profile, tell the background at once (also after
 * in-page navigation), and show the small status chip that opens the panel. It never sees the key:
 * it sends a URL and receives a ChipState (a kind, a name and a status).
 */
import { CHIP_CSS, mountChip, parseChipState, type ChipHandle, type IncomingChip } from '../components/chip/chip';
import type { RequestOf } from '../lib/messages';
import { canonicalProfileUrl } from '../lib/pronet/canonical-url';

/** The key lib/store/settings.ts keeps the (non-secret) settings under in storage.local. */
const SETTINGS_KEY = 'settings';

/** Navigation API, where the browser has it (Chromium 102+): fires on every same-document navigation. */
interface NavigationLike extends EventTarget {
  currentEntry?: { url?: string | null } | null;
}

function isContextInvalidated(error: unknown): boolean {
  return error instanceof Error && /context invalidated|receiving end does not exist|message port closed/i.test(error.message);
}

export default defineContentScript({
  matches: ['*://pronet.example/*', '*://*.pronet.example/*', '*://pronet.localhost/*'],
  runAt: 'document_idle',
  async main(ctx) {
    let seq = 0;
    /** The last report whose answer came back; below `seq` while one is on its way. */
    let answered = 0;
    let reportedHref: string | null = null;
    /** The profile the page shows now (canonical), null off a profile. */
    let profile: string | null = null;
    let chipEnabled = true;
    let shown: IncomingChip | null = null;

    const stop = () => {
      if (!ctx.isInvalid) ctx.abort('extension context invalidated');
    };

    const ui = await createShadowRootUi<ChipHandle>(ctx, {
      name: 'outreach-companion-chip',
      position: 'inline',
      anchor: 'body',
      append: 'last',
      css: CHIP_CSS,
      isolateEvents: true,
      onMount: (container) =>
        mountChip(container, () => {
          // Sent from the click itself: the background may open the side panel only on a user gesture.
          const request: RequestOf<'open-panel'> = { type: 'open-panel' };
          browser.runtime.sendMessage(request).catch((error: unknown) => {
            if (isContextInvalidated(error)) stop();
          });
        }),
    });
    ui.mount();
    const chip = ui.mounted;
    const render = () => chip?.update(chipEnabled && profile ? shown : null);

    /** Reports the page to the background; answers for a profile the user has already left are dropped. */
    const report = async () => {
      if (ctx.isInvalid) return;
      const href = location.href;
      if (href === reportedHref) return;
      reportedHref = href;
      const mine = ++seq;
      const canonical = canonicalProfileUrl(href, [location.hostname]);
      if (canonical !== profile) {
        profile = canonical;
        shown = canonical ? { kind: 'loading' } : null;
        render();
      }
      const request: RequestOf<'profile-viewed'> = { type: 'profile-viewed', url: href };
      try {
        const reply = (await browser.runtime.sendMessage(request)) as { ok?: unknown; value?: unknown } | undefined;
        if (mine !== seq || ctx.isInvalid) return;
        answered = mine;
        if (reply?.ok !== true) return;
        const state = parseChipState(reply.value);
        if (!state || (state.profileUrl !== undefined && state.profileUrl !== profile)) return;
        shown = state;
        render();
      } catch (error) {
        if (isContextInvalidated(error) || ctx.isInvalid) stop();
      }
    };

    // The background pushes a new chip state when the lead's state changes (resolution, an action).
    const onMessage = (raw: unknown) => {
      const message = raw as { type?: unknown; state?: unknown } | null;
      if (!message || message.type !== 'chip-state') return;
      const state = parseChipState(message.state);
      if (!state || !profile) return;
      // A push for another profile is stale; one that names none is trusted only when no report is waiting.
      if (state.profileUrl !== undefined ? state.profileUrl !== profile : answered !== seq) return;
      shown = state;
      render();
    };
    browser.runtime.onMessage.addListener(onMessage);
    ctx.onInvalidated(() => browser.runtime.onMessage.removeListener(onMessage));

    // The chip can be turned off on the options page; the change applies to open pages at once.
    const applySettings = (value: unknown) => {
      chipEnabled = (value as { chipEnabled?: unknown } | undefined)?.chipEnabled !== false;
      render();
    };
    try {
      applySettings((await browser.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY]);
    } catch (error) {
      if (isContextInvalidated(error)) return stop();
    }
    const onStorage = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area === 'local' && SETTINGS_KEY in changes) applySettings(changes[SETTINGS_KEY]?.newValue);
    };
    browser.storage.onChanged.addListener(onStorage);
    ctx.onInvalidated(() => browser.storage.onChanged.removeListener(onStorage));

    // In-page navigation, at once: the Navigation API where there is one; popstate and WXT's
    // location watcher (it polls once a second) as the fallback.
    const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
    if (navigation) {
      ctx.addEventListener(navigation as unknown as Window, 'currententrychange' as keyof WindowEventMap, () => void report());
      ctx.addEventListener(navigation as unknown as Window, 'navigatesuccess' as keyof WindowEventMap, () => void report());
    }
    ctx.addEventListener(window, 'popstate', () => void report());
    ctx.addEventListener(window, 'wxt:locationchange', () => void report());
    ctx.addEventListener(window, 'pageshow', () => {
      reportedHref = null; // back from the bfcache: the state may have changed meanwhile
      void report();
    });

    await report();
  },
});
