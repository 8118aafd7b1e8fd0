/**
 * The lead panel wired to the background: which tab it follows, the push channel that brings the
 * tab's PanelState, and the shortcuts that reach an open panel. Shared by the side panel and popup.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { createMessenger, inboxCountPushed, OUTBOX_PORT, outboxPushItems, PANEL_PORT, panelPushState, THIS_PAGE_PORT, thisPagePushView, type Messenger, type PanelSubscribe } from '../../lib/messages';
import { type OutboxItemView, type PanelState } from '../../lib/views';
import { openReconnectingPort } from '../../lib/reconnecting-port';
import { openSidePanel, panelApis, type PanelTarget } from '../../lib/side-panel';
import { markStatus, STATUS_MARK } from '../../lib/status-marks';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { InboxCount } from '../inbox/InboxCount';
import { LazyInboxView } from '../inbox/LazyInboxView';
import { LeadPanel } from './LeadPanel';
import { PanelTabs, type PanelSection } from './PanelTabs';
import { StorageNotice } from '../storage/StorageNotice';
import { ThisPage, type FollowThisPage } from '../this-page/ThisPage';

export interface PanelAppProps {
  surface: 'sidepanel' | 'popup';
  /** `?tab=<tabId>`: stay on this tab instead of following the active one. */
  pinnedTabId: number | null;
  /** `?focus=note`: put the caret in the note once it shows (the "focus the note" shortcut). */
  focusNote?: boolean;
  /** `?view=inbox`: open on the inbox queue instead of the profile. */
  initialSection?: PanelSection;
}

export type { PanelSection };

/** Parses `?view=`: `inbox` opens the queue, `page` the list page's people, anything else the profile. */
export function parseViewParam(value: string | null): PanelSection {
  return value === 'inbox' || value === 'page' ? value : 'profile';
}

/** The outbox as the background pushes it (the queue folds every queued change onto its rows). */
function useOutboxItems(enabled: boolean): OutboxItemView[] {
  const [items, setItems] = useState<OutboxItemView[]>([]);
  useEffect(() => {
    if (!enabled) return;
    return openReconnectingPort({
      connect: (info) => browser.runtime.connect(info),
      name: OUTBOX_PORT,
      parse: outboxPushItems,
      onPush: setItems,
    });
  }, [enabled]);
  return items;
}

/** "This page" as the worker pushes it, over a port of its own: while it is open, the tab's page is read. */
const followThisPage: FollowThisPage = (tabId, onView) =>
  openReconnectingPort({
    connect: (info) => browser.runtime.connect(info),
    name: THIS_PAGE_PORT,
    hello: { subscribe: tabId } satisfies PanelSubscribe,
    parse: (raw) => thisPagePushView(raw, tabId),
    onPush: onView,
  });

/** The toolbar count's pushes from the background (the popup's line). */
function countPushes(listener: (count: number | null) => void): () => void {
  const onMessage = (raw: unknown) => {
    const count = inboxCountPushed(raw);
    if (count !== undefined) listener(count);
    // Nothing returned: this page answers no message (the worker does).
  };
  browser.runtime.onMessage.addListener(onMessage);
  return () => browser.runtime.onMessage.removeListener(onMessage);
}

/** Parses `?tab=`; anything but a non-negative integer means "follow the active tab". */
export function parseTabParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** The tab the panel shows: the pinned one, else the active tab of this window, followed as it changes. */
function useTargetTab(pinned: number | null): number | null {
  const [tabId, setTabId] = useState<number | null>(pinned);
  useEffect(() => {
    if (pinned !== null) {
      setTabId(pinned);
      return;
    }
    let windowId: number | undefined;
    let live = true;
    void browser.windows.getCurrent().then(async (w) => {
      windowId = w.id;
      const [tab] = await browser.tabs.query({ active: true, windowId: w.id });
      if (live && tab?.id !== undefined) setTabId(tab.id);
    });
    const onActivated = (info: { tabId: number; windowId: number }) => {
      if (windowId === undefined || info.windowId === windowId) setTabId(info.tabId);
    };
    browser.tabs.onActivated.addListener(onActivated);
    return () => {
      live = false;
      browser.tabs.onActivated.removeListener(onActivated);
    };
  }, [pinned]);
  return tabId;
}

/**
 * Subscribes to the tab's PanelState over a long-lived port. A worker restart closes the port: the
 * panel reconnects and the background answers with the current state at once.
 */
function usePanelState(tabId: number | null): PanelState | null {
  const [state, setState] = useState<PanelState | null>(null);
  useEffect(() => {
    setState(null);
    if (tabId === null) return;
    const subscribe: PanelSubscribe = { subscribe: tabId };
    return openReconnectingPort({
      connect: (info) => browser.runtime.connect(info),
      name: PANEL_PORT,
      hello: subscribe,
      parse: (raw) => panelPushState(raw, tabId),
      onPush: setState,
    });
  }, [tabId]);
  return state;
}

/** Marks the first settled state rendered for each new profile (time to status, see lib/status-marks). */
function useStatusMark(state: PanelState | null) {
  const shown = useRef<{ profileUrl: string | null; settled: boolean }>({ profileUrl: null, settled: false });
  // A layout effect runs right after the DOM is updated, also in a window that is not painting.
  useLayoutEffect(() => {
    const profileUrl = state && 'profileUrl' in state ? (state.profileUrl ?? null) : null;
    if (profileUrl !== shown.current.profileUrl) shown.current = { profileUrl, settled: false };
    if (profileUrl === null || state?.kind === 'loading' || shown.current.settled) return;
    shown.current.settled = true;
    markStatus(STATUS_MARK.panel, profileUrl);
  }, [state]);
}

function openOptions() {
  void browser.runtime.openOptionsPage();
}

/** From the popup (a click, so a user gesture): the same panel, docked beside the page. */
async function openDocked(tabId: number | null, view?: 'inbox') {
  const apis = panelApis(globalThis);
  try {
    const target: PanelTarget =
      tabId !== null
        ? { tabId }
        : apis.sidePanel
          ? { windowId: (await browser.windows.getCurrent()).id! }
          : // Firefox's sidebar takes no target, and awaiting anything first would lose the user gesture.
            { windowId: browser.windows.WINDOW_ID_CURRENT };
    if (await openSidePanel(apis, target, view ? { view } : {})) window.close();
  } catch (error) {
    console.warn('The side panel could not be opened', error);
  }
}

/** Focuses a field that may sit in a closed fold (issue 45): the fold opens first (its toggle remembers it). */
function focusInFold(field: HTMLElement | null) {
  const fold = field?.closest('details');
  if (fold && !fold.open) {
    fold.open = true;
    requestAnimationFrame(() => field?.focus());
  } else field?.focus();
}

export function PanelApp({ surface, pinnedTabId, focusNote, initialSection = 'profile' }: PanelAppProps) {
  const [section, setSection] = useState<PanelSection>(surface === 'popup' ? 'profile' : initialSection);
  const outbox = useOutboxItems(section === 'inbox');
  const messenger: Messenger = useMemo(() => createMessenger((m) => browser.runtime.sendMessage(m)), []);
  const tabId = useTargetTab(pinnedTabId);
  const state = usePanelState(tabId);
  useStatusMark(state);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const pendingFocus = useRef(Boolean(focusNote));

  // The shortcut reaches an open panel directly; a panel opened by it comes with ?focus=note.
  useEffect(() => {
    const onCommand = (command: string) => {
      if (command === 'focus-note') focusInFold(noteRef.current);
    };
    browser.commands?.onCommand.addListener(onCommand);
    return () => browser.commands?.onCommand.removeListener(onCommand);
  }, []);
  useEffect(() => {
    if (pendingFocus.current && state?.kind === 'lead' && noteRef.current) {
      pendingFocus.current = false;
      focusInFold(noteRef.current);
    }
  }, [state]);

  const stale = state?.kind === 'lead' && state.stale;
  return (
    <div class={`app app-${surface}`}>
      <header class="app-bar">
        <span class="brand">
          <span class="brand-mark" aria-hidden="true">
            <Icon name="message" size={14} />
          </span>
          <span class="brand-name">{t('extName')}</span>
        </span>
        <span class="spacer" />
        {tabId !== null ? (
          <Button variant="ghost" aria-label={t('refresh')} title={t('refresh')} onClick={() => void messenger.send('refresh', { tabId })} disabled={stale} icon={<Icon name="refresh" />} />
        ) : null}
        {surface === 'popup' ? (
          <Button variant="ghost" aria-label={t('openSidePanel')} title={t('openSidePanel')} onClick={() => void openDocked(tabId)} icon={<Icon name="panel" />} />
        ) : null}
        <Button variant="ghost" aria-label={t('settings')} title={t('settings')} onClick={openOptions} icon={<Icon name="settings" />} />
      </header>
      {surface === 'sidepanel' ? (
        <PanelTabs section={section} onSection={setSection} />
      ) : null}
      <main class="app-main">
        <StorageNotice messenger={messenger} />
        <div id="panel-section" role={surface === 'sidepanel' ? 'tabpanel' : undefined} aria-labelledby={surface === 'sidepanel' ? `tab-${section}` : undefined}>
        {surface === 'popup' ? <InboxCount messenger={messenger} onOpenQueue={() => void openDocked(tabId, 'inbox')} onCountPush={countPushes} /> : null}
        {section === 'page' && tabId !== null ? (
          <ThisPage messenger={messenger} tabId={tabId} follow={followThisPage} />
        ) : section === 'inbox' ? (
          <LazyInboxView messenger={messenger} tabId={tabId} outbox={outbox} now={() => Date.now()} onOpenOptions={openOptions} />
        ) : tabId === null ? (
          <LeadPanel state={{ kind: 'not-profile' }} tabId={0} messenger={messenger} onOpenOptions={openOptions} />
        ) : (
          <LeadPanel state={state} tabId={tabId} messenger={messenger} onOpenOptions={openOptions} noteRef={noteRef} />
        )}
        </div>
      </main>
    </div>
  );
}
