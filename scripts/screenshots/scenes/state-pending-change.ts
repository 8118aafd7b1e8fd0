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
    // Beside Save note: queued, not a green "Saved" (the first attempt has failed).
    await panel.getByText(say(kit, 'noteWaiting'), { exact: true }).waitFor({ timeout: 15_000 });
    await pending.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await kit.shoot(panel, 'state-pending-change');
  },
};
