/**
 * After a reply from the queue (issue 34): the row turns at once (it no longer waits for you), the
 * queue's count and the toolbar's drop by one, an open popup follows (pushed), and the composer keeps
 * the text it sent once it says Sent. The reply lands once on the emulator.
 */
import { expect, test, toolbarCount } from './fixtures';
import { messagesOf, sayWhoIAm, setUndoSeconds, withText } from './reply-support';

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
