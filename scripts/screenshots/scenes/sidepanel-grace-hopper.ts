/** The side panel on Grace Hopper: two conversations (two identities, two campaigns), the picker. */
import type { Scene } from '../scene';
import { profileAndPanel } from '../steps';

export const scene: Scene = {
  title: 'side panel: Grace Hopper (two conversations, the picker)',
  async run(kit) {
    const { panel } = await profileAndPanel(kit, 'grace-hopper', 'Grace Hopper');
    await kit.shoot(panel, 'sidepanel-grace-hopper', { fullPage: true });
  },
};
