/**
 * A placeholder typed by hand is filled as a picked one is (issue 34: only picks were filled), from
 * the lead the panel shows, before the reply is queued; one nobody can fill still blocks Send.
 */
import { test, expect } from './fixtures';
import { adaPronetReply, messagesOf, sayWhoIAm, withText } from './reply-support';

test('a typed {{firstname}} goes out as the lead\'s name; an unknown {{x}} blocks Send', async ({ emulator, emulatorCalls, configureExtension, openProfile, openPanelFor, leadByUrl, leadConversations }) => {
  const { conversation, panel, box } = await adaPronetReply({ configureExtension, openProfile, openPanelFor, leadByUrl, leadConversations }, 0);
  const send = panel.getByRole('button', { name: 'Send', exact: true });
  const unfilled = panel.getByTestId('reply-unfilled');

  await box.fill('Hello {{firstname}}, typed by hand for {{ companyName }} on {{meetingDay}}.');
  await expect(unfilled).toHaveText('Fill {{meetingDay}} before sending.');
  await expect(send).toBeDisabled();
  await box.fill('Hello {{firstname}}, typed by hand for {{ companyName }}.');
  await expect(unfilled).toHaveCount(0);
  await send.click();
  await sayWhoIAm(panel);
  await expect(panel.getByTestId('reply-status')).toHaveText('Sent', { timeout: 30_000 });

  await expect.poll(async () => withText(await messagesOf(emulator, conversation.id), 'typed by hand').length).toBe(1);
  const [landed] = withText(await messagesOf(emulator, conversation.id), 'typed by hand');
  expect(landed!.content).toBe('Hello Ada, typed by hand for Analytical Engines Ltd.');
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'sendPronetMessage')).toHaveLength(1);
});
