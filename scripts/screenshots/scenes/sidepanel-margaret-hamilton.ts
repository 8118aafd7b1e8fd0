/** The side panel on Margaret Hamilton: a profile that is no lead yet (add to an audience, enrich). */
import type { Scene } from '../scene';
import { profileAndPanel } from '../steps';

export const scene: Scene = {
  title: 'side panel: Margaret Hamilton (not a lead)',
  locales: ['en', 'fr'],
  async run(kit) {
    const { panel } = await profileAndPanel(kit, 'margaret-hamilton');
    await kit.shoot(panel, 'sidepanel-margaret-hamilton', { fullPage: true });
  },
};
