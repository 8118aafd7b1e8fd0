// The background worker: wiring only. Every rule lives in lib/background (service, router, outbox ...).
// First: zod must not probe for eval, which the extension's CSP forbids here as in the pages.
import '@/components/no-eval';
import { browser, type Browser } from 'wxt/browser';
import { OUTBOX_PORT, PANEL_PORT, PanelSubscribe, type ChipPush, type OutboxPush, type PanelPush } from '@/lib/messages';
import { isCommandName, panelCommand, planCommand } from '@/lib/background/commands';
import { createProfileScriptSync, type ScriptingApi } from '@/lib/background/profile-scripts';
import { bufferPort } from '@/lib/background/port-buffer';
import { createRouter, classifySender, type SenderInfo } from '@/lib/background/router';
import { createBackgroundService, type BackgroundService } from '@/lib/background/service';
import { PRONET_DEMO_HOST, PRONET_HOST } from '@/lib/pronet/canonical-url';
import { openCompanionDb } from '@/lib/store/db';
import { createSettingsStore } from '@/lib/store/settings';

const OUTBOX_ALARM = 'outbox';
/** Chrome fires alarms no sooner than 30 s; shorter waits are covered by the outbox's own timer. */
const MIN_ALARM_DELAY_MS = 30_000;

const SIDE_PANEL_PATH = 'sidepanel.html';

interface ChromeSidePanel {
  open(options: { tabId: number }): Promise<void>;
  setOptions(options: { tabId: number; path: string; enabled?: boolean }): Promise<void>;
}

/**
 * Opens the side panel (Chrome) or the sidebar (Firefox). Must run within a user gesture: nothing is
 * awaited before `open`. `focusNote`: the panel opens with the caret in the note (`?focus=note`).
 */
async function openSidePanel(tabId: number, focusNote = false): Promise<void> {
  const chromeApi = (globalThis as { chrome?: { sidePanel?: ChromeSidePanel } }).chrome;
  if (chromeApi?.sidePanel) {
    // The calls run in order: the path is set before the panel opens, with no await in between. Only
    // focus-note sets a path of its own for the tab; the default panel follows the active tab.
    const path = focusNote
      ? chromeApi.sidePanel.setOptions({ tabId, path: `${SIDE_PANEL_PATH}?focus=note`, enabled: true }).catch(() => undefined)
      : undefined;
    await Promise.all([path, chromeApi.sidePanel.open({ tabId })]);
    return;
  }
  const sidebar = (browser as unknown as { sidebarAction?: { open(): Promise<void> } }).sidebarAction;
  // An open sidebar focuses its note itself on the focus-note command.
  if (sidebar) await sidebar.open();
}

export default defineBackground(() => {
  type Port = ReturnType<typeof browser.runtime.connect>;
  const panelPorts = new Map<number, Set<Port>>();
  const outboxPorts = new Set<Port>();

  const settings = createSettingsStore();

  const ready: Promise<BackgroundService> = (async () => {
    const db = await openCompanionDb();
    const service = createBackgroundService({
      db,
      settings,
      session: browser.storage.session,
      push: {
        panel(tabId, state) {
          const message: PanelPush = { type: 'panel-state', tabId, state };
          for (const port of panelPorts.get(tabId) ?? []) port.postMessage(message);
        },
        chip(tabId, state) {
          const message: ChipPush = { type: 'chip-state', state };
          // A tab without the content script (not loaded yet, or gone) just misses this one.
          browser.tabs.sendMessage(tabId, message).catch(() => undefined);
        },
        badge(tabId, badge) {
          Promise.all([
            browser.action.setBadgeText({ tabId, text: badge.text }),
            browser.action.setBadgeBackgroundColor({ tabId, color: badge.color }),
            browser.action.setTitle({ tabId, title: badge.title }),
          ]).catch(() => undefined);
        },
        outbox(items) {
          const message: OutboxPush = { type: 'outbox', items };
          for (const port of outboxPorts) port.postMessage(message);
        },
      },
      hasHostPermission: (pattern) => browser.permissions.contains({ origins: [pattern] }),
      getTabUrl: async (tabId) => (await browser.tabs.get(tabId)).url,
      openPanel: (tabId) => openSidePanel(tabId),
      onNextWake(at) {
        if (at === null) void browser.alarms.clear(OUTBOX_ALARM);
        else void browser.alarms.create(OUTBOX_ALARM, { when: Math.max(at, Date.now() + MIN_ALARM_DELAY_MS) });
      },
    });
    await service.start();
    return service;
  })();

  // Listeners are registered synchronously so that an event wakes a stopped worker.
  browser.runtime.onMessage.addListener((message: unknown, sender: SenderInfo) =>
    ready.then((service) =>
      createRouter({
        extensionId: browser.runtime.id,
        extensionOrigin: browser.runtime.getURL('/'),
        profileHosts: () => service.profileHosts(),
        handle: (request, ctx) => service.handle(request, ctx),
      })(message, sender),
    ),
  );

  browser.runtime.onConnect.addListener((port) => {
    // Listened to at once: a panel's port may be what woke the worker, and its subscription would
    // otherwise arrive before the listener below exists, and be lost.
    const buffered = bufferPort(port);
    void ready.then((service) => {
      const kind = classifySender(port.sender ?? {}, {
        extensionId: browser.runtime.id,
        extensionOrigin: browser.runtime.getURL('/'),
        profileHosts: () => service.profileHosts(),
      });
      if (kind !== 'extension-page') {
        port.disconnect();
        return;
      }
      if (port.name === OUTBOX_PORT) {
        outboxPorts.add(port);
        buffered.listen(
          () => undefined,
          () => outboxPorts.delete(port),
        );
        void service.handle({ type: 'outbox-list' }).then((reply) => {
          if (reply.ok) port.postMessage({ type: 'outbox', items: reply.value } as OutboxPush);
        });
        return;
      }
      if (port.name !== PANEL_PORT) {
        port.disconnect();
        return;
      }
      const subscribed = new Set<number>();
      let disconnected = false;
      buffered.listen(
        (raw: unknown) => {
          const parsed = PanelSubscribe.safeParse(raw);
          if (!parsed.success || disconnected) return;
          const tabId = parsed.data.subscribe;
          subscribed.add(tabId);
          let ports = panelPorts.get(tabId);
          if (!ports) panelPorts.set(tabId, (ports = new Set()));
          ports.add(port);
          // Through the push channel, so that this first state cannot overtake a newer push.
          void service.panelSubscribed(tabId);
        },
        () => {
          disconnected = true;
          for (const tabId of subscribed) panelPorts.get(tabId)?.delete(port);
        },
      );
    });
  });

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === OUTBOX_ALARM) void ready.then((service) => service.wake());
  });

  browser.tabs.onRemoved.addListener((tabId) => {
    void ready.then((service) => service.tabClosed(tabId));
  });

  browser.tabs.onActivated.addListener(({ tabId }) => {
    // Revalidates a stale profile when the user comes back to its tab.
    void ready.then((service) => service.panelState(tabId));
  });

  // In-page navigation on profile hosts, faster than the content script's own detection.
  const onNavigation = (details: { tabId: number; frameId: number; url: string }) => {
    if (details.frameId !== 0) return;
    void ready.then((service) => service.tabNavigated(details.tabId, details.url));
  };
  // pushState fires constantly on busy web apps: only the built-in profile hosts wake the worker for it
  // (user-added hosts rely on the content script's own, equally immediate, Navigation API listener).
  browser.webNavigation.onHistoryStateUpdated.addListener(onNavigation, {
    url: [{ hostSuffix: PRONET_HOST }, { hostEquals: PRONET_DEMO_HOST }],
  });
  // Unfiltered: a full load elsewhere is how a panel learns its tab has left the profile.
  browser.webNavigation.onCommitted.addListener(onNavigation);

  // Keyboard commands. Opening the panel happens in the listener itself: a command is a user
  // gesture, and the gesture does not survive an await.
  browser.commands.onCommand.addListener((command: string, tab: Browser.tabs.Tab | undefined) => {
    if (!isCommandName(command)) return;
    const opens = panelCommand(command);
    if (opens) {
      if (tab?.id !== undefined) void openSidePanel(tab.id, opens.focusNote).catch((error: unknown) => console.warn('The side panel could not be opened', error));
      return;
    }
    void (async () => {
      const tabId = tab?.id ?? (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id;
      if (tabId === undefined) return;
      const service = await ready;
      const plan = planCommand(command, await service.panelState(tabId), new Date());
      if (plan.kind === 'request') {
        const reply = await service.handle(plan.request);
        if (!reply.ok) console.warn(`${command}: ${reply.error.message}`);
      }
    })();
  });

  // The content script on the profile hosts the user added (and granted), kept in line with the
  // settings and the permissions. Without the scripting API (Firefox before 102) only the built-in
  // hosts get it.
  const scripting = (browser as unknown as { scripting?: ScriptingApi }).scripting;
  if (scripting) {
    const syncProfileScript = createProfileScriptSync({
      scripting,
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
