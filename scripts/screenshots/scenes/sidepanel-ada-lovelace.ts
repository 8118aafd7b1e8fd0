/** The side panel on Ada Lovelace: one OPEN conversation, the lead replied, a note. */
import type { Scene } from '../scene';

export const scene: Scene = {
  title: 'side panel: Ada Lovelace (open, replied, a note)',
  locales: ['en', 'fr'],
  async run(kit) {
    const { tabId } = await kit.openPage('/in/ada-lovelace/', { waitForChip: 'Ada Lovelace' });
    const panel = await kit.openPanel(tabId);
    await kit.shoot(panel, 'sidepanel-ada-lovelace', { fullPage: true });
  },
};
