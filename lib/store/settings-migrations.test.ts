import { describe, expect, it } from 'vitest';
import { canonicalHostsAndBaseUrl, migrateSettings, SETTINGS_MIGRATIONS, SETTINGS_VERSION } from './settings-migrations';

describe('settings migrations', () => {
  it('numbers its steps from 2 on, in order', () => {
    expect(SETTINGS_MIGRATIONS.map((m) => m.version)).toEqual(SETTINGS_MIGRATIONS.map((_, i) => i + 2));
    expect(SETTINGS_VERSION).toBe(SETTINGS_MIGRATIONS.length + 1);
  });

  it('v2: canonical profile hosts and a base URL without trailing slashes, the rest untouched', () => {
    expect(
      canonicalHostsAndBaseUrl({ profileHosts: [' Pronet.Corp.Example ', 'pronet.corp.example', ''], baseUrl: 'https://svc.example/flow//', chipEnabled: false }),
    ).toEqual({ profileHosts: ['pronet.corp.example'], baseUrl: 'https://svc.example/flow', chipEnabled: false });
    expect(canonicalHostsAndBaseUrl({ profileHosts: 'junk' })).toEqual({ profileHosts: 'junk' });
  });

  it('brings unversioned settings (version 1) to this version and stamps it', () => {
    expect(migrateSettings({ profileHosts: ['A.example'], cacheEnabled: true })).toEqual({
      profileHosts: ['a.example'],
      cacheEnabled: true,
      settingsVersion: SETTINGS_VERSION,
    });
  });

  it('leaves settings of this version (or a newer build) as they are', () => {
    const current = { profileHosts: ['A.example'], settingsVersion: SETTINGS_VERSION + 1 };
    expect(migrateSettings(current)).toEqual(current);
  });

  it('reads nothing stored (or garbage) as nothing', () => {
    expect(migrateSettings(undefined)).toEqual({ settingsVersion: SETTINGS_VERSION });
    expect(migrateSettings([1, 2])).toEqual({ settingsVersion: SETTINGS_VERSION });
  });
});

describe('settings migrations up to a target version (the update test’s previous build)', () => {
  it('applies no step past the target and stamps the target', () => {
    expect(migrateSettings({ baseUrl: 'https://svc.example/flow/' }, 1)).toEqual({ baseUrl: 'https://svc.example/flow/', settingsVersion: 1 });
    expect(migrateSettings({ baseUrl: 'https://svc.example/flow/', settingsVersion: 1 }, 2)).toEqual({ baseUrl: 'https://svc.example/flow', settingsVersion: 2 });
  });
});
