/** What a salesperson trips over in the first hour (issue 27): each visible only in the browser. */
import { test, expect } from './fixtures';

test('an enrichment is followed to its result and what it found shows in the panel, with its source', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  emulatorControl,
  emulatorCalls,
}) => {
  // The service takes 30 s (its clock); the extension looks 15 s after the request, then 30 s later.
  test.setTimeout(150_000);
  await (await configureExtension()).close();
  const panel = await openPanelFor(await openProfile('margaret-hamilton'));
  await panel.getByLabel('Audience', { exact: true }).selectOption('Webinar attendees');
  await panel.getByRole('button', { name: 'Add to audience' }).click();
  await expect.poll(async () => (await leadByUrl('margaret-hamilton'))?.id ?? null).not.toBeNull();
  await expect(panel.getByText('No conversation yet')).toBeVisible({ timeout: 30_000 });

  await panel.getByLabel('What to look for').selectOption({ label: 'Professional email (5 credits)' });
  await panel.getByRole('button', { name: 'Enrich' }).click();
  await expect(panel.getByTestId('enrichment-status')).toHaveAttribute('data-state', 'pending', { timeout: 20_000 });
  // The service's work is done once its clock has moved on.
  await emulatorControl('clock', { advanceMs: 60_000 });

  await expect(panel.getByTestId('enrichment-status')).toHaveText('Enrichment finished: found professional email.', { timeout: 90_000 });
  const lead = (await leadByUrl('margaret-hamilton'))!;
  const email = String((lead as Record<string, unknown>).proEmail);
  expect(email).toMatch(/@/);
  await expect(panel.getByTestId('contact-proEmail')).toHaveText(email);

  await expect(panel.getByText(/^found by an enrichment,/)).toBeVisible();
  // Asked at the pace it said, not in a loop.
  const checks = (await emulatorCalls()).filter((c) => c.endpoint === 'getEnrichStatus');
  expect(checks.length).toBeGreaterThanOrEqual(1);
  expect(checks.length).toBeLessThanOrEqual(3);
});

test('the call history fits its box at 1000 and 1440 px windows: no column cut', async ({ configureExtension, openProfile, openPanelFor }) => {
  const options = await configureExtension();
  await options.getByRole('button', { name: 'Test key' }).click();
  await expect(options.getByTestId('key-outcome')).toContainText('members');
  // A profile with no lead: a 404 "No lead matches" in the history.
  await (await openPanelFor(await openProfile('margaret-hamilton'))).getByText('Not a lead yet').waitFor();
  for (const width of [1000, 1440]) {
    await options.setViewportSize({ width, height: 900 });
    await options.reload();
    const wrap = options.locator('.table-wrap');
    await expect(wrap.locator('tbody tr').first()).toBeVisible();
    await expect(wrap.getByText(/No lead match/).first()).toBeVisible();
    const { scroll, client } = await wrap.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(scroll, `table ${scroll} px in a ${client} px box at ${width} px`).toBeLessThanOrEqual(client);
  }
});
