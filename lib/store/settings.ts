/**
 * User settings in `storage.local` (through WXT's storage helper). They hold no secret: the key is in
 * `key-store.ts`. Values read back are validated; anything invalid falls back to the default.
 */
import { storage } from 'wxt/utils/storage';
import { z } from 'zod/mini';
import { DEFAULT_SETTINGS, Settings } from '../settings';
import { SETTINGS_STORAGE_KEY } from './profile-hosts';
import { BUILD_SETTINGS_VERSION, migrateSettings, SETTINGS_VERSION_FIELD } from './settings-migrations';

export interface SettingsStore {
  get(): Promise<Settings>;
  /** Applies a partial change and returns the whole result. */
  set(patch: Partial<Settings>): Promise<Settings>;
  /** Calls back after every change (from any surface); returns the unsubscribe function. */
  watch(listener: (settings: Settings) => void): () => void;
}

const item = storage.defineItem<Settings>(`local:${SETTINGS_STORAGE_KEY}`, { fallback: DEFAULT_SETTINGS });

const PartialSettings = z.partial(Settings);

/** What an older build stored, migrated (`settings-migrations.ts`), then validated field by field. */
function sanitise(value: unknown): Settings {
  const parsed = PartialSettings.safeParse(migrateSettings(value));
  return { ...DEFAULT_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export function createSettingsStore(): SettingsStore {
  return {
    get: async () => sanitise(await item.getValue()),
    async set(patch) {
      const next = Settings.parse({ ...sanitise(await item.getValue()), ...patch });
      // Stored with its version, so that the next build knows which steps it still has to apply.
      await item.setValue({ ...next, [SETTINGS_VERSION_FIELD]: BUILD_SETTINGS_VERSION } as Settings);
      return next;
    },
    watch: (listener) => item.watch((value) => listener(sanitise(value))),
  };
}
