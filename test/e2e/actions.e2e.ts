import { test, expect, conversationStatus, expectLeadShown, localDateParts } from './fixtures';
import { inThreeDaysAt1030 } from './panel-steps';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

test('Archive then Unarchive land on the service', async ({ openProfile, openPanelFor, leadByUrl, leadConversations, emulatorConversation }) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await expect(conversationStatus(panel)).toHaveText('Open');

  await panel.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(conversationStatus(panel)).toHaveText('Archived');
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).status).toBe('ARCHIVED');

  await panel.getByRole('button', { name: 'Unarchive' }).click();
  await expect(conversationStatus(panel)).toHaveText('Open');
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).status).toBe('OPEN');
  await expect(panel.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();
});

test('Undo right after Archive puts the conversation back on the service', async ({
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
  emulatorCalls,
}) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await expect(conversationStatus(panel)).toHaveText('Open');

  await panel.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'conversation archived' })).toBeVisible();
  await panel.getByRole('button', { name: 'Undo' }).click();
  await expect(conversationStatus(panel)).toHaveText('Open');
  // Both changes reach the service, in order, and it ends where it started.
  await expect
    .poll(async () =>
      (await emulatorCalls())
        .filter((c) => c.ok && (c.endpoint === 'archiveConversation' || c.endpoint === 'unarchiveConversation'))
        .map((c) => c.endpoint)
        .reverse(),
    )
    .toEqual(['archiveConversation', 'unarchiveConversation']);
  expect((await emulatorConversation(conversation!.id)).status).toBe('OPEN');
});

test('Snooze until a chosen local date and time, then Unsnooze, land on the service', async ({
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
}) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await expect(conversationStatus(panel)).toHaveText('Open');

  // Three days from now at 10:30, local time, as the date-time field takes it.
  const { value, epochMs } = await inThreeDaysAt1030(panel);
  // The presets and the date are in the Snooze menu (issue 45).
  await panel.getByRole('button', { name: 'Snooze…', exact: true }).click();
  await panel.getByLabel('Snooze until').fill(value);
  await panel.getByRole('button', { name: 'Snooze', exact: true }).click();

  const { date, time } = await localDateParts(panel, epochMs);
  await expect(conversationStatus(panel)).toContainText(`Snoozed until`);
  await expect(conversationStatus(panel)).toContainText(date);
  await expect(conversationStatus(panel)).toContainText(time);
  await expect
    .poll(async () => {
      const c = await emulatorConversation(conversation!.id);
      return { status: c.status, snoozeUntil: c.snoozeUntil };
    })
    .toEqual({ status: 'SNOOZED', snoozeUntil: epochMs });

  await panel.getByRole('button', { name: 'Unsnooze' }).click();
  await expect(conversationStatus(panel)).toHaveText('Open');
  await expect
    .poll(async () => {
      const c = await emulatorConversation(conversation!.id);
      return { status: c.status, snoozeUntil: c.snoozeUntil };
    })
    .toEqual({ status: 'OPEN', snoozeUntil: null });
});

test('Unsnooze a snoozed conversation and Unarchive an archived one', async ({
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
}) => {
  const [snoozed] = await leadConversations((await leadByUrl('alan-turing'))!.id);
  const [archived] = await leadConversations((await leadByUrl('katherine-johnson'))!.id);

  const alan = await openProfile('alan-turing');
  const panel = await openPanelFor(alan);
  await expectLeadShown(panel, 'Alan Turing');
  await panel.getByRole('button', { name: 'Unsnooze' }).click();
  await expect(conversationStatus(panel)).toHaveText('Open');
  await expect.poll(async () => (await emulatorConversation(snoozed!.id)).status).toBe('OPEN');

  const katherine = await openProfile('katherine-johnson');
  const panel2 = await openPanelFor(katherine);
  await expectLeadShown(panel2, 'Katherine Johnson');
  await panel2.getByRole('button', { name: 'Unarchive' }).click();
  await expect(conversationStatus(panel2)).toHaveText('Open');
  await expect.poll(async () => (await emulatorConversation(archived!.id)).status).toBe('OPEN');
});

test('the picker narrows actions for grace-hopper: acting on the second conversation changes only it', async ({
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
}) => {
  const conversations = await leadConversations((await leadByUrl('grace-hopper'))!.id);
  expect(conversations).toHaveLength(2);
  const [first, second] = conversations as [(typeof conversations)[number], (typeof conversations)[number]];
  const firstBefore = await emulatorConversation(first.id);

  const panel = await openPanelFor(await openProfile('grace-hopper'));
  await expectLeadShown(panel, 'Grace Hopper');
  const note = panel.getByLabel('Note', { exact: true });
  // The picker's radios, not the reply composer's channel choice below.
  const picker = panel.getByRole('group', { name: /conversations: choose one/ });

  // Each choice shows its own conversation (its note), and the actions below apply to it.
  await panel.getByRole('radio', { name: new RegExp(escapeRegExp(first.campaignName!)) }).check();
  await expect(picker.getByRole('radio', { checked: true })).toHaveAccessibleName(new RegExp(escapeRegExp(first.campaignName!)));
  await expect(note).toHaveValue(first.note ?? '');
  await panel.getByRole('radio', { name: new RegExp(escapeRegExp(second.campaignName!)) }).check();
  await expect(picker.getByRole('radio', { checked: true })).toHaveAccessibleName(new RegExp(escapeRegExp(second.campaignName!)));
  await expect(note).toHaveValue(second.note ?? '');

  await panel.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(conversationStatus(panel)).toHaveText('Archived');
  await expect.poll(async () => (await emulatorConversation(second.id)).status).toBe('ARCHIVED');

  const appended = 'Prefers email over pronet.';
  await panel.getByLabel('Append to note').fill(appended);
  await panel.getByRole('button', { name: 'Append', exact: true }).click();
  await expect.poll(async () => (await emulatorConversation(second.id)).note ?? '').toContain(appended);

  // The first conversation is untouched: still open, its note unchanged.
  const firstAfter = await emulatorConversation(first.id);
  expect(firstAfter.status).toBe('OPEN');
  expect(firstAfter.note).toBe(firstBefore.note);
  await panel.getByRole('radio', { name: new RegExp(escapeRegExp(first.campaignName!)) }).check();
  await expect(conversationStatus(panel)).toHaveText('Open');
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('Archive while the service fails: the toast says the change is queued, never "archived", until the service confirms', async ({
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
  emulatorControl,
}) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await expect(conversationStatus(panel)).toHaveText('Open');

  // Every call fails (503) from now on: the archive can only be queued.
  await emulatorControl('faults', { errorRate: 1 });
  await panel.getByRole('button', { name: 'Archive', exact: true }).click();
  const toast = panel.getByRole('status').filter({ hasText: 'Ada Lovelace' });
  await expect(toast).toContainText('the archive is queued. It will be sent when the service answers.');
  await expect(toast).not.toContainText('conversation archived');
  expect((await emulatorConversation(conversation!.id)).status).toBe('OPEN');

  await emulatorControl('faults', {});
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).status, { timeout: 45_000 }).toBe('ARCHIVED');
});
