/**
 * The side panel on Margaret Hamilton: a profile that is no lead yet (add to an audience with the
 * name, company and job title the page suggests; enrich), then the lead once added, Enrich still offered.
 */
import type { Scene } from '../scene';
import { profileAndPanel, say } from '../steps';

export const scene: Scene = {
  title: 'side panel: Margaret Hamilton (not a lead, then added to an audience)',
  locales: ['en', 'fr'],
  async run(kit) {
    const { panel } = await profileAndPanel(kit, 'margaret-hamilton');
    await kit.shoot(panel, 'sidepanel-margaret-hamilton', { fullPage: true });

    await panel.getByRole('button', { name: say(kit, 'addToAudience'), exact: true }).click();
    await panel.getByText(say(kit, 'noConversationTitle')).waitFor();
    await panel.getByTestId('credits').getByText(/\d/).waitFor();
    await kit.shoot(panel, 'sidepanel-margaret-hamilton-added', { fullPage: true });
  },
};
