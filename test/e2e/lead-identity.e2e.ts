// Who is this person (issue 13): a person imported twice shows a lead picker whose choice sticks,
// and the lead's activity shows the seeded events, paged with Show more.
import { seriousViolations } from './axe';
import { test, expect, chipLabel, conversationStatus, expectLeadShown } from './fixtures';

test.beforeEach(async ({ configureExtension }) => {
  const options = await configureExtension();
  await options.close();
});

test('jean-sammet, two leads: the picker lists both, the one with a conversation first, and the choice sticks after navigation', async ({
  openProfile,
  openPanelFor,
  emulator,
  emulatorCalls,
}) => {
  const page = await openProfile('jean-sammet');
  await expect.poll(() => chipLabel(page)).toMatch(/^2 leads/);
  const panel = await openPanelFor(page);
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText('2 leads have this profile');
  const choices = panel.getByRole('list', { name: 'Leads of this profile' }).getByRole('listitem');
  await expect(choices).toHaveCount(2);
  await expect(choices.nth(0)).toContainText('Cobol Works');
  await expect(choices.nth(0)).toContainText('Conversations: 1');
  await expect(choices.nth(0)).toContainText('Identity check');
  await expect(choices.nth(1)).toContainText('COBOL Works Inc.');
  await expect(choices.nth(1)).toContainText('Imported twice');
  // Nothing is shown as "the" lead before the user chooses.
  await expect(conversationStatus(panel)).toHaveCount(0);
  expect(await seriousViolations(panel)).toEqual([]);

  await panel.getByRole('button', { name: 'Show Jean Sammet (Cobol Works)' }).click();
  await expectLeadShown(panel, 'Jean Sammet');
  await expect(conversationStatus(panel)).toHaveText('Open');
  await expect(panel.getByText('One of 2 leads of this profile')).toBeVisible();
  await expect.poll(() => chipLabel(page)).toMatch(/Jean Sammet \(1 of 2 leads\)/);

  // Away and back: the profile resolves to the chosen lead at once, no picker.
  await page.goto(`${emulator.pronetOrigin}/in/ada-lovelace/`);
  await expect.poll(() => chipLabel(page)).toMatch(/Ada Lovelace/);
  await page.goto(`${emulator.pronetOrigin}/in/jean-sammet/`);
  await expect.poll(() => chipLabel(page)).toMatch(/^Open · Jean Sammet/);
  const again = await openPanelFor(page);
  await expectLeadShown(again, 'Jean Sammet');
  await expect(again.getByRole('list', { name: 'Leads of this profile' })).toHaveCount(0);

  // Choosing again brings the picker back.
  await again.getByRole('button', { name: 'Choose another lead' }).click();
  await expect(again.getByRole('heading', { level: 1 })).toHaveText('2 leads have this profile');
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'searchLeads' && c.status !== 200 && c.status !== 404)).toEqual([]);
});

test('activity: the seeded events with date and campaign, at no extra call; Show more pages the logs', async ({ openProfile, openPanelFor, emulatorCalls }) => {
  const page = await openProfile('jean-sammet');
  const panel = await openPanelFor(page);
  await panel.getByRole('button', { name: 'Show Jean Sammet (Cobol Works)' }).click();
  await expectLeadShown(panel, 'Jean Sammet');
  const before = (await emulatorCalls()).filter((c) => c.endpoint === 'listLeadLogs').length;

  await panel.getByText('Activity', { exact: true }).click();
  const events = panel.getByRole('list', { name: 'Activity' }).getByRole('listitem');
  await expect(events).toHaveCount(5);
  // Worded by log type in the user's language; the service's own text stays the item's tooltip.
  const reply = events.filter({ hasText: /reply received/ });
  await expect(reply).toHaveCount(1);
  await expect(reply).toContainText('Identity check');
  await expect(reply.locator('[title="Jean replied"]')).toHaveCount(1);
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'listLeadLogs')).toHaveLength(before);

  await panel.getByRole('button', { name: 'Show more' }).click();
  await expect(events.filter({ hasText: 'Email opened' })).toHaveCount(2);
  await expect(events.filter({ hasText: 'Opened the first email' })).toHaveCount(0);
  await expect(events.filter({ hasText: 'Note updated' })).toHaveCount(1);
  await expect(panel.getByText(/^\d+ of \d+ events$/)).toBeVisible();
  expect(await seriousViolations(panel)).toEqual([]);
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'listLeadLogs')).toHaveLength(before + 1);
});
