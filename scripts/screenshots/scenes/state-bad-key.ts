/** The side panel when the service refuses the key (the Starter workspace's: its plan has no API). */
import type { Scene } from '../scene';
import { saveKey, shootPanelState } from '../steps';

export const scene: Scene = {
  title: 'state: the service refuses the key',
  async run(kit) {
    const starter = kit.emulator.workspaces.find((w) => w.plan === 'STARTER');
    if (!starter) throw new Error('the demo seed has no Starter workspace');
    await saveKey(kit, starter.apiKey);
    await shootPanelState(kit, '/in/ada-lovelace/', 'state-bad-key');
  },
};
