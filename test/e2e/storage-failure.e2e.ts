/**
 * IndexedDB fails: a real fault, the extension's database at a version this build cannot open (as
 * after a rollback to an older build: `VersionError`). The next worker runs without it: the panel
 * says so in plain words, profiles are read from the service, and an action is refused (said once:
 * the notice gives the reason, the action says it was not done), never queued where a worker stop would lose it.
 */
import { extensionWorker, WorkerStopper } from './hardening/support';
import { test, expect, conversationStatus, expectLeadShown } from './fixtures';

const SENTENCE = /saved data can't be opened/;

test('a database the build cannot open: the panel says so, reading works from the network, an action is refused, not lost', async ({
  extension,
  demo,
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
  emulatorCalls,
}) => {
  const options = await configureExtension();
  // A newer version of the database than this build knows; the worker's own connection gives way.
  await extension.serviceWorker.evaluate(async () => {
    await new Promise<void>((ok, ko) => {
      const request = indexedDB.open('outreach-companion', 99);
      request.onsuccess = () => {
        request.result.close();
        ok();
      };
      request.onerror = () => ko(request.error);
    });
  });
  await new WorkerStopper(options).stop();
  extension.serviceWorker = await extensionWorker(extension, options);

  // The options page says so; the key, locked in the database, is entered again (kept for the session).
  await options.reload();
  await expect(options.getByTestId('storage-notice')).toContainText(SENTENCE);
  await expect(options.getByTestId('storage-notice')).toContainText('kept for this browser session only');
  await options.getByLabel('API key').fill(demo.proKey);
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(options.getByTestId('key-outcome')).toContainText('The key works');

  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await expect(panel.getByTestId('storage-notice')).toContainText(SENTENCE);
  await expectLeadShown(panel, 'Ada Lovelace');
  await expect(conversationStatus(panel)).toHaveText('Open');

  await panel.getByRole('button', { name: 'Archive', exact: true }).click();
  // Refused, said once: the notice gives the reason; the action says only that it was not done.
  await expect(panel.getByRole('alert').filter({ hasText: /^Not done: changes can't be kept/ })).toBeVisible();
  await expect(panel.getByRole('alert').filter({ hasText: SENTENCE })).toHaveCount(1);
  await expect(panel.getByText(SENTENCE)).toHaveCount(1);
  await expect(conversationStatus(panel)).toHaveText('Open');
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'archiveConversation')).toEqual([]);
  expect((await emulatorConversation(conversation!.id)).status).toBe('OPEN');
});
