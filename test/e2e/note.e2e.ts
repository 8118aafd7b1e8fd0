import { test, expect } from './fixtures';
import { sameMinuteClocks } from './panel-steps';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

test('Save note replaces the note with exactly what the preview said the service keeps', async ({
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
}) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  const note = panel.getByLabel('Note', { exact: true });
  await expect(note).toHaveValue(conversation!.note!);

  // Over the limit: the editor previews the cut, and the emulator must hold that very text.
  const long = `Call notes.\n${'Budget approved for Q3; wants a pilot. '.repeat(40)}THE END WILL BE CUT`;
  expect(long.length).toBeGreaterThan(1500);
  await note.fill(long);
  await expect(panel.getByTestId('note-counter')).toContainText(`${long.length.toLocaleString('en-US')} / 1,500`);
  const preview = panel.getByTestId('note-preview-replace');
  await expect(preview).toBeVisible();
  const previewed = await preview.textContent();
  expect(previewed).toHaveLength(1500);
  expect(long.startsWith(previewed!)).toBe(true);
  await panel.getByRole('button', { name: 'Save note' }).click();
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).note).toBe(previewed);
  await expect(note).toHaveValue(previewed!);

  // Within the limit: no preview needed, the text lands as typed (line breaks included).
  const short = 'Demo booked for Thursday.\nSend the pricing sheet before.';
  await note.fill(short);
  await expect(panel.getByTestId('note-preview-replace')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Save note' }).click();
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).note).toBe(short);
});

test('Append adds the time-stamped line exactly as previewed', async ({
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
  emulatorControl,
  emulator,
}) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const before = (await emulatorConversation(conversation!.id)).note;

  const { at, panelTime } = await sameMinuteClocks(emulator.origin, emulatorControl);

  const panel = await openPanelFor(await openProfile('ada-lovelace'), { fixedTime: panelTime });
  await expect(panel.getByLabel('Note', { exact: true })).toHaveValue(before!);

  const line = 'Sent the pricing sheet; she forwards it to the CFO.';
  await panel.getByLabel('Append to note').fill(line);
  const preview = panel.getByTestId('note-preview-append');
  await expect(preview).toContainText(line);
  const previewed = await preview.textContent();
  const stamp = new Date(at).toISOString().slice(0, 16).replace('T', ' ');
  expect(previewed).toBe(`${before}\n-- ${stamp} --\n${line}`);

  await panel.getByRole('button', { name: 'Append', exact: true }).click();
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).note).toBe(previewed);
  await expect(panel.getByLabel('Append to note')).toHaveValue('');
  await expect(panel.getByLabel('Note', { exact: true })).toHaveValue(previewed!);
});
