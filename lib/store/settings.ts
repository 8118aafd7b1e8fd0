/**
 * User settings in `storage.local`. They hold no secret: the key is in `key-store.ts`. Values read
 * back are validated; anything invalid falls back to the default. (The storage API itself, not WXT's
 * helper over it: one key read, written and watched needs no 7 kB wrapper in the worker.)
 */
import { browser } from 'wxt/browser';
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

const area = () => browser.storage.local;
const stored = async (): Promise<unknown> => (await area().get(SETTINGS_STORAGE_KEY))[SETTINGS_STORAGE_KEY];

const PartialSettings = z.partial(Settings);

/** What an older build stored, migrated (`settings-migrations.ts`), then validated field by field; nothing stored: the defaults. */
function sanitise(value: unknown): Settings {
  const parsed = PartialSettings.safeParse(migrateSettings(value ?? DEFAULT_SETTINGS));
  return { ...DEFAULT_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export function createSettingsStore(): SettingsStore {
  return {
    get: async () => sanitise(await stored()),
    async set(patch) {
      const next = Settings.parse({ ...sanitise(await stored()), ...patch });
      // Stored with its version, so that the next build knows which steps it still has to apply.
      await area().set({ [SETTINGS_STORAGE_KEY]: { ...next, [SETTINGS_VERSION_FIELD]: BUILD_SETTINGS_VERSION } });
      return next;
    },
    watch(listener) {
      const changed = (changes: Record<string, { newValue?: unknown }>, areaName: string) => {
        if (areaName === 'local' && SETTINGS_STORAGE_KEY in changes) listener(sanitise(changes[SETTINGS_STORAGE_KEY]!.newValue));
      };
      browser.storage.onChanged.addListener(changed);
      return () => browser.storage.onChanged.removeListener(changed);
    },
  };
}
