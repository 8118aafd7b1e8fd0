/**
 * Everything known about the person (issue 44): Ada's CRM record (found by her profile's address)
 * and, in Details, her campaign's status and her standing in it (to call, her emails in words); then
 * Margaret Hamilton, no lead, found in crmB by name and company once the user pressed the search.
 */
import type { Scene } from '../scene';
import { openFold, profileAndPanel } from '../steps';

export const scene: Scene = {
  title: 'person context: CRM record and the campaign at a glance',
  locales: ['en', 'fr'],
  async run(kit) {
    const { panel } = await profileAndPanel(kit, 'ada-lovelace');
    await openFold(panel, 'details');
    await panel.locator('[data-testid="campaign-standing"] .standing-todo').waitFor();
    await panel.locator('[data-testid="crm-open"]').waitFor();
    await kit.shoot(panel, 'person-context-ada', { fullPage: true });

    const margaret = await profileAndPanel(kit, 'margaret-hamilton');
    const crm = margaret.panel.getByTestId('crm-records');
    await crm.locator('.btn').waitFor();
    await crm.locator('.btn').click();
    await crm.locator('.crm-namesake').waitFor();
    await crm.scrollIntoViewIfNeeded();
    await kit.shoot(margaret.panel, 'person-context-margaret', { fullPage: true });
  },
};
