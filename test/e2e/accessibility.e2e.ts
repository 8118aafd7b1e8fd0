import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, expectLeadShown } from './fixtures';

/** The serious and critical axe-core violations of a page, as "rule: target" lines (empty is good). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

test('axe-core finds no serious or critical issue on the side panel, the popup and the options page', async ({ configureExtension, openProfile, openPanelFor }) => {
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
