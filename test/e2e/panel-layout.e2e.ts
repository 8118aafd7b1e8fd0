/**
 * The side panel at the width Chrome docks it (400 px): the conversation picker shows its dates whole,
 * and "Snooze until" stands apart from the preset cards above it (issue 15's rough edges, measured).
 */
import { test, expect, expectLeadShown } from './fixtures';

test.beforeEach(async ({ configureExtension }) => {
  await (await configureExtension()).close();
});

test('at 400 px the picker cuts no date and "Snooze until" has room under the preset cards', async ({ openProfile, openPanelFor }) => {
  const panel = await openPanelFor(await openProfile('grace-hopper'));
  await expectLeadShown(panel, 'Grace Hopper');
  expect(panel.viewportSize()?.width).toBe(400);

  const subtitles = panel.locator('.picker-option .picker-sub');
  await expect(subtitles).toHaveCount(2);
  for (const sub of await subtitles.all()) {
    // Cut text (an ellipsis, or a line hidden by overflow) is wider than the box that shows it.
    const cut = await sub.evaluate((el) => el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5);
    expect(cut, (await sub.textContent()) ?? undefined).toBe(false);
    await expect(sub).toContainText(/2026/);
  }

  // The presets and the date are in the Snooze menu (issue 45).
  await panel.getByRole('button', { name: 'Snooze…', exact: true }).click();
  const presets = await panel.locator('.snooze-presets').boundingBox();
  const custom = await panel.locator('.snooze-custom').boundingBox();
  expect(presets && custom).toBeTruthy();
  expect(custom!.y - (presets!.y + presets!.height)).toBeGreaterThanOrEqual(8);
});
