import { test, expect, chipLabel, expectLeadShown, writesOf } from './fixtures';

test('Add to audience makes margaret-hamilton a lead, and the panel then shows the lead', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulator,
  demo,
}) => {
  await (await configureExtension()).close();
  expect(await leadByUrl('margaret-hamilton')).toBeNull();
  const audienceSize = async (name: string) => {
    const r = await fetch(`${emulator.baseUrl}/audiences`, { headers: { authorization: `Bearer ${demo.proKey}` } });
    const { audiences } = (await r.json()) as { audiences: { name: string; size: number }[] };
    return audiences.find((a) => a.name === name)?.size ?? null;
  };
  const audience = 'Webinar attendees';
  const sizeBefore = await audienceSize(audience);
  expect(sizeBefore).not.toBeNull();

  const page = await openProfile('margaret-hamilton');
  const panel = await openPanelFor(page);
  await expect(panel.getByText('Not a lead yet')).toBeVisible();
  // Find by name has its own name fields: these are the new lead's.
  const make = panel.getByRole('region', { name: 'Make this profile a lead' });
  await expect(make.getByLabel('First name')).toHaveValue('Margaret');
  await expect(make.getByLabel('Last name')).toHaveValue('Hamilton');
  await panel.getByLabel('Audience', { exact: true }).selectOption(audience);
  await panel.getByRole('button', { name: 'Add to audience' }).click();

  await expect.poll(async () => (await leadByUrl('margaret-hamilton'))?.id ?? null).not.toBeNull();
  const lead = (await leadByUrl('margaret-hamilton'))!;
  expect(lead.firstname).toBe('Margaret');
  expect(lead.lastname).toBe('Hamilton');
  expect(lead.pronetUrl).toBe('https://www.pronet.example/in/margaret-hamilton/');
  expect(await leadConversations(lead.id)).toHaveLength(0);
  expect(await audienceSize(audience)).toBe(sizeBefore! + 1);

  // The panel and the chip follow: a lead now, with no conversation yet.
  await expectLeadShown(panel, 'Margaret Hamilton');
  await expect(panel.getByText('No conversation yet')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add to audience' })).toHaveCount(0);
  await expect.poll(() => chipLabel(page)).toMatch(/^No conversation · Margaret Hamilton/);
});

test('Add to audience sends the company and job title the page shows, as edited, only on the press; Enrich stays offered', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  emulatorCalls,
}) => {
  await (await configureExtension()).close();
  const page = await openProfile('margaret-hamilton');
  const panel = await openPanelFor(page);
  await expect(panel.getByText('Not a lead yet')).toBeVisible();
  // The content script read them from the profile page: suggestions in the fields.
  // Find by name has its own Company field: these are the new lead's.
  const make = panel.getByRole('region', { name: 'Make this profile a lead' });
  await expect(make.getByLabel('Company')).toHaveValue('Hamilton Technologies');
  await expect(make.getByLabel('Job title')).toHaveValue('Founder & CEO');
  await make.getByLabel('Company').fill('Hamilton Technologies Inc.');
  await make.getByLabel('Job title').fill('Director of Software Engineering');
  await panel.getByLabel('Audience', { exact: true }).selectOption('Webinar attendees');

  // Read from the page, shown, edited: nothing of it went to the service, and no lead was made.
  const before = await emulatorCalls();
  expect(writesOf(before)).toEqual([]);
  expect(before.map((c) => decodeURIComponent(c.path)).join('\n')).not.toMatch(/Hamilton Technologies|Founder|Director/);
  expect(await leadByUrl('margaret-hamilton')).toBeNull();

  await panel.getByRole('button', { name: 'Add to audience' }).click();
  await expect.poll(async () => (await leadByUrl('margaret-hamilton'))?.id ?? null).not.toBeNull();
  const lead = (await leadByUrl('margaret-hamilton'))!;
  expect(lead).toMatchObject({ firstname: 'Margaret', lastname: 'Hamilton', companyName: 'Hamilton Technologies Inc.', jobTitle: 'Director of Software Engineering' });

  // A lead with no conversation yet: Enrich is still offered, now for the lead.
  await expect(panel.getByText('No conversation yet')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Enrich' })).toBeEnabled();
  await panel.getByRole('button', { name: 'Enrich' }).click();
  await expect(panel.getByRole('status').filter({ hasText: /credit/ })).toBeVisible();
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'enrichLead' && c.ok)).toHaveLength(1);
});
