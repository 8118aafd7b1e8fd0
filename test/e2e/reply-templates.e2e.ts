/**
 * Templates and snippets in the reply composer (issue 23): a campaign step picked on Ada's lead is
 * filled with her name and company; a placeholder nobody can fill (a snippet's) stays in the text and
 * blocks Send until edited away; then the reply lands once, in the filled words.
 */
import { seriousViolations } from './axe';
import { test, expect } from './fixtures';
import { adaPronetReply, messagesOf, sayWhoIAm, withText } from './reply-support';

// Three picker openings, an axe run and a send on a busy machine.
test.describe.configure({ timeout: 240_000 });

test('a campaign template is filled for the lead; an unfillable placeholder blocks Send until edited; the reply lands once', async ({ emulator, emulatorCalls, configureExtension, openProfile, openPanelFor, leadByUrl, leadConversations }) => {
  const { conversation, panel, box } = await adaPronetReply({ configureExtension, openProfile, openPanelFor, leadByUrl, leadConversations }, 0);
  const send = panel.getByRole('button', { name: 'Send', exact: true });
  const templates = panel.getByRole('button', { name: 'Templates' });
  const picker = panel.getByRole('group', { name: 'Templates and snippets' });
  const unfilled = panel.getByTestId('reply-unfilled');

  // A snippet of the user's, with a placeholder no lead has: typed, blocked, saved.
  await box.fill('Shall we talk on {{ meetingDay }}?');
  await expect(unfilled).toHaveText('Fill {{meetingDay}} before sending.');
  await expect(send).toBeDisabled();
  await templates.click();
  await picker.getByLabel('Snippet name').fill('Meeting');
  await picker.getByRole('button', { name: 'Save reply as snippet' }).click();
  await expect(picker.getByRole('button', { name: /^Meeting/ })).toBeVisible();
  // The picker open over a blocked reply: its lists, its form, the sentence under the box.
  expect(await seriousViolations(panel)).toEqual([]);
  await templates.click();

  // The campaign's last pronet step, filled from Ada's lead.
  await box.fill('');
  await templates.click();
  await picker.getByRole('button', { name: /last note from me/ }).click();
  await expect(picker).toHaveCount(0);
  await expect(box).toHaveValue(/^Ada, last note from me: .*Analytical Engines Ltd\.$/s, { timeout: 15_000 });
  await expect(box).not.toHaveValue(/\{\{/);
  await expect(unfilled).toHaveCount(0);
  await expect(send).toBeEnabled();

  // The snippet, by keyboard, at the caret: its placeholder stays, is named, and blocks Send.
  await box.press('Control+End');
  await box.press('Space');
  await templates.focus();
  await templates.press('Enter');
  await expect(picker.getByRole('button', { name: /^Step 1/ })).toBeFocused();
  await picker.press('End');
  await expect(picker.getByRole('button', { name: /^Meeting/ })).toBeFocused();
  await panel.keyboard.press('Enter');
  await expect(box).toHaveValue(/Analytical Engines Ltd\. Shall we talk on \{\{ meetingDay \}\}\?$/);
  await expect(unfilled).toHaveText('Fill {{meetingDay}} before sending.');
  await expect(send).toBeDisabled();

  // Edited away: Send again.
  await box.fill((await box.inputValue()).replace('{{ meetingDay }}', 'Tuesday'));
  await expect(unfilled).toHaveCount(0);
  await send.click();
  await sayWhoIAm(panel);
  await expect(panel.getByTestId('reply-status')).toHaveText('Sent', { timeout: 30_000 });

  await expect
    .poll(async () => withText(await messagesOf(emulator, conversation.id), 'Shall we talk on Tuesday').length, { timeout: 30_000 })
    .toBe(1);
  const [landed] = withText(await messagesOf(emulator, conversation.id), 'Shall we talk on Tuesday');
  expect(landed).toMatchObject({ channel: 'PRONET' });
  expect(landed!.content).toMatch(/^Ada, last note from me: .*Analytical Engines Ltd\. Shall we talk on Tuesday\?$/s);
  const calls = await emulatorCalls();
  expect(calls.filter((c) => c.endpoint === 'sendPronetMessage')).toHaveLength(1);
  // The campaign's templates were fetched once for the three openings.
  expect(calls.filter((c) => c.endpoint === 'listCampaignMessages')).toHaveLength(1);

  // The snippet can go again.
  await templates.click();
  await picker.getByRole('button', { name: 'Delete snippet Meeting' }).click();
  await expect(picker.getByRole('button', { name: /^Meeting/ })).toHaveCount(0);
  await expect(picker).toContainText('No snippet yet');
});
