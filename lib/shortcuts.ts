/**
 * The keyboard shortcuts the options page lists: the extension's own commands as the browser has
 * them (the user may have changed or cleared the keys), without the toolbar button's built-in command.
 */

/** A command as `commands.getAll` reports it. */
export interface BrowserCommand {
  name?: string;
  shortcut?: string;
  description?: string;
}

export interface ShortcutView {
  name: string;
  /** '' when the user cleared it (or the browser refused the suggested key). */
  shortcut: string;
  description: string;
}

/** Opening the popup is the toolbar button's own command (MV3 and MV2 names), not a shortcut of ours. */
const BUTTON_COMMANDS: ReadonlySet<string> = new Set(['_execute_action', '_execute_browser_action']);

/** `getAll`: `commands.getAll`. A browser that cannot list them gets an empty list, not an error. */
export async function listShortcuts(getAll: () => Promise<BrowserCommand[]>): Promise<ShortcutView[]> {
  const commands = await Promise.resolve()
    .then(getAll)
    .catch((): BrowserCommand[] => []);
  return commands
    .filter((c) => c.name && !BUTTON_COMMANDS.has(c.name))
    .map((c) => ({ name: c.name!, shortcut: c.shortcut ?? '', description: c.description ?? '' }));
}
