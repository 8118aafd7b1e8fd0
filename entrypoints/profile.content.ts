/**
 * Profile pages of the pronet hosts: recognise the profile, tell the background at once (also after
 * in-page navigation), and show the small status chip that opens the panel. It never sees the key:
 * it sends a URL (and the name the page shows) and receives a ChipState (a kind, a name, a status,
 * the profile it describes and its revision).
 *
 * The manifest runs it on the built-in hosts; the background registers it for the hosts the user
 * added (and granted). Which pages are profiles follows the same configured hosts, read from the
 * settings in `storage.local` (they hold no secret).
 */
import { CHIP_CSS, CHIP_SHADOW_MODE, chipHostName, mountChip } from '../components/chip/chip';
import { createChipTracker, parseChipState } from '../lib/chip-state';
import type { RequestOf } from '../lib/messages';
import type { ChipState } from '../lib/views';
import { canonicalProfileUrl } from '../lib/pronet/canonical-url';
import { profileHostsOf, SETTINGS_STORAGE_KEY } from '../lib/store/profile-hosts';
import { markStatus, STATUS_MARK } from '../lib/status-marks';

/** Navigation API, where the browser has it (Chromium 102+): fires on every same-document navigation. */
type NavigationTarget = EventTarget;

function isContextInvalidated(error: unknown): boolean {
  return error instanceof Error && /context invalidated|receiving end does not exist|message port closed/i.test(error.message);
}

/** The name the profile page shows in its heading, if any. */
function headingName(): string | undefined {
  const text = document.querySelector('h1.profile-name, main h1')?.textContent?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 200) : undefined;
}

export default defineContentScript({
  matches: ['*://pronet.example/*', '*://*.pronet.example/*', '*://pronet.localhost/*'],
  runAt: 'document_idle',
  // WXT would also announce the script to the page by postMessage, naming the extension's id: any
  // page script could read it, and then forge the event that stops this script. The DOM event suffices.
  noScriptStartedPostMessage: true,
  async main(ctx) {
    /** The profile on screen and the newest state the background sent for it. */
    const tracker = createChipTracker<ChipState>();
    let hosts: readonly string[] = [];
    let reportedHref: string | null = null;
    /** The heading when the URL changed: an in-page navigation changes the URL before the content. */
    let headingAtNavigation: string | undefined;
    let sentName: string | undefined;

    const stop = () => {
      if (!ctx.isInvalid) ctx.abort('extension context invalidated');
    };

    try {
      hosts = profileHostsOf((await browser.storage.local.get(SETTINGS_STORAGE_KEY))[SETTINGS_STORAGE_KEY]);
    } catch (error) {
      if (isContextInvalidated(error)) return stop();
      // Unreadable settings: the built-in hosts still work.
    }
    if (ctx.isInvalid) return;

    const ui = await createShadowRootUi(ctx, {
      name: chipHostName(),
      mode: CHIP_SHADOW_MODE,
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
    // Until the background answers for the profile on screen, the chip says it is looking it up.
    const render = () => chip?.update(tracker.profile === null ? null : (tracker.shown ?? { kind: 'loading' }));
    /** The profile whose first settled state was marked (time to status, see lib/status-marks). */
    let statusMarked: string | null = null;
    const offer = (raw: unknown) => {
      const state = parseChipState(raw);
      if (!state || !tracker.offer(state)) return;
      render();
      if (state.kind !== 'loading' && tracker.profile !== null && statusMarked !== tracker.profile) {
        statusMarked = tracker.profile;
        markStatus(STATUS_MARK.chip, tracker.profile);
      }
    };

    /**
     * The page's name for the current profile, once the page shows it: after an in-page navigation
     * the old heading lingers until the new content arrives, and a canonical link, when the page has
     * one, must point at the same profile.
     */
    const currentName = (): string | undefined => {
      const name = headingName();
      const profile = tracker.profile;
      if (!name || !profile) return undefined;
      const canonicalLink = document.querySelector<HTMLLinkElement>('link[rel=canonical]')?.href;
      if (canonicalLink) return canonicalProfileUrl(canonicalLink, [...hosts, location.hostname]) === profile ? name : undefined;
      return name !== headingAtNavigation ? name : undefined;
    };

    /** Tells the background what the tab shows; its answer is shown if it is still the newest for the profile. */
    const send = async (name: string | undefined) => {
      const request: RequestOf<'profile-viewed'> = { type: 'profile-viewed', url: location.href, ...(name ? { name } : {}) };
      try {
        const reply = (await browser.runtime.sendMessage(request)) as { ok?: unknown; value?: unknown } | undefined;
        if (!ctx.isInvalid && reply?.ok === true) offer(reply.value);
      } catch (error) {
        if (isContextInvalidated(error) || ctx.isInvalid) stop();
      }
    };

    const report = () => {
      if (ctx.isInvalid) return;
      const href = location.href;
      if (href === reportedHref) return;
      const initial = reportedHref === null;
      reportedHref = href;
      if (tracker.navigate(canonicalProfileUrl(href, hosts))) {
        statusMarked = null;
        if (tracker.profile !== null) markStatus(STATUS_MARK.urlChange, tracker.profile);
        headingAtNavigation = initial ? undefined : headingName();
        sentName = undefined;
        render();
      }
      sentName = currentName();
      void send(sentName);
    };

    /** Once the new profile's heading shows, the background learns the name (for Add to audience). */
    let nameCheck: number | undefined;
    const observer = new MutationObserver(() => {
      if (nameCheck !== undefined || !tracker.profile) return;
      nameCheck = ctx.setTimeout(() => {
        nameCheck = undefined;
        const name = currentName();
        if (name && name !== sentName) {
          sentName = name;
          void send(name);
        }
      }, 150);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    ctx.onInvalidated(() => observer.disconnect());

    // The background pushes a new chip state when the lead's state changes (resolution, an action).
    const onMessage = (raw: unknown) => {
      const message = raw as { type?: unknown; state?: unknown } | null;
      if (message?.type === 'chip-state') offer(message.state);
    };
    browser.runtime.onMessage.addListener(onMessage);
    ctx.onInvalidated(() => browser.runtime.onMessage.removeListener(onMessage));

    // The user added or removed a profile host: this page may have become a profile, or stopped being one.
    const onStorage = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area !== 'local' || !(SETTINGS_STORAGE_KEY in changes)) return;
      hosts = profileHostsOf(changes[SETTINGS_STORAGE_KEY]?.newValue);
      reportedHref = null;
      report();
    };
    browser.storage.onChanged.addListener(onStorage);
    ctx.onInvalidated(() => browser.storage.onChanged.removeListener(onStorage));

    // In-page navigation, at once: the Navigation API where there is one; popstate and WXT's
    // location watcher (it polls once a second) as the fallback.
    const navigation = (window as unknown as { navigation?: NavigationTarget }).navigation;
    if (navigation) {
      const onEntryChange = () => report();
      navigation.addEventListener('currententrychange', onEntryChange);
      ctx.onInvalidated(() => navigation.removeEventListener('currententrychange', onEntryChange));
    }
    ctx.addEventListener(window, 'popstate', report);
    ctx.addEventListener(window, 'wxt:locationchange', report);
    ctx.addEventListener(window, 'pageshow', (event) => {
      // Back from the back/forward cache: the lead may have changed meanwhile.
      if ((event as PageTransitionEvent).persisted) {
        reportedHref = null;
        report();
      }
    });

    report();
  },
});
