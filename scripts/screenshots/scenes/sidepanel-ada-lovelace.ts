/** The side panel on Ada Lovelace: one OPEN conversation, the lead replied, a note. */
import type { Scene } from '../scene';
import { profileAndPanel } from '../steps';

export const scene: Scene = {
  title: 'side panel: Ada Lovelace (open, replied, a note)',
  locales: ['en', 'fr'],
  async run(kit) {
    const { panel } = await profileAndPanel(kit, 'ada-lovelace', 'Ada Lovelace');
    await kit.shoot(panel, 'sidepanel-ada-lovelace', { fullPage: true });
  },
};
