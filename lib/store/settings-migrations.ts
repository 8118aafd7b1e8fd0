/**
 * The stored settings' versions, one pure step each, applied in order to whatever an older build
 * left in `storage.local` before it is validated (`settings.ts`). The stored object carries its
 * version in `settingsVersion`; builds before versioning stored none (version 1).
 */
import { SCHEMA_STEPS_BACK } from './schema-build';

export type StoredSettings = Record<string, unknown>;

export interface SettingsMigration {
  /** The version this step brings the stored settings to (2, 3, ...; 1 is the unversioned start). */
  version: number;
  up(stored: StoredSettings): StoredSettings;
}

export const SETTINGS_VERSION_FIELD = 'settingsVersion';

/**
 * Version 2: profile hosts as the content script compares them (trimmed, lower case, once each), and
 * the base URL without trailing slashes (the client strips them; a stored one made two Base URL
 * values look different in the options page).
 */
export function canonicalHostsAndBaseUrl(stored: StoredSettings): StoredSettings {
  const out = { ...stored };
  if (Array.isArray(stored.profileHosts)) {
    const hosts = stored.profileHosts.map((h) => (typeof h === 'string' ? h.trim().toLowerCase() : h)).filter((h) => h !== '');
    out.profileHosts = [...new Set(hosts)];
  }
  if (typeof stored.baseUrl === 'string') out.baseUrl = stored.baseUrl.trim().replace(/\/+$/, '');
  return out;
}

export const SETTINGS_MIGRATIONS: readonly SettingsMigration[] = [{ version: 2, up: canonicalHostsAndBaseUrl }];

export const SETTINGS_VERSION = 1 + SETTINGS_MIGRATIONS.length;

/** The version this build stores (one fewer in the update test's previous build: `schema-build.ts`). */
export const BUILD_SETTINGS_VERSION = SETTINGS_VERSION - SCHEMA_STEPS_BACK;

/** The stored value brought to this build's version (anything not an object: nothing stored). */
export function migrateSettings(stored: unknown, target: number = BUILD_SETTINGS_VERSION): StoredSettings {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return { [SETTINGS_VERSION_FIELD]: target };
  const raw = stored as StoredSettings;
  const from = typeof raw[SETTINGS_VERSION_FIELD] === 'number' ? (raw[SETTINGS_VERSION_FIELD] as number) : 1;
  const migrated = SETTINGS_MIGRATIONS.filter((m) => m.version > from && m.version <= target).reduce((s, m) => m.up(s), raw);
  return { ...migrated, [SETTINGS_VERSION_FIELD]: Math.max(from, target) };
}
