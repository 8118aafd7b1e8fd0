/**
 * Profile pages of the pronet hosts: recognise the profile, tell the background at once (also after
 * in-page navigation), and show the small status chip that opens the panel. It never sees the key:
 * it sends a URL (and the name the page shows) and receives a ChipState (a kind, a name, a status).
 */
import { CHIP_CSS, mountChip, parseChipState, type IncomingChip } from '../components/chip/chip';
import type { RequestOf } from '../lib/messages';
import { canonicalProfileUrl } from '../lib/pronet/canonical-url';

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
  async main(ctx) {
    let seq = 0;
    /** The last report whose answer came back; below `seq` while one is on its way. */
    let answered = 0;
    let reportedHref: string | null = null;
    /** The profile the page shows now (canonical), null off a profile. */
    let profile: string | null = null;
    /** The heading when the URL changed: an in-page navigation changes the URL before the content. */
    let headingAtNavigation: string | undefined;
    let sentName: string | undefined;
    let shown: IncomingChip | null = null;

    const stop = () => {
      if (!ctx.isInvalid) ctx.abort('extension context invalidated');
    };

    const ui = await createShadowRootUi(ctx, {
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
    const render = () => chip?.update(profile ? shown : null);

    /**
     * The page's name for the current profile, once the page shows it: after an in-page navigation
     * the old heading lingers until the new content arrives, and a canonical link, when the page has
     * one, must point at the same profile.
     */
    const currentName = (): string | undefined => {
      const name = headingName();
      if (!name || !profile) return undefined;
      const canonicalLink = document.querySelector<HTMLLinkElement>('link[rel=canonical]')?.href;
      if (canonicalLink) return canonicalProfileUrl(canonicalLink, [location.hostname]) === profile ? name : undefined;
      return name !== headingAtNavigation ? name : undefined;
    };

    /** Tells the background what the tab shows; answers for a profile the user has left are dropped. */
    const send = async (name: string | undefined) => {
      const mine = ++seq;
      const request: RequestOf<'profile-viewed'> = { type: 'profile-viewed', url: location.href, ...(name ? { name } : {}) };
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

    const report = () => {
      if (ctx.isInvalid) return;
      const href = location.href;
      if (href === reportedHref) return;
      const initial = reportedHref === null;
      reportedHref = href;
      const canonical = canonicalProfileUrl(href, [location.hostname]);
      if (canonical !== profile) {
        profile = canonical;
        headingAtNavigation = initial ? undefined : headingName();
        sentName = undefined;
        shown = canonical ? { kind: 'loading' } : null;
        render();
      }
      sentName = currentName();
      void send(sentName);
    };

    /** Once the new profile's heading shows, the background learns the name (for Add to audience). */
    let nameCheck: number | undefined;
    const observer = new MutationObserver(() => {
      if (nameCheck !== undefined || !profile) return;
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
