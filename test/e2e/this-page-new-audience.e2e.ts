/**
 * "New audience…" from This page's picker (issue 43): POST /audiences/create is a write made once
 * whatever fails. Under a gateway that answers 502 after the service applied it, the worker reads the
 * audiences back by name before any resend: the emulator holds exactly one audience of that name, it
 * is chosen in the picker (size 0), and after an add its size in the picker is fresh.
 * (With the read-back after a lost answer removed from `handlers/audience-create.ts`, the worker sends
 * the create again at once, three times in all, and the picker shows an error instead of the audience:
 * this test fails.)
 */
import { test, expect } from './fixtures';
import { addChecked, openThisPage, resultPeople } from './this-page-support';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

const NAME = 'Summit leads';

test('a new audience whose answer was lost after it was made: one audience, chosen, its size fresh after an add', async ({
  extension,
  emulator,
  demo,
  openPanelFor,
  leadByUrl,
  emulatorControl,
  emulatorCalls,
}) => {
  const { page, panel } = await openThisPage(extension.context, openPanelFor, `${emulator.pronetOrigin}/search/results/people/`);
  const { nonLeads } = await resultPeople(page, leadByUrl);
  expect(nonLeads.length).toBeGreaterThan(0);

  const select = panel.getByLabel('Audience', { exact: true });
  await expect(select).not.toHaveValue('');
  await select.selectOption({ label: 'New audience…' });
  await panel.getByLabel('Name of the new audience').fill(NAME);
  // The service applies the create, and the answer is lost (502) on its way back.
  await emulatorControl('faults', { applyThenFailRate: 1 });
  await panel.getByRole('button', { name: 'Create', exact: true }).click();
  await expect.poll(async () => (await emulatorCalls()).filter((c) => c.endpoint === 'createAudience').length).toBeGreaterThan(0);
  await emulatorControl('faults', {});

  await expect(panel.getByRole('status').filter({ hasText: `Audience “${NAME}” created, and chosen.` })).toBeVisible({ timeout: 30_000 });
  const listed = async () => {
    const r = await fetch(`${emulator.baseUrl}/audiences`, { headers: { authorization: `Bearer ${demo.proKey}` } });
    return ((await r.json()) as { audiences: { id: string; name: string; size: number }[] }).audiences.filter((a) => a.name.toLowerCase() === NAME.toLowerCase());
  };
  const made = await listed();
  expect(made).toHaveLength(1);
  // Sent once, its answer lost (the fault struck): read back, not sent again.
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'createAudience').map((c) => c.status)).toEqual([502]);
  await expect(select).toHaveValue(made[0]!.id);
  await expect(select.locator('option:checked')).toHaveText(`${NAME} (0 leads)`);

  // Added to: the picker shows its size as the service now has it.
  await addChecked(panel, emulator, demo.proKey, emulatorCalls, nonLeads);
  const n = nonLeads.length;
  await expect(select.locator('option:checked')).toHaveText(`${NAME} (${n} ${n === 1 ? 'lead' : 'leads'})`);
  expect((await listed())[0]!.size).toBe(n);
});
