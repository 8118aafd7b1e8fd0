/** The side panel on Ada Lovelace: one OPEN conversation, the lead replied, a note; its first screen at 400 × 700, then the whole panel. */
import type { Scene } from '../scene';
import { profileAndPanel } from '../steps';

export const scene: Scene = {
  title: 'side panel: Ada Lovelace (open, replied, a note), first screen and whole',
  locales: ['en', 'fr'],
  async run(kit) {
    const { panel } = await profileAndPanel(kit, 'ada-lovelace', 'Ada Lovelace');
    await panel.setViewportSize({ width: 400, height: 700 });
    await kit.shoot(panel, 'sidepanel-ada-lovelace-first-screen');
    await panel.setViewportSize({ width: 400, height: 900 });
    await kit.shoot(panel, 'sidepanel-ada-lovelace', { fullPage: true });
  },
};
