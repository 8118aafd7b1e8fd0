/** The side panel on Alan Turing: a conversation SNOOZED until a future date. */
import type { Scene } from '../scene';
import { profileAndPanel } from '../steps';

export const scene: Scene = {
  title: 'side panel: Alan Turing (snoozed)',
  async run(kit) {
    const { panel } = await profileAndPanel(kit, 'alan-turing', 'Alan Turing');
    await kit.shoot(panel, 'sidepanel-alan-turing', { fullPage: true });
  },
};
