import { test, expect, conversationStatus, outboxItems, outboxList } from './fixtures';

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
  // Shown at once as archived, with the change listed as waiting; the outbox met the outage (an
  // attempt failed as offline) and keeps the change for a later attempt.
  await expect(conversationStatus(panel)).toHaveText('Archived');
  await expect(outboxList(panel).getByRole('listitem')).toHaveCount(1);
  await expect(outboxList(panel)).toContainText('Archive');
  await expect
    .poll(async () => {
      const [item, ...more] = await outboxItems(panel);
      return more.length === 0 && item ? { kind: item.kind, state: item.state, failedOffline: item.attempts >= 1 && item.error?.code === 'offline' } : null;
    })
    .toEqual({ kind: 'archive', state: 'pending', failedOffline: true });
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
