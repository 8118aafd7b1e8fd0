/**
 * An update loses nothing. The previous version of the extension (this code built with the database
 * and the settings one schema version behind: test/e2e/build-extension.ts `previous`) queues actions
 * while offline; the browser closes and the new build is installed over it (its files in the same
 * folder, so the same extension id, and the same browser profile), relaunched offline; its worker
 * opens the database at the newest version, which runs the migrations on what the previous build
 * stored; online again, every queued action reaches the service exactly once.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LATEST_DB_VERSION } from '../../lib/store/db-migrations';
import { SETTINGS_VERSION } from '../../lib/store/settings-migrations';
import { E2E_EXTENSION_DIR, launchWithExtension } from './browser';
import { test as base, expect, conversationStatus, outboxItems, outboxList, type ExtensionHandle } from './fixtures';

const PREVIOUS_DIR = resolve('.output/e2e-previous-chrome-mv3');

interface UpdatableExtension extends ExtensionHandle {
  /** The folder Chromium loads the extension from: its contents are swapped, its path kept. */
  dir: string;
  userDataDir: string;
}

interface UpdateFixtures {
  extension: UpdatableExtension;
  /** Closes the browser, puts the new build in the extension's folder, relaunches offline on the same profile. */
  installNewBuild: () => Promise<void>;
}

/** What the extension's worker reads of its own storage (no @types/chrome here). */
interface WorkerGlobals {
  chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void> } }; runtime: { getManifest(): { version: string }; reload(): void } };
  indexedDB: IDBFactory;
}

const test = base.extend<UpdateFixtures>({
  extension: async ({ demo: _demo }, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'oc-update-extension-'));
    cpSync(PREVIOUS_DIR, dir, { recursive: true });
    const launched = await launchWithExtension({ extensionDir: dir });
    const handle: UpdatableExtension = {
      context: launched.context,
      serviceWorker: launched.serviceWorker,
      extensionId: launched.extensionId,
      origin: `chrome-extension://${launched.extensionId}`,
      dir,
      userDataDir: launched.userDataDir,
    };
    await use(handle);
    await handle.context.close();
    for (const path of [dir, handle.userDataDir]) rmSync(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  },
  installNewBuild: async ({ extension }, use) => {
    await use(async () => {
      await extension.context.close();
      for (const entry of readdirSync(extension.dir)) rmSync(join(extension.dir, entry), { recursive: true, force: true });
      cpSync(E2E_EXTENSION_DIR, extension.dir, { recursive: true });
      // Chromium keeps running the worker script it registered for an unpacked extension even when
      // the files and the version change: without its registration it registers the new one.
      rmSync(join(extension.userDataDir, 'Default', 'Service Worker'), { recursive: true, force: true });
      const relaunched = await launchWithExtension({ extensionDir: extension.dir, userDataDir: extension.userDataDir, offline: true });
      // The fixtures' helpers read these at each call: they follow the relaunched browser.
      extension.context = relaunched.context;
      extension.serviceWorker = relaunched.serviceWorker;
      expect(relaunched.extensionId).toBe(extension.extensionId);
    });
  },
});

/** The extension database's version and the stored settings, read inside the worker. */
async function storedState(extension: ExtensionHandle) {
  return extension.serviceWorker.evaluate(async () => {
    const g = globalThis as unknown as WorkerGlobals;
    const databases = await g.indexedDB.databases();
    const { settings } = await g.chrome.storage.local.get('settings');
    return {
      manifestVersion: g.chrome.runtime.getManifest().version,
      dbVersion: databases.find((d) => d.name === 'outreach-companion')?.version ?? null,
      settings: settings as { baseUrl?: string; settingsVersion?: number } | undefined,
    };
  });
}

/**
 * A failed record as builds before the ErrorView (database version 1) stored it: `{code, message}`,
 * written into the previous build's database beside the actions it queued itself.
 */
async function addLegacyFailedRecord(extension: ExtensionHandle, target: { conversationId: string; leadId: string }) {
  await extension.serviceWorker.evaluate(async (t) => {
    const g = globalThis as unknown as WorkerGlobals;
    const request = g.indexedDB.open('outreach-companion');
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      request.onsuccess = () => ok(request.result);
      request.onerror = () => ko(request.error);
    });
    const tx = db.transaction('outbox', 'readwrite');
    tx.objectStore('outbox').add({
      kind: 'archive',
      conversationId: t.conversationId,
      leadId: t.leadId,
      profileUrl: null,
      id: 1_000,
      createdAt: Date.now(),
      state: 'failed',
      attempts: 1,
      nextAttemptAt: 0,
      uncertain: false,
      error: { code: 'rejected', message: 'Refused by the service.' },
    });
    await new Promise((ok, ko) => {
      tx.oncomplete = ok;
      tx.onerror = () => ko(tx.error);
    });
    db.close();
  }, target);
}

test.beforeAll(() => {
  // The previous version, built once for this file (about ten seconds).
  execFileSync('npx', ['tsx', 'test/e2e/build-extension.ts', 'previous'], { stdio: 'inherit' });
});

test('actions queued offline by the previous version reach the service exactly once after the update, the stored data migrated', async ({
  extension,
  installNewBuild,
  emulator,
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
  emulatorCalls,
}) => {
  test.setTimeout(110_000);
  await (await configureExtension()).close();
  const before = await storedState(extension);
  expect(before).toMatchObject({ manifestVersion: '0.0.1', dbVersion: LATEST_DB_VERSION - 1 });
  expect(before.settings).toMatchObject({ baseUrl: emulator.baseUrl, settingsVersion: SETTINGS_VERSION - 1 });
  // Settings as builds before settings version 2 could store them: the base URL as typed, with a
  // trailing slash (this version reads it as it is: the client strips it per call).
  await extension.serviceWorker.evaluate(async (baseUrl) => {
    const { chrome } = globalThis as unknown as WorkerGlobals;
    const { settings } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...(settings as object), baseUrl } });
  }, `${emulator.baseUrl}/`);
  await expect.poll(async () => (await storedState(extension)).settings?.baseUrl).toBe(`${emulator.baseUrl}/`);

  const ada = (await leadByUrl('ada-lovelace'))!;
  const [conversation] = await leadConversations(ada.id);
  const grace = (await leadByUrl('grace-hopper'))!;
  const [graceConversation] = await leadConversations(grace.id);
  const noteBefore = (await emulatorConversation(conversation!.id)).note ?? '';
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await expect(conversationStatus(panel)).toHaveText('Open');

  // Offline: an append and an archive, queued; the append (head of the conversation's lane) tried and
  // failed as offline, the archive waiting behind it.
  await extension.context.setOffline(true);
  const line = 'Queued before the update.';
  await panel.getByLabel('Append to note').fill(line);
  await panel.getByRole('button', { name: 'Append', exact: true }).click();
  await panel.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(conversationStatus(panel)).toHaveText('Archived');
  await expect(outboxList(panel).getByRole('listitem')).toHaveCount(2);
  await expect
    .poll(async () => (await outboxItems(panel)).map((i) => ({ kind: i.kind, state: i.state, failedOffline: i.error?.code === 'offline' })))
    .toEqual([
      { kind: 'note', state: 'pending', failedOffline: true },
      { kind: 'archive', state: 'pending', failedOffline: false },
    ]);
  await addLegacyFailedRecord(extension, { conversationId: graceConversation!.id, leadId: grace.id });
  const mutations = async () => (await emulatorCalls()).filter((c) => c.endpoint === 'updateNote' || c.endpoint === 'archiveConversation');
  expect(await mutations()).toEqual([]);

  // The update, while offline: the new build replaces the old one in place. Its worker opens the
  // database as it starts: the upgrade runs then, on the previous version's records.
  await installNewBuild();
  await expect.poll(async () => storedState(extension)).toMatchObject({ manifestVersion: '0.1.0', dbVersion: LATEST_DB_VERSION });
  expect(await mutations()).toEqual([]);

  // Online: the two actions land, once each, in the order they were made.
  await extension.context.setOffline(false);
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).status, { timeout: 45_000 }).toBe('ARCHIVED');
  const note = (await emulatorConversation(conversation!.id)).note ?? '';
  expect(note.startsWith(noteBefore)).toBe(true);
  expect(note.split(line)).toHaveLength(2);
  // The call history lists the newest first.
  const landed = (await mutations()).filter((c) => c.ok).sort((a, b) => a.id - b.id).map((c) => c.endpoint);
  expect(landed).toEqual(['updateNote', 'archiveConversation']);

  // The settings are migrated as the new build reads them (its next write stamps the new version).
  const options = await extension.context.newPage();
  await options.goto(`${extension.origin}/options.html`);
  await expect(options.getByLabel('Base URL')).toHaveValue(emulator.baseUrl);

  // The legacy failed record reads as an ErrorView: listed as refused, with its sentence kept, nothing sent.
  const items = await outboxItems(options);
  expect(items.map((i) => ({ kind: i.kind, state: i.state, error: i.error }))).toEqual([
    { kind: 'archive', state: 'failed', error: { code: 'rejected', detail: 'Refused by the service.' } },
  ]);
  await expect(options.getByText('Refused by the service.')).toBeVisible();
  expect((await emulatorConversation(graceConversation!.id)).status).toBe('OPEN');
});
