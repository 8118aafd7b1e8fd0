/**
 * Answering the lead from the panel (issue 23): a reply lands once, as the conversation's identity,
 * on pronet and in the last email thread; Undo within the window sends nothing; offline then online
 * sends once; a worker stopped during the window still sends once.
 */
import { openPanelReply } from './panel-steps';
import { WorkerStopper } from './hardening/support';
import { test, expect, outboxItems } from './fixtures';
import { adaPronetReply, messagesOf, sayWhoIAm, setUndoSeconds, withText } from './reply-support';

// A busy machine makes a panel slow to open; each test waits out undo windows and a worker restart.
test.describe.configure({ timeout: 180_000 });

test('a pronet reply lands once, as the conversation identity; the panel shows Sends in, then Sent', async ({ emulator, emulatorCalls, configureExtension, openProfile, openPanelFor, leadByUrl, leadConversations }) => {
  const { conversation, panel, box } = await adaPronetReply({ configureExtension, openProfile, openPanelFor, leadByUrl, leadConversations }, 3);

  // Empty: Send is refused before anything is sent.
  await expect(panel.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await box.fill('   ');
  await expect(panel.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();

  const words = 'Thursday at 10 works for me. <b>Talk soon</b> & thanks!';
  await box.fill(words);
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await sayWhoIAm(panel);
  await expect(panel.getByTestId('reply-state').first()).toContainText(/Sends in \d s/);
  await expect(box).toHaveValue('');
  await expect(panel.getByTestId('reply-status')).toHaveText('Sent', { timeout: 30_000 });

  const landed = withText(await messagesOf(emulator, conversation.id), 'Thursday at 10');
  expect(landed).toHaveLength(1);
  expect(landed[0]).toMatchObject({ channel: 'PRONET', content: words });
  const sends = (await emulatorCalls()).filter((c) => c.endpoint === 'sendPronetMessage');
  expect(sends).toHaveLength(1);
  // The conversation's last message follows.
  await expect(panel.getByTestId('last-message')).toContainText('Sent', { timeout: 15_000 });

  // "I am" was asked once: the next pronet reply goes without the question.
  await box.fill('One more thing: the pricing sheet is attached.');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel.getByTestId('reply-state').first()).toBeVisible();
  await expect(panel.getByLabel('I am', { exact: true })).toHaveCount(0);
  await expect.poll(async () => withText(await messagesOf(emulator, conversation.id), 'pricing sheet is attached').length, { timeout: 30_000 }).toBe(1);
});

test('an email reply goes in the last thread, as escaped paragraphs, in the words typed', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulator,
  emulatorControl,
}) => {
  const options = await configureExtension();
  await setUndoSeconds(options, 0);
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  await emulatorControl('inbound', { conversationId: conversation!.id, content: '<p>Could you email me the pricing?</p>', channel: 'EMAIL', subject: 'Pricing for 3 seats' });
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  const box = await openPanelReply(panel);
  await panel.getByRole('radio', { name: 'Email' }).check({ timeout: 15_000 });
  await expect(panel.getByTestId('reply-thread')).toContainText('Pricing for 3 seats');
  await box.fill('Here it is:\n\n<script>x</script> 3 seats & support');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel.getByTestId('reply-status')).toHaveText('Sent', { timeout: 30_000 });

  const landed = withText(await messagesOf(emulator, conversation!.id), 'Here it is');
  expect(landed).toHaveLength(1);
  expect(landed[0]).toMatchObject({ channel: 'EMAIL', subject: 'Re: Pricing for 3 seats', content: '<p>Here it is:</p><p>&lt;script&gt;x&lt;/script&gt; 3 seats &amp; support</p>' });
});

test('Undo within the window sends nothing and brings the text back', async ({ configureExtension, openProfile, openPanelFor, emulatorCalls }) => {
  const options = await configureExtension();
  await setUndoSeconds(options, 30);
  const panel = await openPanelFor(await openProfile('grace-hopper'));
  const box = await openPanelReply(panel);
  await expect(box).toBeEnabled({ timeout: 15_000 });
  await box.fill('Wrong person, sorry');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await sayWhoIAm(panel);
  await expect(panel.getByTestId('reply-state')).toContainText(/Sends in \d+ s/);
  await panel.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(box).toHaveValue('Wrong person, sorry');
  await expect(panel.getByTestId('reply-item')).toHaveCount(0);
  // The worker's outbox holds nothing: no send can follow.
  await expect.poll(async () => outboxItems(panel)).toEqual([]);
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'sendPronetMessage' || c.endpoint === 'sendEmail')).toEqual([]);

  // The draft is kept across a panel close.
  await panel.close();
  const again = await openPanelFor(await openProfile('grace-hopper'));
  await expect(again.getByLabel('Reply', { exact: true })).toHaveValue('Wrong person, sorry', { timeout: 15_000 });
});

test('offline then online sends once; a worker stopped during the window still sends once', async ({
  extension,
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulator,
}) => {
  const options = await configureExtension();
  await setUndoSeconds(options, 2);
  const [conversation] = await leadConversations((await leadByUrl('alan-turing'))!.id);
  const panel = await openPanelFor(await openProfile('alan-turing'));
  const box = await openPanelReply(panel);
  await expect(box).toBeEnabled({ timeout: 15_000 });
  // Alan's last message is an email: the reply goes on pronet by choice.
  await panel.getByRole('radio', { name: 'Pronet' }).check();

  await box.fill('Sent while offline');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await sayWhoIAm(panel);
  await expect(panel.getByTestId('reply-state')).toBeVisible();
  await extension.context.setOffline(true);
  // Offline past the undo window: the send was tried and failed.
  await expect.poll(async () => (await outboxItems(panel)).find((i) => i.kind === 'reply')?.attempts ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  await extension.context.setOffline(false);
  await expect.poll(async () => withText(await messagesOf(emulator, conversation!.id), 'Sent while offline').length, { timeout: 60_000 }).toBe(1);

  await box.fill('Sent across a worker stop');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(panel.getByTestId('reply-state')).toContainText(/Sends in \d s/);
  await new WorkerStopper(options).stop();
  await expect.poll(async () => withText(await messagesOf(emulator, conversation!.id), 'across a worker stop').length, { timeout: 60_000 }).toBe(1);
  // Nothing left in the outbox: no second send can follow.
  await expect.poll(async () => outboxItems(options)).toEqual([]);
  expect(withText(await messagesOf(emulator, conversation!.id), 'Sent while offline')).toHaveLength(1);
  expect(withText(await messagesOf(emulator, conversation!.id), 'across a worker stop')).toHaveLength(1);
});

test('from the queue with the keyboard: R opens the reply, Esc keeps the draft, Ctrl+Enter sends once; the help lists them', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  emulator,
}) => {
  const options = await configureExtension();
  await setUndoSeconds(options, 1);
  await options.close();
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await panel.getByRole('tab', { name: 'Inbox' }).click();
  const rows = panel.getByRole('list', { name: 'Waiting for reply' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const conversationId = (await rows.first().getAttribute('data-conversation'))!;
  await rows.first().focus();

  await panel.keyboard.press('?');
  const help = panel.getByRole('dialog');
  await expect(help).toContainText('Reply to the conversation');
  await expect(help).toContainText('Send the reply (starts the undo window)');
  await expect(help).toContainText('Close the reply, keeping the draft');
  await panel.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  await rows.first().focus();
  await panel.keyboard.press('r');
  const box = panel.getByLabel('Reply', { exact: true });
  await expect(box).toBeFocused({ timeout: 15_000 });
  await panel.keyboard.type('Answered from the queue');
  await panel.keyboard.press('Escape');
  await expect(box).toHaveCount(0);

  await rows.first().focus();
  await panel.keyboard.press('r');
  await expect(box).toHaveValue('Answered from the queue', { timeout: 15_000 });
  await box.focus();
  await panel.keyboard.press('Control+Enter');
  // On pronet (the row's last message's channel) the first send asks who I am; an email does not.
  // Either the question shows or the reply is on its way (queued or sent): whichever, not a timeout.
  const iAm = panel.getByLabel('I am', { exact: true }).last();
  const onItsWay = async () => (await outboxItems(panel)).some((i) => i.kind === 'reply') || withText(await messagesOf(emulator, conversationId), 'Answered from the queue').length > 0;
  await expect.poll(async () => (await iAm.isVisible()) || (await onItsWay()), { timeout: 30_000 }).toBe(true);
  if (await iAm.isVisible()) await sayWhoIAm(panel);
  await expect.poll(async () => withText(await messagesOf(emulator, conversationId), 'Answered from the queue').length, { timeout: 60_000 }).toBe(1);
  await expect.poll(async () => outboxItems(panel)).toEqual([]);
  expect(withText(await messagesOf(emulator, conversationId), 'Answered from the queue')).toHaveLength(1);
});

test('"I am" has left the workspace: the reply is not sent, who I am is asked again, and the same reply lands once as the one chosen', async ({
  emulator,
  emulatorCalls,
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
}) => {
  const { options, conversation, panel, box } = await adaPronetReply({ configureExtension, openProfile, openPanelFor, leadByUrl, leadConversations }, 0);
  // Chosen once, as the options page does: a teammate who has since left the workspace.
  await options.evaluate(async () => {
    const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime;
    await runtime.sendMessage({ type: 'reply-member-set', memberId: 'member-who-left' });
  });
  await box.fill('Are we still on for Thursday?');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(panel.getByTestId('reply-state').first()).toHaveText('Not sent', { timeout: 30_000 });
  await expect(panel.getByText('The teammate chosen as “I am” is no longer in the workspace: the message was not sent.')).toBeVisible();
  await expect(panel.getByTestId('reply-item')).toContainText('Are we still on for Thursday?');
  // Retrying in the name of someone who left would be refused again: who I am is asked instead.
  await expect(panel.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0);
  await expect(panel.getByText(/Who are you now\?/)).toBeVisible();
  await sayWhoIAm(panel);
  await expect(panel.getByTestId('reply-status')).toHaveText('Sent', { timeout: 30_000 });

  expect(withText(await messagesOf(emulator, conversation.id), 'still on for Thursday')).toHaveLength(1);
  const sends = (await emulatorCalls()).filter((c) => c.endpoint === 'sendPronetMessage');
  expect(sends.map((c) => c.status).sort()).toEqual([200, 404]);
  // The next reply goes as the member chosen, without the question.
  await box.fill('See you then.');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(async () => withText(await messagesOf(emulator, conversation.id), 'See you then').length, { timeout: 30_000 }).toBe(1);
  await expect(panel.getByText(/Who are you now\?/)).toHaveCount(0);
});
