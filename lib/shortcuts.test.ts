import { describe, expect, it } from 'vitest';
import { listShortcuts } from './shortcuts';

describe('listShortcuts', () => {
  it('lists the extension’s commands, keys as the browser has them, without the toolbar button’s', async () => {
    const shortcuts = await listShortcuts(async () => [
      { name: '_execute_action', shortcut: 'Alt+Shift+P', description: '' },
      { name: '_execute_browser_action', shortcut: '', description: '' },
      { name: 'open-panel', shortcut: 'Alt+Shift+O', description: 'Open the lead panel' },
      { name: 'archive', description: 'Archive' },
      { shortcut: 'Alt+Shift+X', description: 'nameless' },
    ]);
    expect(shortcuts).toEqual([
      { name: 'open-panel', shortcut: 'Alt+Shift+O', description: 'Open the lead panel' },
      { name: 'archive', shortcut: '', description: 'Archive' },
    ]);
  });

  it('is empty when the browser cannot list them', async () => {
    expect(await listShortcuts(() => Promise.reject(new Error('commands unavailable')))).toEqual([]);
    expect(
      await listShortcuts(() => {
        throw new TypeError("Cannot read properties of undefined (reading 'getAll')");
      }),
    ).toEqual([]);
  });
});
