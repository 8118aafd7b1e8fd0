/** A note saved while offline: the change waits in "Pending and failed changes" until the network is back. */
import type { Scene } from '../scene';
import { profileAndPanel, say } from '../steps';

export const scene: Scene = {
  title: 'state: a pending change (note saved offline)',
  async run(kit) {
    const { panel } = await profileAndPanel(kit, 'alan-turing', 'Alan Turing');
    await kit.context.setOffline(true);
    await panel.getByLabel(say(kit, 'noteLabel'), { exact: true }).fill('Asked to be contacted again after the marathon season. Send the case study.');
    await panel.getByRole('button', { name: say(kit, 'saveNote'), exact: true }).click();
    const pending = panel.getByRole('list', { name: say(kit, 'outboxTitle') });
    await pending.waitFor({ timeout: 15_000 });
    // Beside Save note: not saved yet, in the pending list's words (the first attempt has failed).
    await panel.waitForFunction(() => {
      const said = document.querySelector('[data-testid="note-save-state"]')?.textContent ?? '';
      const listed = document.querySelector('.outbox-pending .outbox-state')?.textContent ?? '';
      return listed !== '' && said.endsWith(listed) && /\d/.test(listed);
    }, undefined, { timeout: 15_000 });
    await pending.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await kit.shoot(panel, 'state-pending-change');
  },
};
