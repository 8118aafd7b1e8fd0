import { test, expect, conversationStatus, outboxList } from './fixtures';

// Playwright's offline mode covers the extension's service worker too (checked below: while offline
// the emulator receives no archive call at all), so the outbox meets a real network failure.
test('offline then online: the queued Archive is kept, shown as pending, and delivered exactly once', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
  emulatorCalls,
  extension,
}) => {
  await (await configureExtension()).close();
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await expect(conversationStatus(panel)).toHaveText('Open');
  const archiveCalls = async () => (await emulatorCalls()).filter((c) => c.endpoint === 'archiveConversation');

  await extension.context.setOffline(true);
  await panel.getByRole('button', { name: 'Archive', exact: true }).click();
  // Shown at once as archived, with the change listed as waiting; a failed attempt schedules the next.
  await expect(conversationStatus(panel)).toHaveText('Archived');
  await expect(outboxList(panel)).toContainText('Archive');
  await expect(outboxList(panel)).toContainText('Next attempt');
  expect(await archiveCalls()).toHaveLength(0);
  expect((await emulatorConversation(conversation!.id)).status).toBe('OPEN');

  await extension.context.setOffline(false);
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).status, { timeout: 45_000 }).toBe('ARCHIVED');
  await expect(outboxList(panel)).toHaveCount(0);
  await expect(conversationStatus(panel)).toHaveText('Archived');
  const calls = await archiveCalls();
  expect(calls).toHaveLength(1);
  expect(calls[0]!.ok).toBe(true);
});
