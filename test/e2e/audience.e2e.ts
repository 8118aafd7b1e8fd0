import { test, expect, chipLabel, expectLeadShown } from './fixtures';

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
