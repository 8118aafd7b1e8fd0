/**
 * Issue 34, the lead panel's defects: each seen in the browser, each checked against the emulator's
 * state (its notes, statuses, leads and call history), never against the extension's word alone.
 */
import { test, expect, conversationStatus, expectLeadShown, outboxList } from './fixtures';
import { inThreeDaysAt1030, openFold, sameMinuteClocks } from './panel-steps';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

test('an unsaved edit, then Append: the box keeps both, says so, and Save keeps the appended line', async ({
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
  emulatorControl,
  emulator,
}) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const before = (await emulatorConversation(conversation!.id)).note!;
  // The same minute on both clocks, so that the stamp the service writes is the one the panel shows.
  const { at, panelTime } = await sameMinuteClocks(emulator.origin, emulatorControl);
  const panel = await openPanelFor(await openProfile('ada-lovelace'), { fixedTime: panelTime });
  const note = panel.getByLabel('Note', { exact: true });
  await expect(note).toHaveValue(before);

  const edit = `${before}\nBudget owner: the CFO.`;
  await note.fill(edit);
  const line = 'Sent the pricing sheet.';
  await panel.getByLabel('Append to note').fill(line);
  await panel.getByRole('button', { name: 'Append', exact: true }).click();
  const stamp = new Date(at).toISOString().slice(0, 16).replace('T', ' ');
  const appended = `\n-- ${stamp} --\n${line}`;
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).note).toBe(`${before}${appended}`);

  // The box: the unsaved edit with the appended line at its end, marked as not saved.
  await expect(note).toHaveValue(`${edit}${appended}`);
  await expect(panel.getByTestId('note-draft-state')).toContainText('not saved');
  await panel.getByRole('button', { name: 'Save note' }).click();
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).note).toBe(`${edit}${appended}`);
  await expect(panel.getByTestId('note-draft-state')).toHaveCount(0);
});

test('Enrich on a profile that is no lead: the lead gets the form’s facts, and Enrich is off while it runs, also in a panel opened again', async ({
  openProfile,
  openPanelFor,
  leadByUrl,
  emulatorCalls,
}) => {
  const page = await openProfile('margaret-hamilton');
  const panel = await openPanelFor(page);
  await expect(panel.getByText('Not a lead yet')).toBeVisible();
  const form = panel.getByRole('region', { name: 'Make this profile a lead' });
  const company = await form.getByLabel('Company', { exact: true }).inputValue();
  const jobTitle = await form.getByLabel('Job title', { exact: true }).inputValue();
  expect(company).not.toBe('');
  expect(jobTitle).not.toBe('');
  await panel.getByLabel('What to look for').selectOption({ label: 'Professional email (5 credits)' });
  const enrich = panel.getByRole('button', { name: 'Enrich' });
  await expect(enrich).toBeEnabled();
  await enrich.click();
  await expect(panel.getByTestId('enrichment-status')).toHaveAttribute('data-state', 'pending');
  await expect(panel.getByRole('button', { name: 'Enrich' })).toBeDisabled();

  // The lead the service made holds what the form showed.
  const lead = (await leadByUrl('margaret-hamilton'))!;
  expect({ company: lead.companyName, jobTitle: lead.jobTitle }).toEqual({ company, jobTitle });
  await expectLeadShown(panel, 'Margaret Hamilton');
  await expect(panel.getByText(`${jobTitle} · ${company}`)).toBeVisible();

  // A panel opened again knows the enrichment is under way: no second spend.
  await panel.close();
  const again = await openPanelFor(page);
  await expect(again.getByTestId('enrichment-status')).toHaveAttribute('data-state', 'pending');
  await expect(again.getByRole('button', { name: 'Enrich' })).toBeDisabled();
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'enrichLead')).toHaveLength(1);
});

test('Qualify: Undo goes back to the status the panel showed, though it was set elsewhere', async ({ openProfile, openPanelFor, leadByUrl, emulator, demo }) => {
  const lead = (await leadByUrl('ada-lovelace'))!;
  const lastStatus = async () => {
    const r = await fetch(`${emulator.baseUrl}/leads/search?leadId=${encodeURIComponent(lead.id)}`, { headers: { authorization: `Bearer ${demo.proKey}` } });
    const body = (await r.json()) as { recentLogs: { type: string; description: string }[] };
    return body.recentLogs.find((l) => l.type === 'STATUS_CHANGED')?.description ?? null;
  };
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await openFold(panel, 'Qualify');
  const qualify = panel.getByRole('region', { name: 'Qualify' });
  // Set by the demo's data, not from this browser.
  await expect(qualify.getByTestId('lead-status')).toHaveText('Interested');
  await qualify.getByRole('button', { name: 'Not interested' }).click();
  await expect(qualify.getByTestId('lead-status')).toHaveText('Not interested');
  await expect.poll(lastStatus).toBe('Status set to NOT_INTERESTED');
  await qualify.getByRole('button', { name: 'Undo: back to Interested' }).click();
  await expect(qualify.getByTestId('lead-status')).toHaveText('Interested');
  await expect.poll(lastStatus).toBe('Status set to INTERESTED');
});

test('Append while the service cannot be reached says what the pending list says, never Saved, and the panel says it is offline, until it lands', async ({
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
  emulatorControl,
}) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await expect(panel.getByLabel('Note', { exact: true })).not.toHaveValue('');
  await emulatorControl('faults', { dropRate: 1 });
  const line = 'Called twice, no answer.';
  await panel.getByLabel('Append to note').fill(line);
  await panel.getByRole('button', { name: 'Append', exact: true }).click();

  const hint = panel.getByTestId('note-append-state');
  const row = outboxList(panel).getByRole('listitem').filter({ hasText: 'Append to note' });
  await expect(row).toBeVisible();
  // The hint and the list agree, whatever the attempt: waiting, sending, or the time of the next try.
  await expect
    .poll(async () => {
      const said = (await hint.textContent()) ?? '';
      const listed = (await row.locator('.outbox-state').textContent()) ?? '';
      return said.includes(listed) && !/^Saved/.test(said);
    })
    .toBe(true);
  await expect(hint).toContainText('Not saved yet');
  // The panel says the service cannot be reached as soon as an attempt met none: no Refresh needed.
  await expect(panel.getByTestId('unreachable-notice')).toBeVisible();

  await emulatorControl('faults', {});
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).note, { timeout: 45_000 }).toContain(line);
  await expect(hint).toHaveText('Saved', { timeout: 45_000 });
  await expect(panel.getByTestId('unreachable-notice')).toHaveCount(0);
});

test('Unsnooze and Unarchive replace the toast before them with their own, whose Undo works', async ({
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulatorConversation,
}) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await expect(conversationStatus(panel)).toHaveText('Open');
  const toast = panel.locator('.toast');
  const state = async () => {
    const c = await emulatorConversation(conversation!.id);
    return { status: c.status, snoozeUntil: c.snoozeUntil };
  };

  const { value, epochMs } = await inThreeDaysAt1030(panel);
  // The presets and the date are in the Snooze menu (issue 45).
  await panel.getByRole('button', { name: 'Snooze…', exact: true }).click();
  await panel.getByLabel('Snooze until').fill(value);
  await panel.getByRole('button', { name: 'Snooze', exact: true }).click();
  await expect(toast).toContainText('Snoozed until');
  await expect.poll(state).toEqual({ status: 'SNOOZED', snoozeUntil: epochMs });

  await panel.getByRole('button', { name: 'Unsnooze' }).click();
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText('Unsnoozed');
  await expect.poll(state).toEqual({ status: 'OPEN', snoozeUntil: null });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(state).toEqual({ status: 'SNOOZED', snoozeUntil: epochMs });
  await expect(conversationStatus(panel)).toContainText('Snoozed until');

  await panel.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(toast).toContainText('conversation archived');
  await expect.poll(async () => (await state()).status).toBe('ARCHIVED');
  await panel.getByRole('button', { name: 'Unarchive' }).click();
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText('conversation unarchived');
  await expect.poll(async () => (await state()).status).toBe('OPEN');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await state()).status).toBe('ARCHIVED');
  await expect(conversationStatus(panel)).toHaveText('Archived');
});
