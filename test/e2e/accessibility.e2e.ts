import { seriousViolations } from './axe';
import { test, expect, expectLeadShown } from './fixtures';
import { openPanelReply } from './panel-steps';

// One surface per test (two axe runs each, light and dark), in parallel: the runs spread over the
// suite's two workers, and none holds a test for the 40-80 s that six runs in a row took on a busy machine.
test.describe.configure({ mode: 'parallel' });

test('axe-core finds no serious or critical issue on the options page', async ({ configureExtension }) => {
  const options = await configureExtension();
  expect(await seriousViolations(options)).toEqual([]);
});

test('axe-core finds no serious or critical issue on the side panel', async ({ configureExtension, openProfile, openPanelFor }) => {
  await (await configureExtension()).close();
  // The richest panel: two conversations, a picker, a note, messages, the reply composer.
  const panel = await openPanelFor(await openProfile('grace-hopper'));
  await expectLeadShown(panel, 'Grace Hopper');
  expect(await seriousViolations(panel)).toEqual([]);
});

test('axe-core finds no serious or critical issue on the side panel with every fold open, the Snooze menu and the reply box (issue 45)', async ({
  configureExtension,
  openProfile,
  openPanelFor,
}) => {
  await (await configureExtension()).close();
  const panel = await openPanelFor(await openProfile('grace-hopper'));
  await expectLeadShown(panel, 'Grace Hopper');
  const closed = panel.locator('details.fold:not([open]) > summary');
  // Opened one at a time: each click takes one out of the list.
  while ((await closed.count()) > 0) await closed.first().click();
  await panel.getByRole('button', { name: 'Snooze…', exact: true }).click();
  await openPanelReply(panel);
  expect(await seriousViolations(panel)).toEqual([]);
});

test('axe-core finds no serious or critical issue on the popup', async ({ configureExtension, openProfile, openPanelFor }) => {
  await (await configureExtension()).close();
  const popup = await openPanelFor(await openProfile('grace-hopper'), { surface: 'popup' });
  await expectLeadShown(popup, 'Grace Hopper');
  expect(await seriousViolations(popup)).toEqual([]);
});

test('axe-core finds no serious or critical issue on the panel of a profile with no lead', async ({ configureExtension, openProfile, openPanelFor }) => {
  await (await configureExtension()).close();
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
