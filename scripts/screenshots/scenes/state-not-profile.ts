/** The side panel beside a page that is no profile (the network's feed). */
import type { Scene } from '../scene';
import { shootPanelState } from '../steps';

export const scene: Scene = {
  title: 'state: not a profile',
  async run(kit) {
    await shootPanelState(kit, '/feed/', 'state-not-profile');
  },
};
