import { test, expect, byRole, chipLabel, conversationStatus, leadHeading, textOf } from './fixtures';

test.beforeEach(async ({ configure }) => {
  await (await configure()).close();
});

test('Ada Lovelace: chip and panel say Open, replied, with the note the service holds', async ({ open, openPanelFor, emulator, leadByUrl, leadConversations }) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const page = await open(`${emulator.pronetOrigin}/in/ada-lovelace/`);
  await expect.poll(() => chipLabel(page), { timeout: 30_000 }).toMatch(/^Open · Ada Lovelace/);
  const panel = await openPanelFor(page);
  await expect.poll(() => leadHeading(panel), { timeout: 30_000 }).toBe('Ada Lovelace');
  await expect.poll(() => conversationStatus(panel)).toBe('Open');
  await expect.poll(() => textOf(panel, '[data-testid="replied"]')).toBe('Replied');
  const note = await byRole(panel, 'textbox', 'Note');
  await expect.poll(() => note.evaluate((e) => (e as HTMLTextAreaElement).value)).toBe(conversation!.note);
  await byRole(panel, 'button', 'Archive');
});

test('Alan Turing: chip and panel say Snoozed', async ({ open, openPanelFor, emulator }) => {
  const page = await open(`${emulator.pronetOrigin}/in/alan-turing/`);
  await expect.poll(() => chipLabel(page), { timeout: 30_000 }).toMatch(/^Snoozed · Alan Turing/);
  const panel = await openPanelFor(page);
  await expect.poll(() => leadHeading(panel), { timeout: 30_000 }).toBe('Alan Turing');
  await expect.poll(() => conversationStatus(panel)).toMatch(/^Snoozed until /);
});

test('Margaret Hamilton: not a lead, the panel offers to add her to an audience', async ({ open, openPanelFor, emulator }) => {
  const page = await open(`${emulator.pronetOrigin}/in/margaret-hamilton/`);
  await expect.poll(() => chipLabel(page), { timeout: 30_000 }).toMatch(/^Not a lead yet/);
  const panel = await openPanelFor(page);
  await byRole(panel, 'button', 'Add to audience', 30_000);
});
