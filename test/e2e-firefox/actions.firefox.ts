import { test, expect, byRole, conversationStatus, leadHeading, textOf, typeInto } from './fixtures';
import type { EmulatorCall } from '../e2e/fixtures';

test.beforeEach(async ({ configure }) => {
  await (await configure()).close();
});

async function calls(origin: string, endpoint: string): Promise<EmulatorCall[]> {
  const raw = (await (await fetch(`${origin}/_emulator/calls`)).json()) as EmulatorCall[] | { calls?: EmulatorCall[]; data?: EmulatorCall[] };
  const all = Array.isArray(raw) ? raw : (raw.calls ?? raw.data ?? []);
  return all.filter((c) => c.endpoint === endpoint);
}

test('note append lands once, as the line typed', async ({ open, openPanelFor, emulator, leadByUrl, leadConversations, emulatorConversation }) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const before = conversation!.note ?? '';
  const panel = await openPanelFor(await open(`${emulator.pronetOrigin}/in/ada-lovelace/`));
  await expect.poll(() => leadHeading(panel), { timeout: 30_000 }).toBe('Ada Lovelace');
  const line = 'Firefox: sent the pricing sheet.';
  // The box, not the first screen's button of the same name (issue 45).
  await typeInto(panel, await byRole(panel, 'textbox', 'Append to note'), line);
  await (await byRole(panel, 'button', 'Append')).click();
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).note, { timeout: 30_000 }).toContain(line);
  const note = (await emulatorConversation(conversation!.id)).note!;
  expect(note.startsWith(before)).toBe(true);
  expect(note.split(line)).toHaveLength(2);
  await expect.poll(async () => (await byRole(panel, 'textbox', 'Note')).evaluate((e) => (e as HTMLTextAreaElement).value)).toBe(note);
  expect(await calls(emulator.origin, 'updateNote')).toHaveLength(1);
});

test('archive, then unarchive: the service follows each click once', async ({ open, openPanelFor, emulator, leadByUrl, leadConversations, emulatorConversation }) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const panel = await openPanelFor(await open(`${emulator.pronetOrigin}/in/ada-lovelace/`));
  await expect.poll(() => conversationStatus(panel), { timeout: 30_000 }).toBe('Open');
  await (await byRole(panel, 'button', 'Archive')).click();
  await expect.poll(() => conversationStatus(panel)).toBe('Archived');
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).status, { timeout: 30_000 }).toBe('ARCHIVED');
  await (await byRole(panel, 'button', 'Unarchive')).click();
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).status, { timeout: 30_000 }).toBe('OPEN');
  await expect.poll(() => conversationStatus(panel)).toBe('Open');
  expect(await calls(emulator.origin, 'archiveConversation')).toHaveLength(1);
  expect(await calls(emulator.origin, 'unarchiveConversation')).toHaveLength(1);
});

test('offline then online: the Archive waits, shown as pending, and is delivered once', async ({
  open,
  openPanelFor,
  emulator,
  firefox,
  leadByUrl,
  leadConversations,
  emulatorConversation,
}) => {
  const [conversation] = await leadConversations((await leadByUrl('ada-lovelace'))!.id);
  const panel = await openPanelFor(await open(`${emulator.pronetOrigin}/in/ada-lovelace/`));
  await expect.poll(() => conversationStatus(panel), { timeout: 30_000 }).toBe('Open');
  await firefox.setOffline(true);
  await (await byRole(panel, 'button', 'Archive')).click();
  await expect.poll(() => conversationStatus(panel)).toBe('Archived');
  await expect.poll(() => textOf(panel, '[aria-label="Pending and failed changes"]')).toContain('Archive');
  expect(await calls(emulator.origin, 'archiveConversation')).toHaveLength(0);
  expect((await emulatorConversation(conversation!.id)).status).toBe('OPEN');

  await firefox.setOffline(false);
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).status, { timeout: 60_000 }).toBe('ARCHIVED');
  await expect.poll(() => textOf(panel, '[aria-label="Pending and failed changes"]'), { timeout: 30_000 }).toBeNull();
  const archived = await calls(emulator.origin, 'archiveConversation');
  expect(archived).toHaveLength(1);
  expect(archived[0]!.ok).toBe(true);

  // Undone, as the demo seed has it: the browser is shared by the tests that follow.
  await (await byRole(panel, 'button', 'Unarchive')).click();
  await expect.poll(async () => (await emulatorConversation(conversation!.id)).status, { timeout: 30_000 }).toBe('OPEN');
  await expect.poll(() => conversationStatus(panel)).toBe('Open');
});
