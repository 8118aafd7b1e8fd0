import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { profileHostsOf, SETTINGS_STORAGE_KEY } from './profile-hosts';
import { createSettingsStore } from './settings';

beforeEach(() => fakeBrowser.reset());

describe('profile hosts as the content script reads them', () => {
  it('reads the hosts the settings store wrote, from the same storage.local key', async () => {
    await createSettingsStore().set({ profileHosts: ['pronet.corp.example', 'people.example'] });
    const stored = (await fakeBrowser.storage.local.get(SETTINGS_STORAGE_KEY))[SETTINGS_STORAGE_KEY];
    expect(profileHostsOf(stored)).toEqual(['pronet.corp.example', 'people.example']);
  });

  it('counts anything malformed as no host', () => {
    expect(profileHostsOf(undefined)).toEqual([]);
    expect(profileHostsOf({ profileHosts: 'pronet.corp.example' })).toEqual([]);
    expect(profileHostsOf({ profileHosts: ['ok.example', 42, '', 'x'.repeat(254)] })).toEqual(['ok.example']);
  });
});
