/** The README's first picture: Ada Lovelace's profile with the lead panel docked beside it. */
import type { Scene } from '../scene';
import { badgesShown, profileAndPanel } from '../steps';

export const scene: Scene = {
  title: 'overview: a profile with the panel docked beside it',
  async run(kit) {
    const { profile, panel } = await profileAndPanel(kit, 'ada-lovelace', 'Ada Lovelace');
    // The badges of "People also viewed" (8 in the demo seed) come a moment after the chip.
    await badgesShown(profile, 8);
    if (!kit.shootSideBySide) throw new Error('this kit cannot compose two pages');
    await kit.shootSideBySide(profile, panel, 'overview');
  },
};
