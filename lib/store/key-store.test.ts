import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openCompanionDb } from './db';
import { createKeyStore } from './key-store';

beforeEach(() => fakeBrowser.reset());

describe('key store', () => {
  it('keeps the key in IndexedDB, or in storage.session for this browser session only, never both', async () => {
    const db = await openCompanionDb('key-store-test-1');
    const store = createKeyStore({ db, session: fakeBrowser.storage.session });
    expect(await store.get()).toBeNull();

    await store.set('key_persistent_123', false);
    expect(await store.get()).toEqual({ key: 'key_persistent_123', location: 'persistent' });
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});

    await store.set('key_session_456', true);
    expect(await store.get()).toEqual({ key: 'key_session_456', location: 'session' });
    expect(await db.get('secrets', 'apiKey')).toBeUndefined();

    // A restarted worker (a new store over the same database) finds it again.
    const again = createKeyStore({ db, session: fakeBrowser.storage.session });
    expect(await again.get()).toEqual({ key: 'key_session_456', location: 'session' });

    await store.clear();
    expect(await store.get()).toBeNull();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    db.close();
  });
});
