/**
 * What issue 34 changed in the lead panel: a line appended under an unsaved edit of the note is
 * carried at the edit's end and said so; Unsnooze says what it did in a toast of its own, with Undo.
 */
import type { Scene } from '../scene';
import { profileAndPanel, say } from '../steps';

export const scene: Scene = {
  title: 'side panel: an appended line carried into an unsaved note edit; the Unsnooze toast',
  locales: ['en', 'fr'],
  async run(kit) {
    const { panel } = await profileAndPanel(kit, 'ada-lovelace', 'Ada Lovelace');
    const note = panel.getByLabel(say(kit, 'noteLabel'), { exact: true });
    await note.fill(`${await note.inputValue()}\n${kit.locale === 'fr' ? 'Décideur : le directeur financier.' : 'Budget owner: the CFO.'}`);
    await panel.getByLabel(say(kit, 'appendLabel')).fill(kit.locale === 'fr' ? 'Grille tarifaire envoyée.' : 'Sent the pricing sheet.');
    await panel.getByRole('button', { name: say(kit, 'append'), exact: true }).click();
    await panel.getByText(say(kit, 'noteDraftMerged')).waitFor();
    await panel.getByTestId('note-append-state').getByText(say(kit, 'noteQueued'), { exact: true }).waitFor({ timeout: 15_000 });
    await note.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await kit.shoot(panel, 'sidepanel-note-draft-carried');

    const alan = await profileAndPanel(kit, 'alan-turing', 'Alan Turing');
    await alan.panel.getByRole('button', { name: say(kit, 'unsnooze'), exact: true }).click();
    await alan.panel.locator('.toast').getByText(say(kit, 'toastUnsnoozed')).waitFor({ timeout: 15_000 });
    await kit.shoot(alan.panel, 'sidepanel-unsnooze-toast');
  },
};
