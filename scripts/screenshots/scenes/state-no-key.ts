/** The side panel when no key is set (the user pressed `Remove key`). */
import type { Scene } from '../scene';
import { removeKey, shootPanelState } from '../steps';

export const scene: Scene = {
  title: 'state: no key',
  async run(kit) {
    await removeKey(kit);
    await shootPanelState(kit, '/in/ada-lovelace/', 'state-no-key');
  },
};
