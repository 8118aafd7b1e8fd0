/**
 * Opening the lead panel docked beside the page: Chrome's side panel, or Firefox's sidebar. One
 * function for the background (chip click, keyboard commands) and the popup ("open in side panel").
 *
 * Both browsers open a panel only within a user gesture, and the gesture does not survive an await:
 * nothing is awaited before `open`.
 */

export const SIDE_PANEL_PATH = 'sidepanel.html';

/** The part of `chrome.sidePanel` used here (Chrome 116+). */
export interface ChromeSidePanel {
  open(options: { tabId?: number; windowId?: number }): Promise<void>;
  setOptions(options: { tabId: number; path: string; enabled?: boolean }): Promise<void>;
}

/** The part of Firefox's `browser.sidebarAction` used here. */
export interface SidebarAction {
  open(): Promise<void>;
}

export interface PanelApis {
  sidePanel?: ChromeSidePanel;
  sidebarAction?: SidebarAction;
}

/** Finds the panel APIs on the extension's globals (`chrome.sidePanel`, `browser.sidebarAction`). */
export function panelApis(global: unknown): PanelApis {
  const g = global as { chrome?: { sidePanel?: ChromeSidePanel }; browser?: { sidebarAction?: SidebarAction } };
  return {
    ...(g.chrome?.sidePanel ? { sidePanel: g.chrome.sidePanel } : {}),
    ...(g.browser?.sidebarAction ? { sidebarAction: g.browser.sidebarAction } : {}),
  };
}

export type PanelTarget = { tabId: number } | { windowId: number };

/**
 * Opens the panel for a tab (or a window's active tab). `focusNote`: the panel opens with the caret
 * in the note (`?focus=note`); only that sets a path of its own for the tab, so the default panel
 * keeps following the active tab. Resolves to false when this browser has no panel to open.
 */
export async function openSidePanel(apis: PanelApis, target: PanelTarget, opts: { focusNote?: boolean; view?: 'inbox' } = {}): Promise<boolean> {
  if (apis.sidePanel) {
    const { sidePanel } = apis;
    // Both calls start before anything is awaited: the path is set before the panel opens.
    // `view: 'inbox'` (the popup's link to the queue) opens the panel on the queue.
    const query = opts.focusNote ? '?focus=note' : opts.view === 'inbox' ? '?view=inbox' : null;
    const path =
      query !== null && 'tabId' in target
        ? sidePanel.setOptions({ tabId: target.tabId, path: `${SIDE_PANEL_PATH}${query}`, enabled: true }).catch(() => undefined)
        : undefined;
    await Promise.all([path, sidePanel.open(target)]);
    return true;
  }
  // Firefox: an open sidebar focuses its note itself on the focus-note command.
  if (apis.sidebarAction) {
    await apis.sidebarAction.open();
    return true;
  }
  return false;
}
