/**
 * Profile pages of the pronet hosts: recognise the profile, tell the background at once (also after
 * in-page navigation), and show the small status chip that opens the panel. It never sees the key:
 * it sends a URL (and the name the page shows) and receives a ChipState (a kind, a name, a status,
 * the profile it describes and its revision). The behaviour is `lib/content/profile-page.ts`; this
 * file builds the chip and hands it the browser.
 *
 * On every page of those hosts it also marks each listed profile (search results, feed, company
 * people) with a badge (`lib/content/list-badges.ts`, `components/list-badge/`): it sends canonical
 * profile URLs only and receives what the badges show.
 *
 * The manifest runs it on the built-in hosts; the background registers it for the hosts the user
 * added (and granted). Which pages are profiles follows the same configured hosts, read from the
 * settings in `storage.local` (they hold no secret).
 */
import { CHIP_FOLDED_KEY } from '../components/chip/chip';
import { createChipUi } from '../components/chip/chip-ui';
import { createListBadge, listBadgeHostName } from '../components/list-badge/list-badge';
import { withOwnTimers } from '../lib/content/content-timers';
import { startListBadges } from '../lib/content/list-badges';
import { startPagePeople } from '../lib/content/page-people';
import { startProfilePage } from '../lib/content/profile-page';

export default defineContentScript({
  matches: ['*://pronet.example/*', '*://*.pronet.example/*', '*://pronet.localhost/*'],
  // As soon as the document is parsed (see PROFILE_SCRIPT_RUN_AT): the status is asked for a task earlier.
  runAt: 'document_end',
  // WXT would also announce the script to the page by postMessage, naming the extension's id: any
  // page script could read it, and then forge the event that stops this script. The DOM event suffices.
  noScriptStartedPostMessage: true,
  main: (wxtContext) => {
    // WXT's own timers leave a listener behind each (content-timers.ts): a long page sets thousands.
    const ctx = withOwnTimers(wxtContext, window);
    // Listed profiles (search results, feed, company people, "also viewed"): a badge beside each.
    const badgeHost = listBadgeHostName();
    void startListBadges({
      window,
      ctx,
      sendMessage: (message) => browser.runtime.sendMessage(message),
      storage: browser.storage.local,
      onStorageChanged: browser.storage.onChanged,
      onMessage: browser.runtime.onMessage,
      createBadge: (onOpen) => createListBadge(document, badgeHost, onOpen),
    });
    // "This page" in the side panel: the list's people, in page order, read only while that view shows.
    void startPagePeople({ window, ctx, sendMessage: (message) => browser.runtime.sendMessage(message), storage: browser.storage.local, onMessage: browser.runtime.onMessage });
    return startProfilePage({
      window,
      ctx,
      sendMessage: (message) => browser.runtime.sendMessage(message),
      storage: browser.storage.local,
      onStorageChanged: browser.storage.onChanged,
      onMessage: browser.runtime.onMessage,
      mountChip: async (onOpen) => {
        // Folded or not: the extension's storage (no secret there), shared by every profile page.
        const ui = createChipUi(wxtContext, onOpen, {
          load: async () => (await browser.storage.local.get(CHIP_FOLDED_KEY))[CHIP_FOLDED_KEY] === true,
          save: (folded) => void browser.storage.local.set({ [CHIP_FOLDED_KEY]: folded }).catch(() => undefined),
        });
        ui.mount();
        return ui.mounted;
      },
    });
  },
});
