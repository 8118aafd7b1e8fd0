/** The options page after `Test key`: the key works, the workspace's members, the call history. */
import type { Scene } from '../scene';
import { say } from '../steps';

/** The demo's address (`npm run demo`): what a reader of the README types. */
const DEMO_BASE_URL = 'http://127.0.0.1:8787/flow';

/** Empties the worker's call log (the `calls` store of its IndexedDB, lib/store/db.ts). */
const CLEAR_CALL_LOG = `new Promise((done, fail) => {
  const open = indexedDB.open('outreach-companion');
  open.onerror = () => fail(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction('calls', 'readwrite');
    tx.objectStore('calls').clear();
    tx.oncomplete = () => { open.result.close(); done(); };
    tx.onerror = () => fail(tx.error);
  };
})`;

export const scene: Scene = {
  title: 'options page (key tested)',
  locales: ['en', 'fr'],
  // As a real service over the internet: each call's duration then reads "0.4 s" on every run (the
  // product shows tenths of a second; a loopback call would be "< 0.1 s", or not, on a busy machine).
  latencyMs: 360,
  async run(kit) {
    // The history starts with this page, as the emulator's starts with the scene: the browser's
    // set-up (its key saved through this page) made calls while it was still starting, slower or
    // faster from one run to the next.
    const [worker] = kit.context.serviceWorkers();
    if (!worker) throw new Error('no service worker');
    await worker.evaluate(CLEAR_CALL_LOG);
    const options = await kit.openExtensionPage('options.html', { width: 1000, height: 900 });
    const calls = options.getByRole('table', { name: say(kit, 'callHistoryTitle') });
    const rows = calls.locator('tbody tr:has(td.num)');
    await rows.first().waitFor({ timeout: 15_000 });
    const before = await rows.count();
    await options.getByRole('button', { name: say(kit, 'testKey'), exact: true }).click();
    await options.getByTestId('key-outcome').getByRole('list').waitFor({ timeout: 15_000 });
    // Test key's call in the history, as a user sees it after pressing Refresh.
    await options.getByRole('button', { name: say(kit, 'refresh'), exact: true }).click();
    await rows.nth(before).waitFor({ timeout: 15_000 });
    // The call Test key made, picked with the history's endpoint filter. (Opening the page reads the
    // identities, and those calls overlap: their durations differ from run to run.)
    // The members are also read as the page opens (the "I am" of the reply): those rows stay.
    const filter = options.getByLabel(say(kit, 'callEndpointFilter'), { exact: true });
    await filter.selectOption('listMembers');
    await rows.nth(before + 1).waitFor({ state: 'detached' });
    await options.getByRole('heading', { name: say(kit, 'sectionOutbox') }).hover();
    // The run's emulator takes a free port: the field shows the demo's address instead (its value
    // only, no input event: nothing is saved).
    await options.getByLabel(say(kit, 'baseUrlLabel'), { exact: true }).evaluate((input, url) => ((input as HTMLInputElement).value = url), DEMO_BASE_URL);
    await options.getByLabel(say(kit, 'webAppLabel'), { exact: true }).evaluate((input, url) => ((input as HTMLInputElement).value = url), new URL(DEMO_BASE_URL).origin);
    await kit.shoot(options, 'options', { fullPage: true });
  },
};
