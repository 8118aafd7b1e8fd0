/**
 * After a reply from the queue (issue 34): the row turns at once (it no longer waits for you), the
 * queue's count and the toolbar's drop by one, an open popup follows (pushed), and the composer keeps
 * the text it sent once it says Sent. The reply lands once on the emulator.
 */
import { createClient } from '../../lib/api/client';
import { queueFilters } from '../../lib/inbox/queue';
import { expect, outboxItems, test, toolbarCount, type EmulatorHandle } from './fixtures';
import { messagesOf, replyFromQueue, sayWhoIAm, setUndoSeconds, withText } from './reply-support';

test('a reply from the queue turns its row and moves the queue count, the toolbar and the open popup at once', async ({
  extension,
  emulator,
  configureExtension,
  openProfile,
  openPanelFor,
}) => {
  const options = await configureExtension();
  await setUndoSeconds(options, 0);
  await options.close();
  const profile = await openProfile('ada-lovelace');
  const panel = await openPanelFor(profile);
  await panel.getByRole('tab', { name: 'Inbox' }).click();
  const rows = panel.getByRole('list', { name: 'Waiting for reply' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  const conversationId = (await rows.first().getAttribute('data-conversation'))!;
  const row = panel.locator(`[data-conversation="${conversationId}"]`);
  await expect(row.getByTestId('inbox-waited')).toBeVisible();
  const total = Number((await panel.getByTestId('inbox-total').textContent())!.split(' ')[0]);
  await expect.poll(() => toolbarCount(extension.serviceWorker)).toBe(String(total));
  const popup = await openPanelFor(profile, { surface: 'popup' });
  await expect(popup.getByTestId('inbox-count')).toHaveText(`${total} waiting for a reply`);

  await panel.bringToFront();
  await row.focus();
  await panel.keyboard.press('r');
  const box = panel.getByLabel('Reply', { exact: true });
  await expect(box).toBeFocused();
  await panel.keyboard.type('Answered from the queue, counted at once');
  await panel.keyboard.press('Control+Enter');
  // On pronet the first send asks who I am (once); an email does not.
  const asked = panel.getByLabel('I am', { exact: true }).last();
  const sent = panel.getByTestId('reply-status');
  await expect(asked.or(sent)).toBeVisible();
  if (await asked.isVisible()) await sayWhoIAm(panel);

  // The row turns (it stays under its composer, waiting for them now, not for you, counted from the
  // reply, not from the lead's message of days ago: issue 41); the counts drop by one.
  await expect(row.getByTestId('inbox-waited')).toHaveText(/^Waiting for them/);
  await expect(row.getByTestId('inbox-waited')).not.toHaveText(/day|week|month/);
  await expect(panel.getByTestId('inbox-total')).toHaveText(`${total - 1} conversations`);
  await expect.poll(() => toolbarCount(extension.serviceWorker)).toBe(String(total - 1));
  await expect(popup.getByTestId('inbox-count')).toHaveText(`${total - 1} waiting for a reply`);

  // Sent, with the text that went; once on the emulator; the row and counts stay turned after it left the outbox.
  await expect(sent).toHaveText('Sent');
  await expect(panel.getByTestId('reply-sent-item')).toContainText('Answered from the queue, counted at once');
  await expect.poll(async () => withText(await messagesOf(emulator, conversationId), 'Answered from the queue, counted at once').length).toBe(1);
  await expect(row.getByTestId('inbox-waited')).toHaveText(/^Waiting for them/);
  await expect(panel.getByTestId('inbox-total')).toHaveText(`${total - 1} conversations`);
  await expect.poll(() => toolbarCount(extension.serviceWorker)).toBe(String(total - 1));
});

/** The service's own count of Waiting for reply, asked the way the queue asks it. */
async function serviceWaiting(emulator: EmulatorHandle, key: string): Promise<number> {
  const client = createClient({ baseUrl: emulator.baseUrl, apiKey: key });
  return (await client.conversations.search({ ...queueFilters({ view: 'waiting' }, Date.now()), limit: 1 })).total!;
}

test('send, next, send, Undo, archive and its Undo, snooze: the queue count, the replied row and the toolbar agree with the service (issue 41)', async ({
  extension,
  emulator,
  demo,
  configureExtension,
  openProfile,
  openPanelFor,
}) => {
  const options = await configureExtension();
  await setUndoSeconds(options, 10);
  await options.close();
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await panel.getByRole('tab', { name: 'Inbox' }).click();
  const list = panel.getByRole('list', { name: 'Waiting for reply' });
  const rows = list.getByRole('listitem');
  await expect(rows.nth(2)).toBeVisible();
  const [first, second] = (await Promise.all([0, 1].map(async (i) => (await rows.nth(i).getAttribute('data-conversation'))!))) as [string, string];
  const total = Number((await panel.getByTestId('inbox-total').textContent())!.split(' ')[0]);
  expect(total).toBe(await serviceWaiting(emulator, demo.proKey));
  const shown = async () => Number((await panel.getByTestId('inbox-total').textContent())!.split(' ')[0]);
  const reply = (words: string) => replyFromQueue(panel, words);

  // r, send on the first row: it turns, shows the text sent as its last message, and the count drops.
  await panel.locator(`[data-conversation="${first}"]`).focus();
  await reply('First answer, kept');
  const firstRow = panel.locator(`[data-conversation="${first}"]`);
  await expect(firstRow.getByTestId('inbox-waited')).toHaveText(/^Waiting for them/);
  await expect(firstRow.getByTestId('inbox-preview')).toHaveText(/^You: First answer, kept/);
  await expect.poll(shown).toBe(total - 1);

  // Esc: the user moves on, and the replied row leaves Waiting for reply, as an archived row does.
  await panel.getByLabel('Reply', { exact: true }).focus();
  await panel.keyboard.press('Escape');
  await expect(firstRow).toHaveCount(0);
  await expect.poll(shown).toBe(total - 1);

  // r, send on the second, then Undo: only the first reply stays counted.
  await panel.locator(`[data-conversation="${second}"]`).focus();
  await reply('Second answer, taken back');
  await expect.poll(shown).toBe(total - 2);
  await panel.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(shown).toBe(total - 1);

  // Once the first reply has landed and left the outbox, the count, the toolbar and the service agree.
  await expect.poll(async () => withText(await messagesOf(emulator, first), 'First answer, kept').length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => outboxItems(panel)).toEqual([]);
  expect(withText(await messagesOf(emulator, second), 'Second answer, taken back')).toHaveLength(0);
  await expect.poll(() => serviceWaiting(emulator, demo.proKey)).toBe(total - 1);
  await expect.poll(shown).toBe(total - 1);
  await expect.poll(() => toolbarCount(extension.serviceWorker)).toBe(String(total - 1));

  // Archive the second (e), Undo, then snooze it (s): the count follows, and so does the service.
  const secondRow = panel.locator(`[data-conversation="${second}"]`);
  await secondRow.focus();
  await panel.keyboard.press('e');
  await expect.poll(shown).toBe(total - 2);
  await panel.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(shown).toBe(total - 1);
  await secondRow.focus();
  await panel.keyboard.press('s');
  await expect.poll(shown).toBe(total - 2);
  await expect.poll(() => outboxItems(panel)).toEqual([]);
  await expect.poll(() => serviceWaiting(emulator, demo.proKey)).toBe(total - 2);
  await expect.poll(() => toolbarCount(extension.serviceWorker)).toBe(String(total - 2));
  // A fresh look at the view (another view and back) says the same.
  await panel.getByLabel('View', { exact: true }).selectOption('snoozed');
  await panel.getByLabel('View', { exact: true }).selectOption('waiting');
  await expect(rows.first()).toBeVisible();
  await expect.poll(shown).toBe(total - 2);
});
