/** Steps several panel tests take: a snooze date typed as a user types it, and clocks that stamp alike. */
import type { Locator, Page } from '@playwright/test';

/** Three days from now at 10:30 local time: the value the date-time field takes, and its instant. */
export async function inThreeDaysAt1030(panel: Page): Promise<{ value: string; epochMs: number }> {
  return panel.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 3);
    d.setHours(10, 30, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    return { value: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:30`, epochMs: d.getTime() };
  });
}

/**
 * The separator of an append names the minute (UTC): the emulator's clock is set to one second into
 * the next minute, and the panel's to two seconds later (pass it as `fixedTime`), so that the preview
 * and the service write the same stamp.
 */
export async function sameMinuteClocks(emulatorOrigin: string, emulatorControl: (path: string, body: unknown) => Promise<unknown>): Promise<{ at: number; panelTime: number }> {
  const { now } = (await (await fetch(`${emulatorOrigin}/_emulator/clock`)).json()) as { now: number };
  const at = Math.ceil(now / 60_000) * 60_000 + 60_000 + 1_000;
  await emulatorControl('clock', { now: at });
  return { at, panelTime: at + 2_000 };
}

/** The panel's reply box, opened with its Reply button when closed (issue 45: the reply opens in place). */
export async function openPanelReply(panel: Page): Promise<Locator> {
  const box = panel.getByLabel('Reply', { exact: true });
  const button = panel.getByRole('button', { name: 'Reply', exact: true });
  await box.or(button).first().waitFor({ timeout: 30_000 });
  if (!(await box.isVisible())) await button.click();
  return box;
}

/** Opens the panel's fold named `title` (issue 45: Qualify, Contact details, Details, Activity fold), if closed. */
export async function openFold(panel: Page, title: string): Promise<void> {
  const fold = panel.locator('details.fold').filter({ has: panel.locator('summary', { hasText: title }) }).first();
  await fold.waitFor({ timeout: 30_000 });
  if ((await fold.getAttribute('open')) === null) await fold.locator('summary').click();
}
