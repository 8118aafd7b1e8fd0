// Everything known about the person (issue 44): the CRM record beside the lead (found by address,
// with its link), a non-lead's record found by name only at the user's press, nothing asked of a CRM
// on a workspace with none connected, and the lead's standing in its campaign in words.
import { seriousViolations } from './axe';
import { test, expect, expectLeadShown, fetchWithinBudget } from './fixtures';
import { openFold } from './panel-steps';

const crmCalls = (calls: { endpoint: string | null; workspaceName: string | null }[], endpoint: string, workspace = 'demo-pro') =>
  calls.filter((c) => c.endpoint === endpoint && c.workspaceName === workspace);

test("Ada's CRM record, found by her profile's address, opens in its CRM", async ({ configureExtension, openProfile, openPanelFor, emulatorCalls }) => {
  await (await configureExtension()).close();
  const page = await openProfile('ada-lovelace');
  const panel = await openPanelFor(page);
  await expectLeadShown(panel, 'Ada Lovelace');
  const crm = panel.getByTestId('crm-records');
  await expect(crm).toContainText('Ada Lovelace');
  await expect(crm).toContainText("Found by the profile's address");
  const open = crm.getByRole('link', { name: 'Open in crmA' });
  await expect(open).toHaveAttribute('href', /^https:\/\/crm-a\.example\/contacts\/crm_/);
  await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
  // Katherine is in both CRMs, by her address.
  const calls = await emulatorCalls();
  expect(crmCalls(calls, 'listCrmIntegrations')).toHaveLength(1);
  expect(crmCalls(calls, 'searchCrm')).toHaveLength(1);
  expect(await seriousViolations(panel)).toEqual([]);

  // Back to her profile: what was found is kept, nothing is asked again.
  await page.reload();
  const again = await openPanelFor(page);
  await expect(again.getByTestId('crm-records')).toContainText('Ada Lovelace');
  const after = await emulatorCalls();
  expect(crmCalls(after, 'listCrmIntegrations')).toHaveLength(1);
  expect(crmCalls(after, 'searchCrm')).toHaveLength(1);
});

test("a non-lead's record is searched by name only when the user presses, and says it matched by name", async ({
  configureExtension,
  openProfile,
  openPanelFor,
  emulatorCalls,
}) => {
  await (await configureExtension()).close();
  const page = await openProfile('margaret-hamilton');
  const panel = await openPanelFor(page);
  await expect(panel.getByRole('heading', { name: 'Make this profile a lead' })).toBeVisible();
  const crm = panel.getByTestId('crm-records');
  await expect(crm).toContainText('Not in crmA');
  await expect(crm).toContainText('Not in crmB');
  await expect(crm).toContainText('Searched by address');
  // The page's words are a suggestion: only the address went out so far.
  expect(crmCalls(await emulatorCalls(), 'searchCrm')).toHaveLength(1);

  await crm.getByRole('button', { name: 'Search by name: Margaret Hamilton, Hamilton Technologies' }).click();
  await expect(crm).toContainText('Found by name and company: check it is the same person');
  await expect(crm.getByRole('link', { name: 'Open in crmB' })).toHaveAttribute('href', /^https:\/\/crm-b\.example\/people\//);
  await expect(crm).toContainText('Margaret Hamilton');
  expect(crmCalls(await emulatorCalls(), 'searchCrm')).toHaveLength(2);
});

test('a workspace with no CRM connected: no CRM fold and no search, the connections asked once', async ({ configureExtension, demo, openProfile, openPanelFor, emulatorCalls }) => {
  const nocrm = demo.workspaces.find((w) => w.name === 'demo-pro-nocrm');
  if (!nocrm) throw new Error('the demo has no demo-pro-nocrm workspace');
  await (await configureExtension(null, { apiKey: nocrm.apiKey })).close();
  for (const slug of ['ada-lovelace', 'margaret-hamilton']) {
    const page = await openProfile(slug);
    const panel = await openPanelFor(page);
    await expect(panel.getByRole('heading', { name: 'Make this profile a lead' })).toBeVisible();
    await expect.poll(async () => crmCalls(await emulatorCalls(), 'listCrmIntegrations', 'demo-pro-nocrm').length).toBe(1);
    await expect(panel.locator('details[data-fold="crm"]')).toHaveCount(0);
  }
  const calls = await emulatorCalls();
  expect(crmCalls(calls, 'searchCrm', 'demo-pro-nocrm')).toEqual([]);
  expect(crmCalls(calls, 'listCrmIntegrations', 'demo-pro-nocrm')).toHaveLength(1);
});

test("Ada's standing in her campaign, in words: running, to call, her emails", async ({ configureExtension, openProfile, openPanelFor, emulatorCalls, leadByUrl, leadConversations, emulator, demo }) => {
  await (await configureExtension()).close();
  const lead = await leadByUrl('ada-lovelace');
  const [conversation] = await leadConversations(lead!.id);
  // The service's own item, read as the extension would, to word the expectation.
  const res = await fetchWithinBudget(`${emulator.baseUrl}/campaigns/${conversation!.campaignId}/statsleads`, { headers: { authorization: `Bearer ${demo.proKey}` } });
  const item = ((await res.json()) as { leads: { id: string; email_sent: number; email_opened: number }[] }).leads.find((l) => l.id === lead!.id);
  expect(item, "Ada's item is on the campaign's first page").toBeDefined();
  const before = Math.max(0, ...(await emulatorCalls()).map((c) => c.id));

  const page = await openProfile('ada-lovelace');
  const panel = await openPanelFor(page);
  await expectLeadShown(panel, 'Ada Lovelace');
  const summary = panel.locator('details[data-fold="details"] summary');
  // The closed fold says the campaign, its status and what to do.
  await expect(summary).toContainText(`${conversation!.campaignName} · running · Call`);
  await openFold(panel, 'Details');
  const standing = panel.getByTestId('campaign-standing');
  await expect(standing).toContainText('To do');
  const times = (n: number) => (n === 1 ? 'once' : `${n} times`);
  await expect(standing).toContainText(`sent ${times(item!.email_sent)}, opened ${times(item!.email_opened)}`);
  await expect(panel.locator('details[data-fold="details"]').getByText(/^Read /)).toBeVisible();
  const calls = (await emulatorCalls()).filter((c) => c.id > before);
  // Her item is on the first page: one page and the campaign, nothing more.
  expect(crmCalls(calls, 'listCampaignStatsLeads')).toHaveLength(1);
  expect(crmCalls(calls, 'getCampaign')).toHaveLength(1);
  expect(await seriousViolations(panel)).toEqual([]);
});
