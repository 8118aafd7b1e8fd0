import { seriousViolations } from './axe';
import { test, expect, expectLeadShown } from './fixtures';

test('axe-core finds no serious or critical issue on the side panel, the popup and the options page', async ({ configureExtension, openProfile, openPanelFor }) => {
  // Six axe runs (three pages, light and dark) over the richest panel, reply composer included: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const options = await configureExtension();
  expect(await seriousViolations(options)).toEqual([]);

  // The richest panel: two conversations, a picker, a note, messages.
  const profile = await openProfile('grace-hopper');
  const panel = await openPanelFor(profile);
  await expectLeadShown(panel, 'Grace Hopper');
  expect(await seriousViolations(panel)).toEqual([]);

  const popup = await openPanelFor(profile, { surface: 'popup' });
  await expectLeadShown(popup, 'Grace Hopper');
  expect(await seriousViolations(popup)).toEqual([]);

  // The no-lead state has its own controls (audience picker, Enrich).
  const noLead = await openPanelFor(await openProfile('margaret-hamilton'));
  await expect(noLead.getByRole('button', { name: 'Add to audience' })).toBeVisible();
  expect(await seriousViolations(noLead)).toEqual([]);
});

test('axe-core finds no serious or critical issue on the panel when the service cannot be reached', async ({ configureExtension, openProfile, openPanelFor, emulatorControl }) => {
  await (await configureExtension()).close();
  // Every call dropped: the panel shows the offline state and its "Try again".
  await emulatorControl('faults', { dropRate: 1 });
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  const retry = panel.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeEnabled({ timeout: 30_000 });
  expect(await seriousViolations(panel)).toEqual([]);
});
