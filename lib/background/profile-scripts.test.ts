import { describe, expect, it } from 'vitest';
import { profileHostPatterns } from '../pronet/canonical-url';
import {
  createProfileScriptSync,
  extraProfileMatches,
  PROFILE_SCRIPT_ID,
  PROFILE_SCRIPT_JS,
  profileScriptFiles,
  type ProfileScript,
  type ScriptingApi,
} from './profile-scripts';

/** The manifest's content script in Chrome's build: the polyfill first. */
const FILES = ['browser-polyfill.js', PROFILE_SCRIPT_JS];

/** `browser.scripting` as far as the sync uses it, over a map of registered scripts. */
function fakeScripting() {
  const registered = new Map<string, ProfileScript>();
  const calls: string[] = [];
  const api: ScriptingApi = {
    async getRegisteredContentScripts({ ids }) {
      return ids.flatMap((id) => (registered.has(id) ? [registered.get(id)!] : []));
    },
    async registerContentScripts(scripts) {
      calls.push('register');
      for (const s of scripts) {
        if (registered.has(s.id)) throw new Error(`Duplicate script ID '${s.id}'`);
        registered.set(s.id, s);
      }
    },
    async updateContentScripts(scripts) {
      calls.push('update');
      for (const s of scripts) registered.set(s.id, s);
    },
    async unregisterContentScripts({ ids }) {
      calls.push('unregister');
      for (const id of ids) registered.delete(id);
    },
  };
  return { api, registered, calls };
}

const granted = (patterns: string[]) => async (pattern: string) => patterns.includes(pattern);

describe('extraProfileMatches', () => {
  it('asks only for hosts the manifest does not cover, and keeps only granted patterns', async () => {
    const matches = await extraProfileMatches(
      ['pronet.corp.example', 'fr.pronet.example', 'PRONET.CORP.EXAMPLE', 'people.example', 'pronet.localhost'],
      granted(['https://pronet.corp.example/*', 'https://*.pronet.corp.example/*', 'https://people.example/*']),
    );
    expect(matches).toEqual(['https://pronet.corp.example/*', 'https://*.pronet.corp.example/*', 'https://people.example/*']);
  });

  it('treats a failing permission check as not granted', async () => {
    expect(await extraProfileMatches(['people.example'], () => Promise.reject(new Error('no')))).toEqual([]);
  });
});

describe('profileScriptFiles', () => {
  it("runs the files of the manifest's profile content script, in their order", () => {
    const manifest = { content_scripts: [{ js: ['other.js'] }, { js: FILES }] };
    expect(profileScriptFiles(manifest)).toEqual(FILES);
  });

  it('falls back to the script alone when the manifest does not name it', () => {
    expect(profileScriptFiles({})).toEqual([PROFILE_SCRIPT_JS]);
    expect(profileScriptFiles({ content_scripts: [{ js: ['other.js'] }] })).toEqual([PROFILE_SCRIPT_JS]);
  });
});

describe('profile script sync', () => {
  it('registers the content script for granted hosts, updates it on change, and removes it when none is left', async () => {
    const scripting = fakeScripting();
    let hosts = ['pronet.corp.example'];
    let allowed = ['https://pronet.corp.example/*', 'https://*.pronet.corp.example/*'];
    const sync = createProfileScriptSync({ scripting: scripting.api, js: FILES, hosts: () => hosts, hasPermission: (p) => granted(allowed)(p) });

    await sync();
    expect(scripting.registered.get(PROFILE_SCRIPT_ID)).toEqual({
      id: PROFILE_SCRIPT_ID,
      matches: ['https://pronet.corp.example/*', 'https://*.pronet.corp.example/*'],
      js: ['browser-polyfill.js', 'content-scripts/profile.js'],
      runAt: 'document_end',
      persistAcrossSessions: true,
    });

    // Nothing changed (a restart): nothing is written.
    await sync();
    expect(scripting.calls).toEqual(['register']);

    hosts = ['pronet.corp.example', 'people.example'];
    allowed = [...allowed, 'https://people.example/*', 'https://*.people.example/*'];
    await sync();
    expect(scripting.registered.get(PROFILE_SCRIPT_ID)?.matches).toHaveLength(4);
    expect(scripting.calls).toEqual(['register', 'update']);

    // The user revoked every permission: the script goes.
    allowed = [];
    expect(await sync()).toEqual([]);
    expect(scripting.registered.size).toBe(0);
  });

  it('updates a registration an earlier version made to run later (document_idle)', async () => {
    const scripting = fakeScripting();
    scripting.registered.set(PROFILE_SCRIPT_ID, {
      id: PROFILE_SCRIPT_ID,
      matches: ['https://people.example/*', 'https://*.people.example/*'],
      js: FILES,
      runAt: 'document_idle' as 'document_end',
      persistAcrossSessions: true,
    });
    const sync = createProfileScriptSync({ scripting: scripting.api, js: FILES, hosts: () => ['people.example'], hasPermission: async () => true });
    await sync();
    expect(scripting.calls).toEqual(['update']);
    expect(scripting.registered.get(PROFILE_SCRIPT_ID)?.runAt).toBe('document_end');
  });

  it('updates a registration an earlier version made with other files (no polyfill before the script)', async () => {
    const scripting = fakeScripting();
    scripting.registered.set(PROFILE_SCRIPT_ID, {
      id: PROFILE_SCRIPT_ID,
      matches: ['https://people.example/*', 'https://*.people.example/*'],
      js: [PROFILE_SCRIPT_JS],
      runAt: 'document_end',
      persistAcrossSessions: true,
    });
    const sync = createProfileScriptSync({ scripting: scripting.api, js: FILES, hosts: () => ['people.example'], hasPermission: async () => true });
    await sync();
    expect(scripting.calls).toEqual(['update']);
    expect(scripting.registered.get(PROFILE_SCRIPT_ID)?.js).toEqual(FILES);
  });

  it('never registers the same id twice when syncs overlap', async () => {
    const scripting = fakeScripting();
    const sync = createProfileScriptSync({
      scripting: scripting.api,
      js: FILES,
      hosts: async () => ['people.example'],
      hasPermission: async () => true,
    });
    await Promise.all([sync(), sync(), sync()]);
    expect(scripting.calls).toEqual(['register']);
  });

  it('keeps syncing after one sync failed', async () => {
    const scripting = fakeScripting();
    let fail = true;
    const sync = createProfileScriptSync({
      scripting: scripting.api,
      js: FILES,
      hosts: async () => {
        if (fail) throw new Error('storage unavailable');
        return ['people.example'];
      },
      hasPermission: async () => true,
    });
    await expect(sync()).rejects.toThrow('storage unavailable');
    fail = false;
    expect(await sync()).toEqual(profileHostPatterns('people.example'));
  });
});
