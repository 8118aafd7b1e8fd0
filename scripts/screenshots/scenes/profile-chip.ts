/** A profile of the look-alike network with the status chip in its corner. */
import type { Scene } from '../scene';
import { badgesShown } from '../steps';

/** The people Ada Lovelace's page lists under "People also viewed" (the demo seed). */
const ALSO_VIEWED = 8;

export const scene: Scene = {
  title: 'the chip on a profile (Ada Lovelace)',
  async run(kit) {
    const { page } = await kit.openPage('/in/ada-lovelace/', { waitForChip: 'Ada Lovelace' });
    // The badges of "People also viewed" come a moment after the chip: the picture waits for them.
    await badgesShown(page, ALSO_VIEWED);
    await kit.shoot(page, 'profile-chip');
  },
};
