/** The README's first picture: Ada Lovelace's profile with the lead panel docked beside it. */
import type { Scene } from '../scene';
import { profileAndPanel } from '../steps';

export const scene: Scene = {
  title: 'overview: a profile with the panel docked beside it',
  async run(kit) {
    const { profile, panel } = await profileAndPanel(kit, 'ada-lovelace', 'Ada Lovelace');
    if (!kit.shootSideBySide) throw new Error('this kit cannot compose two pages');
    await kit.shootSideBySide(profile, panel, 'overview');
  },
};
