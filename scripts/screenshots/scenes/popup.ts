/** The toolbar popup on Ada Lovelace's profile, at the size Chrome gives it. */
import type { Scene } from '../scene';

export const scene: Scene = {
  title: 'popup: Ada Lovelace',
  locales: ['en', 'fr'],
  async run(kit) {
    const { tabId } = await kit.openPage('/in/ada-lovelace/', { waitForChip: 'Ada Lovelace' });
    const popup = await kit.openPopup(tabId);
    await kit.shoot(popup, 'popup');
  },
};
