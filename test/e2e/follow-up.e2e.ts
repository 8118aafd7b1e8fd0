/**
 * A follow-up is a reminder, not a hiding place (issue 41): "Remind me in 3 days if no answer" snoozes
 * Ada's conversation until 09:00 three days on; when she answers and the panel reads it (Refresh),
 * the worker takes back its own snooze through the outbox, and the panel shows her answer as waiting.
 */
import { test, expect, conversationStatus } from './fixtures';
import { adaPronetReply, sayWhoIAm } from './reply-support';

test.describe.configure({ timeout: 120_000 });

test('the lead answers a follow-up: the snooze the product set is taken back, once', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
  emulatorControl,
  emulatorCalls,
}) => {
  const { conversation, panel, box } = await adaPronetReply({ configureExtension, openProfile, openPanelFor, leadByUrl, leadConversations }, 0);
  await panel.getByRole('checkbox', { name: 'Remind me in 3 days if no answer' }).check();
  await box.fill('Here is the deck; tell me what you think.');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await sayWhoIAm(panel);
  await expect.poll(async () => (await emulatorConversation(conversation.id)).status, { timeout: 30_000 }).toBe('SNOOZED');
  const until = (await emulatorConversation(conversation.id)).snoozeUntil!;
  // The morning three days on, in the user's time.
  expect(await panel.evaluate((ms) => [new Date(ms).getHours(), new Date(ms).getMinutes()], until)).toEqual([9, 0]);
  await expect(conversationStatus(panel)).toContainText('Snoozed', { timeout: 15_000 });

  await emulatorControl('inbound', { conversationId: conversation.id, content: 'Thanks, reading it now.' });
  await panel.getByRole('button', { name: 'Refresh' }).first().click();
  await expect.poll(async () => (await emulatorConversation(conversation.id)).status, { timeout: 30_000 }).toBe('OPEN');
  await expect(conversationStatus(panel)).not.toContainText('Snoozed', { timeout: 15_000 });
  await expect(panel.getByTestId('last-message')).toContainText('Received', { timeout: 15_000 });
  await expect(panel.getByText('Thanks, reading it now.').first()).toBeVisible();
  // Once: read again, nothing more is sent.
  await panel.getByRole('button', { name: 'Refresh' }).first().click();
  await expect.poll(async () => (await emulatorCalls()).filter((c) => c.endpoint === 'searchLeads').length).toBeGreaterThan(1);
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'unsnoozeConversation' && c.ok)).toHaveLength(1);
});
