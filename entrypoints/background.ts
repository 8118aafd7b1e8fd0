// The background worker: wiring only. Every rule lives in lib/background (service, router, outbox ...).
// First: zod must not probe for eval, which the extension's CSP forbids here as in the pages.
import '../lib/zod-config';
import { browser, type Browser } from 'wxt/browser';
import { countBadge } from '../lib/background/badge';
import { isCommandName, panelCommand, runCommand } from '../lib/background/commands';
import { inboxNotifications, inboxNotificationTab, NOTIFICATION_ICON, type Translate } from '../lib/background/inbox-notifications';
import { bufferPort } from '../lib/background/port-buffer';
import { createPortRegistry } from '../lib/background/port-registry';
import { createProfileScriptSync, profileScriptFiles, type ScriptingApi } from '../lib/background/profile-scripts';
import { classifySender, createRouter, type SenderInfo } from '../lib/background/router';
import { createBackgroundService, type BackgroundService } from '../lib/background/service';
import { browserResourceTiming } from '../lib/api/transport';
import type { WatchNews } from '../lib/inbox/inbox-watch';
import type { ChipPush, InboxCountPush, ListBadgePush, PagePeopleWanted } from '../lib/messages';
import { PRONET_DEMO_HOST, PRONET_HOST } from '../lib/pronet/canonical-url';
import { openSidePanel, panelApis } from '../lib/side-panel';
import { DB_NAME, DB_VERSION, openCompanionDb } from '../lib/store/db';
import { createMemoryDb } from '../lib/store/memory-db';
import { openStorage } from '../lib/store/open-storage';
import type { OutboxItemView } from '../lib/views';
import { createSettingsStore } from '../lib/store/settings';

const OUTBOX_ALARM = 'outbox';
/** The toolbar count of conversations waiting for a reply: one `idle` call at most every five minutes. */
const INBOX_COUNT_ALARM = 'inbox-count';
const INBOX_COUNT_PERIOD_MINUTES = 5;
/** Chrome fires alarms no sooner than 30 s; shorter waits are covered by the outbox's own timer. */
const MIN_ALARM_DELAY_MS = 30_000;

/** The part of `chrome.notifications` used (present once the optional permission is granted). */
interface NotificationsApi {
  create(id: string, options: { type: 'basic'; iconUrl: string; title: string; message: string }): Promise<string>;
  clear(id: string): Promise<boolean>;
  onClicked: { addListener(listener: (id: string) => void): void };
}

export default defineBackground(() => {
  const settings = createSettingsStore();
  const ports = createPortRegistry();
  const openPanel = (tabId: number, focusNote = false) => openSidePanel(panelApis(globalThis), { tabId }, { focusNote }).then(() => undefined);
  const self = { extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('/') };

  // A tab without a status of its own shows the global badge, the waiting count: its tooltip says that
  // count too (a tab's own title would otherwise stay on what it said for the last profile).
  let countTitle = countBadge(null).title;
  const countTabs = new Set<number>();

  const ready: Promise<BackgroundService> = (async () => {
    // A database that cannot be opened leaves the worker on an in-memory stand-in: reading still works.
    const storage = await openStorage({
      open: (hooks) => openCompanionDb(DB_NAME, DB_VERSION, hooks),
      memory: () => createMemoryDb(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      onFailure: (problem, error) => console.warn(`IndexedDB not usable (${problem}): running without it`, error),
    });
    const service = createBackgroundService({
      db: storage.db,
      storageProblem: storage.problem,
      settings,
      session: browser.storage.session,
      push: {
        panel: ports.panel,
        outbox: ports.outbox,
        live: ports.live,
        thisPage: ports.thisPage,
        peopleWanted(tabId, wanted) {
          browser.tabs.sendMessage(tabId, { type: 'page-people-wanted', wanted } satisfies PagePeopleWanted).catch(() => undefined);
        },
        chip(tabId, state) {
          // A tab without the content script (not loaded yet, or gone) just misses this one.
          browser.tabs.sendMessage(tabId, { type: 'chip-state', state } satisfies ChipPush).catch(() => undefined);
        },
        list(tabId, badges) {
          browser.tabs.sendMessage(tabId, { type: 'list-badges', badges } satisfies ListBadgePush).catch(() => undefined);
        },
        badge(tabId, badge) {
          const own = badge.text !== '';
          if (own) countTabs.delete(tabId);
          else countTabs.add(tabId);
          Promise.all([
            // No status of its own (not a profile): the tab shows the global badge, the inbox count.
            browser.action.setBadgeText({ tabId, text: own ? badge.text : (null as unknown as string) }),
            browser.action.setBadgeBackgroundColor({ tabId, color: badge.color }),
            browser.action.setTitle({ tabId, title: own ? badge.title : countTitle }),
          ]).catch(() => undefined);
        },
      },
      resourceTiming: browserResourceTiming(),
      hasHostPermission: (pattern) => browser.permissions.contains({ origins: [pattern] }),
      getTabUrl: async (tabId) => (await browser.tabs.get(tabId)).url,
      openPanel: (tabId) => openPanel(tabId),
      navigateTab: async (tabId, url) => void (await browser.tabs.update(tabId, { url })),
      onInboxCount(count) {
        const global = countBadge(count);
        countTitle = global.title;
        Promise.all([
          browser.action.setBadgeText({ text: global.text }),
          browser.action.setBadgeBackgroundColor({ color: '#1d4ed8' }),
          browser.action.setTitle({ title: global.title }),
          ...[...countTabs].map((tabId) => browser.action.setTitle({ tabId, title: global.title })),
        ]).catch(() => undefined);
        // An open popup follows (none open: nobody receives it).
        browser.runtime.sendMessage({ type: 'inbox-count-changed', count } satisfies InboxCountPush).catch(() => undefined);
      },
      onInboxNews(news, count) {
        void showInboxNews(news, count);
      },
      onNextWake(at) {
        if (at === null) void browser.alarms.clear(OUTBOX_ALARM);
        else void browser.alarms.create(OUTBOX_ALARM, { when: Math.max(at, Date.now() + MIN_ALARM_DELAY_MS) });
      },
    });
    await service.start();
    void browser.alarms.get(INBOX_COUNT_ALARM).then((alarm) => {
      if (!alarm) void browser.alarms.create(INBOX_COUNT_ALARM, { delayInMinutes: 0.5, periodInMinutes: INBOX_COUNT_PERIOD_MINUTES });
    });
    return service;
  })();
  const withService = (use: (service: BackgroundService) => unknown) => void ready.then(use);

  // Inbox notifications (optional permission, so the API may be missing): their id carries the tab
  // the click opens the queue beside, so that the click opens the panel at once (a gesture does not
  // survive an await).
  const notifications = () => (browser as unknown as { notifications?: NotificationsApi }).notifications;
  async function showInboxNews(news: WatchNews, count: number) {
    const api = notifications();
    if (!api) return;
    const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true }).catch(() => []);
    const translate: Translate = (key, subs) => browser.i18n.getMessage(key, subs);
    for (const note of inboxNotifications(news, count, tab?.id ?? null, translate)) {
      await api.create(note.id, { type: 'basic', iconUrl: NOTIFICATION_ICON, title: note.title, message: note.message }).catch(() => undefined);
    }
  }
  let hearingClicks = false;
  // At start, and once the permission is granted (the API appears then).
  const hearNotificationClicks = () => {
    const api = notifications();
    if (!api || hearingClicks) return;
    hearingClicks = true;
    api.onClicked.addListener((id) => {
      const tabId = inboxNotificationTab(id);
      if (tabId === undefined) return;
      if (tabId !== null) void openSidePanel(panelApis(globalThis), { tabId }, { view: 'inbox' }).catch(() => undefined);
      void api.clear(id);
    });
  };
  hearNotificationClicks();
  browser.permissions.onAdded.addListener(hearNotificationClicks);

  // Listeners are registered synchronously so that an event wakes a stopped worker.
  // A fresh install opens the options page: the key comes first (issue 34: an install opened nothing).
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void browser.runtime.openOptionsPage().catch(() => undefined);
  });
  browser.runtime.onMessage.addListener((message: unknown, sender: SenderInfo) =>
    ready.then((service) =>
      createRouter({
        ...self,
        profileHosts: () => service.profileHosts(),
        handle: (request, ctx) => service.handle(request, ctx),
        frameUrl: async (tabId, frameId) => (await browser.webNavigation.getFrame({ tabId, frameId }))?.url,
      })(message, sender),
    ),
  );

  browser.runtime.onConnect.addListener((port) => {
    // Listened to at once: a panel's port may be what woke the worker (see port-buffer.ts).
    const buffered = bufferPort(port);
    withService((service) => {
      if (classifySender(port.sender ?? {}, { ...self, profileHosts: () => service.profileHosts() }) !== 'extension-page') {
        port.disconnect();
        return;
      }
      ports.accept(port, buffered, {
        subscribed: (tabId) => void service.panelSubscribed(tabId),
        panelsClosed: () => service.panelsClosed(),
        thisPageSubscribed: (tabId) => service.thisPageSubscribed(tabId),
        thisPageClosed: (tabId) => service.thisPageClosed(tabId),
        outboxItems: async () => {
          const reply = await service.handle({ type: 'outbox-list' });
          return reply.ok ? (reply.value as OutboxItemView[]) : null;
        },
      });
    });
  });

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === OUTBOX_ALARM) withService((service) => service.wake());
    if (alarm.name === INBOX_COUNT_ALARM) withService((service) => service.refreshInboxCount());
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    countTabs.delete(tabId);
    withService((service) => service.tabClosed(tabId));
  });
  // Revalidates a stale profile when the user comes back to its tab.
  browser.tabs.onActivated.addListener(({ tabId }) => withService((service) => service.panelState(tabId)));

  // In-page navigation on profile hosts, faster than the content script's own detection.
  const onNavigation = (details: { tabId: number; frameId: number; url: string }) => {
    if (details.frameId === 0) withService((service) => service.tabNavigated(details.tabId, details.url));
  };
  // pushState fires constantly on busy web apps: only the built-in profile hosts wake the worker for it
  // (user-added hosts rely on the content script's own, equally immediate, Navigation API listener).
  browser.webNavigation.onHistoryStateUpdated.addListener(onNavigation, { url: [{ hostSuffix: PRONET_HOST }, { hostEquals: PRONET_DEMO_HOST }] });
  // Unfiltered: a full load elsewhere is how a panel learns its tab has left the profile.
  browser.webNavigation.onCommitted.addListener(onNavigation);

  // Keyboard commands. Opening the panel happens in the listener itself: a command is a user
  // gesture, and the gesture does not survive an await.
  browser.commands.onCommand.addListener((command: string, tab: Browser.tabs.Tab | undefined) => {
    if (!isCommandName(command)) return;
    const opens = panelCommand(command);
    if (opens) {
      if (tab?.id !== undefined) openPanel(tab.id, opens.focusNote).catch((error: unknown) => console.warn('The side panel could not be opened', error));
      return;
    }
    void (async () => {
      const tabId = tab?.id ?? (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id;
      if (tabId !== undefined) await runCommand(command, tabId, await ready, new Date());
    })();
  });

  // The content script on the profile hosts the user added (and granted), kept in line with the
  // settings and the permissions. Without the scripting API (Firefox before 102) only the built-in
  // hosts get it.
  const scripting = (browser as unknown as { scripting?: ScriptingApi }).scripting;
  if (scripting) {
    const syncProfileScript = createProfileScriptSync({
      scripting,
      js: profileScriptFiles(browser.runtime.getManifest()),
      hosts: async () => (await settings.get()).profileHosts,
      hasPermission: (pattern) => browser.permissions.contains({ origins: [pattern] }),
    });
    const resync = () => void syncProfileScript().catch((error: unknown) => console.warn('Profile hosts: content script not registered', error));
    settings.watch(resync);
    browser.permissions.onAdded.addListener(resync);
    browser.permissions.onRemoved.addListener(resync);
    resync();
  }
});
