/** A profile of the look-alike network with the status chip in its corner. */
import type { Scene } from '../scene';

export const scene: Scene = {
  title: 'the chip on a profile (Ada Lovelace)',
  async run(kit) {
    const { page } = await kit.openPage('/in/ada-lovelace/', { waitForChip: 'Ada Lovelace' });
    await kit.shoot(page, 'profile-chip');
  },
};
