import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS, type Settings } from '../settings';
import { SETTINGS_STORAGE_KEY } from './profile-hosts';
import { createSettingsStore } from './settings';
import { BUILD_SETTINGS_VERSION, SETTINGS_VERSION_FIELD } from './settings-migrations';

beforeEach(() => fakeBrowser.reset());

describe('the settings store (storage.local)', () => {
  it('nothing stored: the defaults', async () => {
    expect(await createSettingsStore().get()).toEqual(DEFAULT_SETTINGS);
  });

  it('a change is stored whole, with its version, and read back', async () => {
    const store = createSettingsStore();
    expect(await store.set({ chipEnabled: false })).toEqual({ ...DEFAULT_SETTINGS, chipEnabled: false });
    expect(await store.get()).toEqual({ ...DEFAULT_SETTINGS, chipEnabled: false });
    const raw = (await fakeBrowser.storage.local.get(SETTINGS_STORAGE_KEY))[SETTINGS_STORAGE_KEY];
    expect(raw).toMatchObject({ chipEnabled: false, [SETTINGS_VERSION_FIELD]: BUILD_SETTINGS_VERSION });
  });

  it('what another build stored is read with the defaults under it; a malformed value reads as the defaults', async () => {
    await fakeBrowser.storage.local.set({ [SETTINGS_STORAGE_KEY]: { listBadges: false, [SETTINGS_VERSION_FIELD]: BUILD_SETTINGS_VERSION } });
    expect(await createSettingsStore().get()).toEqual({ ...DEFAULT_SETTINGS, listBadges: false });
    await fakeBrowser.storage.local.set({ [SETTINGS_STORAGE_KEY]: { chipEnabled: 'yes', [SETTINGS_VERSION_FIELD]: BUILD_SETTINGS_VERSION } });
    expect(await createSettingsStore().get()).toEqual(DEFAULT_SETTINGS);
  });

  it('watch: every change, validated, until unsubscribed; other keys and areas are not its business', async () => {
    const store = createSettingsStore();
    const seen: Settings[] = [];
    const stop = store.watch((s) => seen.push(s));
    await store.set({ prefetchOnHover: false });
    await fakeBrowser.storage.local.set({ other: 1 });
    await fakeBrowser.storage.session.set({ [SETTINGS_STORAGE_KEY]: { chipEnabled: false } });
    await vi.waitFor(() => expect(seen).toEqual([{ ...DEFAULT_SETTINGS, prefetchOnHover: false }]));
    stop();
    await store.set({ prefetchOnHover: true });
    await fakeBrowser.storage.local.remove(SETTINGS_STORAGE_KEY);
    expect(seen).toHaveLength(1);
  });

  it('settings removed from storage read as the defaults', async () => {
    const store = createSettingsStore();
    await store.set({ chipEnabled: false });
    const seen: Settings[] = [];
    store.watch((s) => seen.push(s));
    await fakeBrowser.storage.local.remove(SETTINGS_STORAGE_KEY);
    await vi.waitFor(() => expect(seen).toEqual([DEFAULT_SETTINGS]));
  });
});
