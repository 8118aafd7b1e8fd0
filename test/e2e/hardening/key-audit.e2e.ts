/**
 * Key audit. A whole session as a user has it (key set and tested on the options page, a wrong key
 * tried, profiles browsed in-page and by address, actions taken, a failing service met, popup, side
 * panel and options with its call history opened), then a search for the key everywhere the browser
 * lets anything see it: storage.local / sync / session, the extension's IndexedDB outside its secret
 * slot, the call log (as the background returns it and as the options page shows it), every console
 * line of every page and of the service worker, every page's DOM (the chip's closed shadow root
 * included), every request's URL, body and headers, and the emulator's call history. The key may
 * appear in one place only: the `Authorization` header of the calls to the service.
 */
import type { Page } from '@playwright/test';
import { readChips, isExtensionChip } from '../chip';
import { test, expect, chipLabel, conversationStatus, expectLeadShown, outboxItems } from '../fixtures';
import { ConsoleRecorder, RequestRecorder, extensionWorker, sendFromPage, type ChromeApi } from './support';

/** Everything a DOM shows of itself: markup (with open shadow roots), text, and field values. */
async function pageDump(page: Page): Promise<string> {
  return page.evaluate(() => {
    const shadows: string[] = [];
    const values: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      if (el.shadowRoot) shadows.push(el.shadowRoot.innerHTML);
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) values.push(el.value);
    }
    return JSON.stringify({
      html: document.documentElement.outerHTML,
      text: document.body.innerText,
      shadows,
      values,
      local: { ...localStorage },
      session: { ...sessionStorage },
      cookie: document.cookie,
    });
  });
}

/** The whole DOM as the DevTools protocol sees it: closed shadow roots included. */
async function piercedDom(page: Page): Promise<string> {
  const session = await page.context().newCDPSession(page);
  try {
    return JSON.stringify(await session.send('DOM.getDocument', { depth: -1, pierce: true }));
  } finally {
    await session.detach();
  }
}

/** Every store of the extension's database but the key's own slot, read from an extension page. */
async function databaseDump(extensionPage: Page): Promise<{ stores: string[]; secretSlots: number; dump: string }> {
  return extensionPage.evaluate(
    () =>
      new Promise<{ stores: string[]; secretSlots: number; dump: string }>((resolve, reject) => {
        const open = indexedDB.open('outreach-companion');
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const stores = [...db.objectStoreNames];
          const tx = db.transaction(stores, 'readonly');
          const out: Record<string, unknown[]> = {};
          let secretSlots = 0;
          for (const name of stores) {
            const req = tx.objectStore(name).getAll();
            req.onsuccess = () => {
              if (name === 'secrets') secretSlots = req.result.length;
              else out[name] = req.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve({ stores, secretSlots, dump: JSON.stringify(out) });
          };
          tx.onerror = () => reject(tx.error ?? new Error('read failed'));
        };
      }),
  );
}

test('key audit: after a whole session the key is nowhere but in the Authorization header', async ({
  extension,
  emulator,
  demo,
  configureExtension,
  openPanelFor,
  emulatorCalls,
  emulatorControl,
  leadByUrl,
  leadConversations,
  emulatorConversation,
}) => {
  test.setTimeout(120_000);
  const requests = new RequestRecorder(extension.context);
  const consoleLines = new ConsoleRecorder(extension.context);
  const key = demo.proKey;
  const wrongKey = 'key_audit_wrong_7f3a9c2e5b1d4f60';

  // Options: set the key and the base URL, test the stored key, then try a wrong one.
  const options = await configureExtension();
  const outcome = options.getByTestId('key-outcome');
  await options.getByRole('button', { name: 'Test key' }).click();
  await expect(outcome).toContainText('members');
  await options.getByLabel('API key').fill(wrongKey);
  await options.getByRole('button', { name: 'Test key' }).click();
  await expect(outcome).toContainText('Unknown API key');
  await options.getByLabel('API key').fill('');

  // Browse: the feed, then profiles in-page, with the side panel pinned to the tab.
  const page = await extension.context.newPage();
  await page.goto(`${emulator.pronetOrigin}/feed/`);
  const panel = await openPanelFor(page);
  await page.getByRole('link', { name: 'Ada Lovelace', exact: true }).first().click();
  await expectLeadShown(panel, 'Ada Lovelace');
  await expect.poll(() => chipLabel(page)).toMatch(/^Open · Ada Lovelace/);

  // Actions: archive and append on ada.
  const [adaConversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  await panel.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(conversationStatus(panel)).toHaveText('Archived');
  await panel.getByLabel('Append to note').fill('Key audit: called back, wants the pricing.');
  await panel.getByRole('button', { name: 'Append', exact: true }).click();
  await expect(panel.getByLabel('Append to note')).toHaveValue('');

  // In-page to katherine (unarchive), then by address to alan (unsnooze) and margaret (add to audience).
  await page.getByRole('link', { name: 'Katherine Johnson', exact: true }).first().click();
  await expectLeadShown(panel, 'Katherine Johnson');
  await panel.getByRole('button', { name: 'Unarchive' }).click();
  await expect(conversationStatus(panel)).toHaveText('Open');
  await page.goto(`${emulator.pronetOrigin}/in/alan-turing/`);
  await expectLeadShown(panel, 'Alan Turing');
  await panel.getByRole('button', { name: 'Unsnooze' }).click();
  await expect(conversationStatus(panel)).toHaveText('Open');
  await page.goto(`${emulator.pronetOrigin}/in/margaret-hamilton/`);
  await expect(panel.getByText('Not a lead yet')).toBeVisible();
  await panel.getByLabel('Audience', { exact: true }).selectOption('Webinar attendees');
  await panel.getByRole('button', { name: 'Add to audience' }).click();
  await expect.poll(async () => (await leadByUrl('margaret-hamilton'))?.id ?? null).not.toBeNull();

  // A failing service: every call fails for a moment (error rows in the call log, error messages shown).
  // Refresh asks again for the profile on screen (an unknown address is now the network's "This page
  // doesn't exist", no profile, no call).
  // The panel may keep showing what it holds (with or without a notice): the calls that failed are what
  // is waited for, and whatever the panel says of them is audited with the rest below.
  const failedBefore = (await emulatorCalls({ failed: true })).length;
  await emulatorControl('faults', { errorRate: 1 });
  await panel.getByRole('button', { name: 'Refresh' }).first().click();
  await expect.poll(async () => (await emulatorCalls({ failed: true })).length, { timeout: 30_000 }).toBeGreaterThan(failedBefore);
  await emulatorControl('faults', {});
  await panel.getByRole('button', { name: 'Refresh' }).first().click();
  await expectLeadShown(panel, 'Margaret Hamilton');

  // Another tab on grace-hopper, with the popup.
  const grace = await extension.context.newPage();
  await grace.goto(`${emulator.pronetOrigin}/in/grace-hopper/`);
  const popup = await openPanelFor(grace, { surface: 'popup' });
  await expectLeadShown(popup, 'Grace Hopper');
  await expect.poll(() => chipLabel(grace)).toMatch(/Grace Hopper/);

  // Everything landed; then the options page with its call history, all and failed only.
  await expect.poll(async () => (await outboxItems(panel)).length, { timeout: 30_000 }).toBe(0);
  expect((await emulatorConversation(adaConversation!.id)).note).toContain('Key audit: called back');
  await options.reload();
  const history = options.getByRole('table', { name: 'Call history' });
  await expect(history.getByRole('row').nth(5)).toBeVisible();
  const historyAll = await history.innerText();
  await options.getByLabel('Failed calls only').check();
  await expect(history).toContainText('503');
  const historyFailed = await history.innerText();

  // Console lines of pages and of the service worker both reach the recorder.
  const worker = await extensionWorker(extension, options);
  await worker.evaluate(() => console.info('key-audit probe: service worker'));
  await page.evaluate(() => console.info('key-audit probe: page'));
  await expect.poll(() => consoleLines.lines.map((l) => l.text)).toEqual(expect.arrayContaining(['key-audit probe: service worker', 'key-audit probe: page']));

  // ---- The audit -------------------------------------------------------------------------------
  const secrets = [key, wrongKey, encodeURIComponent(key)];
  const clean = (where: string, text: string) => {
    for (const secret of secrets) expect(text.includes(secret), `${where} holds a key`).toBe(false);
  };

  // Storage areas, read in the service worker.
  const storage = await worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as ChromeApi;
    return JSON.stringify({ local: await chrome.storage.local.get(null), sync: await chrome.storage.sync.get(null), session: await chrome.storage.session.get(null) });
  });
  expect(storage).toContain(emulator.baseUrl); // the settings are there, so this is the right place
  clean('storage.local/sync/session', storage);

  // The database: the key in its slot, and in no other store.
  const db = await databaseDump(options);
  expect(db.stores).toEqual(expect.arrayContaining(['secrets', 'cache', 'outbox', 'calls', 'meta']));
  expect(db.secretSlots).toBe(1);
  expect(db.dump).toContain('searchLeads');
  clean('IndexedDB (all stores but secrets)', db.dump);

  // The call log, as the background answers it and as the options page shows it.
  const log = JSON.stringify(await sendFromPage(options, { type: 'call-log', limit: 500 }));
  expect(log).toContain('listMembers');
  clean('call-log reply', log);
  clean('options call history', historyAll + historyFailed);

  // Console: every line, with its arguments read where they could be.
  const lines = await consoleLines.settled();
  clean('console', JSON.stringify(lines));

  // DOM: profile pages (what the page sees, and the whole tree with closed shadow roots), extension pages.
  for (const profile of [page, grace]) {
    clean(`profile page ${profile.url()}`, await pageDump(profile));
    clean(`profile page ${profile.url()} (pierced)`, await piercedDom(profile));
    const chips = (await readChips(profile)).filter(isExtensionChip);
    expect(chips).toHaveLength(1);
    expect(await profile.evaluate(() => [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('outreach-companion-chip')).map((e) => e.shadowRoot === null))).toEqual([true]);
  }
  for (const extensionPage of [options, panel, popup]) clean(`extension page ${extensionPage.url()}`, await pageDump(extensionPage));

  // Requests: URL, body and every header but Authorization; the calls to the service carry it there.
  const apiCalls = requests.all.filter((r) => r.url.startsWith(`${emulator.baseUrl}/`));
  expect(apiCalls.length).toBeGreaterThan(10);
  for (const r of requests.all) {
    clean(`request URL ${r.method} ${r.url}`, r.url);
    clean(`request body ${r.method} ${r.url}`, r.postData ?? '');
    const { authorization, ...others } = r.headers;
    clean(`request headers ${r.method} ${r.url}`, JSON.stringify(others));
    if (authorization !== undefined) {
      expect(r.fromWorker, `only the service worker sends Authorization (${r.url})`).toBe(true);
      expect(r.url.startsWith(`${emulator.baseUrl}/`)).toBe(true);
    }
  }
  expect(apiCalls.every((r) => r.fromWorker && r.headers.authorization?.startsWith('Bearer '))).toBe(true);
  expect(apiCalls.filter((r) => r.headers.authorization === `Bearer ${key}`).length).toBeGreaterThan(10);

  // The emulator's own call history.
  const calls = await emulatorCalls();
  expect(calls.length).toBeGreaterThan(10);
  clean('emulator call history', JSON.stringify(calls));

  console.info(
    `key audit: ${requests.all.length} requests (${apiCalls.length} to the service), ${lines.length} console lines, ` +
      `${JSON.parse(log).value.length} call-log rows, ${calls.length} emulator calls, ${db.stores.length} database stores: no key outside Authorization`,
  );
});
