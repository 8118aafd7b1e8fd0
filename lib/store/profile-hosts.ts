/**
 * The configured profile hosts as the content script reads them: straight from `storage.local`,
 * without zod (the content script must stay small). Settings hold no secret, so a content script may
 * read them; `settings.ts` writes them, validated, under the same key.
 */

/** The `storage.local` key of the settings (WXT's `local:settings`). */
export const SETTINGS_STORAGE_KEY = 'settings';

/** Longest list and longest name `Settings.profileHosts` allows. */
const MAX_HOSTS = 50;
const MAX_HOST_LENGTH = 253;

/** The extra profile hosts in a stored settings value; anything malformed counts as none. */
export function profileHostsOf(stored: unknown): string[] {
  if (typeof stored !== 'object' || stored === null) return [];
  const hosts = (stored as { profileHosts?: unknown }).profileHosts;
  if (!Array.isArray(hosts)) return [];
  return hosts
    .filter((h): h is string => typeof h === 'string' && h.length > 0 && h.length <= MAX_HOST_LENGTH)
    .slice(0, MAX_HOSTS);
}
