import { describe, expect, it } from 'vitest';
import { openSidePanel, panelApis, SIDE_PANEL_PATH, type ChromeSidePanel } from './side-panel';

function fakeSidePanel() {
  const calls: string[] = [];
  const sidePanel: ChromeSidePanel = {
    async open(options) {
      calls.push(`open ${JSON.stringify(options)}`);
    },
    async setOptions(options) {
      calls.push(`setOptions ${options.path}`);
    },
  };
  return { sidePanel, calls };
}

describe('openSidePanel', () => {
  it('opens Chrome side panel for a tab, without a path of its own', async () => {
    const { sidePanel, calls } = fakeSidePanel();
    expect(await openSidePanel({ sidePanel }, { tabId: 7 })).toBe(true);
    expect(calls).toEqual(['open {"tabId":7}']);
  });

  it('sets the focus-note path before the panel opens, both started without an await between', async () => {
    const { sidePanel, calls } = fakeSidePanel();
    await openSidePanel({ sidePanel }, { tabId: 7 }, { focusNote: true });
    expect(calls).toEqual([`setOptions ${SIDE_PANEL_PATH}?focus=note`, 'open {"tabId":7}']);
  });

  it('opens for a window when no tab is known', async () => {
    const { sidePanel, calls } = fakeSidePanel();
    await openSidePanel({ sidePanel }, { windowId: 3 });
    expect(calls).toEqual(['open {"windowId":3}']);
  });

  it("opens Firefox's sidebar, and says when there is no panel at all", async () => {
    let opened = 0;
    expect(await openSidePanel({ sidebarAction: { open: async () => void (opened += 1) } }, { tabId: 1 })).toBe(true);
    expect(opened).toBe(1);
    expect(await openSidePanel({}, { tabId: 1 })).toBe(false);
  });

  it('finds the APIs on the globals', () => {
    const { sidePanel } = fakeSidePanel();
    expect(panelApis({ chrome: { sidePanel } }).sidePanel).toBe(sidePanel);
    expect(panelApis({})).toEqual({});
  });
});
