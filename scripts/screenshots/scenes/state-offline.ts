/** The side panel when the service cannot be reached (every call dropped). */
import type { Scene } from '../scene';
import { serviceUnreachable, shootPanelState } from '../steps';

export const scene: Scene = {
  title: 'state: the service cannot be reached',
  async run(kit) {
    await serviceUnreachable(kit);
    await shootPanelState(kit, '/in/ada-lovelace/', 'state-offline');
  },
};
