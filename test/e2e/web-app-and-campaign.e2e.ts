/**
 * Issue 27, a lead's way on: the conversation opened in the service's web app (an address the user
 * sets; none by default), and a lead with no conversation put in a campaign's audience through the
 * outbox, exactly once.
 */
import { test, expect, expectLeadShown } from './fixtures';

test.describe.configure({ timeout: 120_000 });

test('the web app link: off until an address is set, refused when not https, then opens the conversation in a new tab', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulator,
  emulatorConversation,
  demo,
  extension,
}) => {
  const options = await configureExtension();
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const page = await openProfile('ada-lovelace');
  const panel = await openPanelFor(page);
  await expectLeadShown(panel, 'Ada Lovelace');
  await expect(panel.getByRole('link', { name: 'Open in the web app' })).toHaveCount(0);

  const field = options.getByLabel('Web app address (optional)', { exact: true });
  const save = options.getByRole('button', { name: 'Save address', exact: true });
  await field.fill('http://app.outreach.example');
  await save.click();
  await expect(options.getByText('Use an https:// address (http:// only on this computer: localhost or 127.0.0.1).')).toBeVisible();
  await field.fill(`${emulator.origin}/`);
  await save.click();
  await expect(options.getByText('Web app address saved.', { exact: true })).toBeVisible();
  await expect(field).toHaveValue(emulator.origin);

  const link = panel.getByRole('link', { name: 'Open in the web app' });
  const href = `${emulator.origin}/inbox/${conversation!.id}`;
  await expect(link).toHaveAttribute('href', href, { timeout: 15_000 });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  expect(await link.getAttribute('href')).not.toContain(demo.proKey);

  expect((await emulatorConversation(conversation!.id)).read).toBe(false);
  const [opened] = await Promise.all([extension.context.waitForEvent('page'), link.click()]);
  await opened.waitForLoadState();
  expect(opened.url()).toBe(href);
  await expect(opened.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  // Read in the service's app: the emulator marks it read, as the Unread view says.
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).read).toBe(true);

  await field.fill('');
  await save.click();
  await expect(panel.getByRole('link', { name: 'Open in the web app' })).toHaveCount(0, { timeout: 15_000 });
});

test("edsger-dijkstra: no conversation, so the panel says why there is no note and offers a campaign's audience; added once", async ({
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  emulator,
  emulatorCalls,
  demo,
}) => {
  await (await configureExtension()).close();
  const lead = (await leadByUrl('edsger-dijkstra'))!;
  const page = await openProfile('edsger-dijkstra');
  const panel = await openPanelFor(page);
  await expectLeadShown(panel, 'Edsger Dijkstra');
  await expect(panel.getByTestId('no-note-why')).toHaveText('No note either: the service keeps notes on conversations, and this lead has none yet.');

  const card = panel.getByRole('region', { name: 'Add to a campaign' });
  const select = card.getByLabel('Campaign', { exact: true });
  await expect(select).toBeEnabled({ timeout: 15_000 });
  const campaignId = await select.inputValue();
  const api = (path: string) => fetch(`${emulator.baseUrl}${path}`, { headers: { authorization: `Bearer ${demo.proKey}` } }).then((r) => r.json());
  const { campaign } = (await api(`/campaigns/${campaignId}`)) as { campaign: { name: string; audienceName: string; status: string } };
  expect(campaign.status).not.toBe('COMPLETED');
  await expect(select.locator('option:checked')).toContainText(campaign.name);
  await expect(select.locator('option:checked')).toContainText(campaign.audienceName);

  const before = (await emulatorCalls()).filter((c) => c.endpoint === 'createLead').length;
  await card.getByRole('button', { name: "Add to the campaign's audience" }).click();
  await expect(card.getByText(`Queued: this lead joins “${campaign.audienceName}”, the audience of ${campaign.name}.`)).toBeVisible();

  // The service holds it: the lead's log says so, and one POST /leads was made, no more.
  await expect
    .poll(async () => ((await api(`/leads/${lead.id}/logs?limit=50`)) as { data: { description: string }[] }).data.map((l) => l.description), { timeout: 30_000 })
    .toContain(`Added to audience ${campaign.audienceName}`);
  await expect(card.getByRole('button', { name: "Add to the campaign's audience" })).toBeEnabled({ timeout: 15_000 });
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'createLead').length - before).toBe(1);
});
