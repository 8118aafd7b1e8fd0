import { test, expect, chipLabel, conversationStatus, expectLeadShown, localDateParts } from './fixtures';

test.beforeEach(async ({ configureExtension }) => {
  const options = await configureExtension();
  await options.close();
});

test('ada-lovelace: one open conversation, the lead replied, the note as the service holds it', async ({ openProfile, openPanelFor, leadByUrl, leadConversations }) => {
  const lead = await leadByUrl('ada-lovelace');
  expect(lead).not.toBeNull();
  const [conversation, ...others] = await leadConversations(lead!.id);
  expect(others).toHaveLength(0);
  expect(conversation!.status).toBe('OPEN');
  expect(conversation!.leadReplied).toBe(true);

  const page = await openProfile('ada-lovelace');
  await expect.poll(() => chipLabel(page)).toMatch(/^Open · Ada Lovelace/);
  const panel = await openPanelFor(page);
  await expectLeadShown(panel, 'Ada Lovelace');
  await expect(conversationStatus(panel)).toHaveText('Open');
  await expect(panel.getByTestId('replied')).toHaveText('Replied');
  await expect(panel.getByText(conversation!.campaignName!, { exact: true }).first()).toBeVisible();
  await expect(panel.getByLabel('Note', { exact: true })).toHaveValue(conversation!.note!);
  await expect(panel.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Unarchive' })).toHaveCount(0);
  // One conversation: no picker (the reply composer's channel choice is not one).
  await expect(panel.getByRole('group', { name: /conversations: choose one/ })).toHaveCount(0);

  // The popup shares the lead panel.
  const popup = await openPanelFor(page, { surface: 'popup' });
  await expectLeadShown(popup, 'Ada Lovelace');
  await expect(conversationStatus(popup)).toHaveText('Open');
  await expect(popup.getByLabel('Note', { exact: true })).toHaveValue(conversation!.note!);
});

test('grace-hopper: two conversations and a picker naming both campaigns', async ({ openProfile, openPanelFor, leadByUrl, leadConversations }) => {
  const conversations = await leadConversations((await leadByUrl('grace-hopper'))!.id);
  expect(conversations).toHaveLength(2);

  const page = await openProfile('grace-hopper');
  await expect.poll(() => chipLabel(page)).toMatch(/Grace Hopper \(\+1\)/);
  const panel = await openPanelFor(page);
  await expectLeadShown(panel, 'Grace Hopper');
  const picker = panel.getByRole('group', { name: '2 conversations: choose one' });
  await expect(picker).toBeVisible();
  // The picker's radios (the reply composer below has a channel choice of its own).
  await expect(picker.getByRole('radio')).toHaveCount(2);
  for (const c of conversations) {
    await expect(panel.getByRole('radio', { name: new RegExp(escapeRegExp(c.campaignName!)) })).toBeVisible();
  }
  await expect(picker.getByRole('radio', { checked: true })).toHaveCount(1);
});

test('alan-turing: snoozed until a local date and time', async ({ openProfile, openPanelFor, leadByUrl, leadConversations }) => {
  const [conversation] = await leadConversations((await leadByUrl('alan-turing'))!.id);
  expect(conversation!.status).toBe('SNOOZED');

  const page = await openProfile('alan-turing');
  await expect.poll(() => chipLabel(page)).toMatch(/^Snoozed · Alan Turing/);
  const panel = await openPanelFor(page);
  await expectLeadShown(panel, 'Alan Turing');
  const { date, time } = await localDateParts(panel, conversation!.snoozeUntil!);
  const status = conversationStatus(panel);
  await expect(status).toHaveText(/^Snoozed until /);
  await expect(status).toContainText(date);
  await expect(status).toContainText(time);
  await expect(panel.getByRole('button', { name: 'Unsnooze' })).toBeVisible();
});

test('katherine-johnson: archived, with Unarchive instead of Archive', async ({ openProfile, openPanelFor, leadByUrl, leadConversations }) => {
  const [conversation] = await leadConversations((await leadByUrl('katherine-johnson'))!.id);
  expect(conversation!.status).toBe('ARCHIVED');

  const page = await openProfile('katherine-johnson');
  await expect.poll(() => chipLabel(page)).toMatch(/^Archived · Katherine Johnson/);
  const panel = await openPanelFor(page);
  await expectLeadShown(panel, 'Katherine Johnson');
  await expect(conversationStatus(panel)).toHaveText('Archived');
  await expect(panel.getByRole('button', { name: 'Unarchive' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0);
});

test('edsger-dijkstra: a lead with no conversation', async ({ openProfile, openPanelFor, leadByUrl, leadConversations }) => {
  const lead = await leadByUrl('edsger-dijkstra');
  expect(lead).not.toBeNull();
  expect(await leadConversations(lead!.id)).toHaveLength(0);

  const page = await openProfile('edsger-dijkstra');
  await expect.poll(() => chipLabel(page)).toMatch(/^No conversation · Edsger Dijkstra/);
  const panel = await openPanelFor(page);
  await expectLeadShown(panel, 'Edsger Dijkstra');
  await expect(panel.getByText('No conversation yet')).toBeVisible();
  await expect(panel.getByLabel('Note', { exact: true })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Add to audience' })).toHaveCount(0);
});

test('margaret-hamilton: no lead, so Add to audience and Enrich with the credits shown first', async ({ openProfile, openPanelFor, leadByUrl, emulator, demo }) => {
  expect(await leadByUrl('margaret-hamilton')).toBeNull();
  const credits = (await (await fetch(`${emulator.baseUrl}/credits`, { headers: { authorization: `Bearer ${demo.proKey}` } })).json()) as {
    credits: { total: number };
  };

  const page = await openProfile('margaret-hamilton');
  await expect.poll(() => chipLabel(page)).toMatch(/^Not a lead yet/);
  const panel = await openPanelFor(page);
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText('Margaret Hamilton');
  await expect(panel.getByText('Not a lead yet')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add to audience' })).toBeEnabled();
  await expect(panel.getByTestId('credits')).toHaveText(`${credits.credits.total} credits`);
  await expect(panel.getByRole('button', { name: 'Enrich' })).toBeEnabled();
  await expect(panel.getByLabel('Note', { exact: true })).toHaveCount(0);
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
