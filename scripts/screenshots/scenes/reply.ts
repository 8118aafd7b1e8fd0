/**
 * Answering from the panel (issue 23): the composer with a reply typed, the undo countdown after
 * Send, the reply Sent, and a reply Not sent because the teammate the user said they are has left
 * the workspace since (a real refusal of the service): who they are is asked again, under it.
 */
import type { Locator, Page } from '@playwright/test';
import type { Scene, SceneKit } from '../scene';
import { FIXED_NOW } from '../files';
import { ask, openReply, profileAndPanel, say } from '../steps';

/**
 * The page's clock stands at the kit's fixed instant while the worker's runs on: the countdown is
 * shown as it reads 8 s before the reply goes, by standing the page's clock there.
 */
async function standBeforeSend(panel: Page, seconds: number): Promise<void> {
  const reply = (await ask(panel, { type: 'outbox-list' })) as { ok: boolean; value?: { reply?: { holdUntil: number } }[] };
  const holdUntil = reply.value?.find((item) => item.reply)?.reply?.holdUntil;
  if (!holdUntil) throw new Error('no reply waiting in the outbox');
  await panel.clock.setFixedTime(holdUntil - seconds * 1_000);
}

const WORDS = {
  en: ['Thursday at 10 works for me.', 'I will bring the figures we spoke about.'],
  fr: ['Jeudi à 10 h me convient.', 'J’apporterai les chiffres dont nous avons parlé.'],
} as const;

async function typeReply(kit: SceneKit, panel: Page, words: readonly string[]): Promise<void> {
  const box = await openReply(kit, panel);
  await box.fill(words.join('\n\n'));
}

/**
 * The end of the thread and the composer under it: what the user looks at while answering, down to
 * the Send button (or to `last`, shown under it).
 */
async function shootThreadEnd(kit: SceneKit, panel: Page, name: string, last?: Locator): Promise<void> {
  const end = last ?? panel.getByRole('button', { name: say(kit, 'replySend'), exact: true });
  await end.scrollIntoViewIfNeeded();
  const box = await end.boundingBox();
  const top = await panel.evaluate(() => window.scrollY);
  if (!box) throw new Error('the end of the composer is not on screen');
  const bottom = top + box.y + box.height + 16;
  await kit.shoot(panel, name, { fullPage: true, clip: { x: 0, y: Math.max(0, bottom - 640), width: 400, height: 640 } });
}

export const scene: Scene = {
  title: 'side panel: reply composer, undo countdown, Sent, Not sent',
  locales: ['en', 'fr'],
  async run(kit) {
    const words = WORDS[kit.locale];
    const { panel } = await profileAndPanel(kit, 'ada-lovelace', 'Ada Lovelace');
    // Long enough to shoot the countdown on a busy machine.
    await ask(panel, { type: 'settings-set', patch: { replyUndoSeconds: 30 } });
    await typeReply(kit, panel, words);
    await shootThreadEnd(kit, panel, 'reply-composer');

    // Ada wrote last by email: the reply goes in that thread.
    await panel.getByRole('button', { name: say(kit, 'replySend'), exact: true }).click();
    await panel.getByTestId('reply-item').waitFor();
    await standBeforeSend(panel, 8);
    await panel.getByTestId('reply-state').getByText(/\b8\b/).waitFor();
    await shootThreadEnd(kit, panel, 'reply-undo');
    await panel.clock.setFixedTime(FIXED_NOW);

    await ask(panel, { type: 'settings-set', patch: { replyUndoSeconds: 0 } });
    await panel.getByRole('button', { name: say(kit, 'undo'), exact: true }).click();
    await panel.getByRole('button', { name: say(kit, 'replySend'), exact: true }).click();
    await panel.getByTestId('reply-status').getByText(say(kit, 'replySent'), { exact: true }).waitFor({ timeout: 30_000 });
    await shootThreadEnd(kit, panel, 'reply-sent');

    // A reply with its follow-up (issue 41): the reminder ticked, then the conversation snoozed until
    // 09:00 three days on, until Ada answers.
    await typeReply(kit, panel, words.slice(1));
    await panel.getByRole('checkbox', { name: say(kit, 'followUpLabel').replace('$p1$', '3') }).check();
    await shootThreadEnd(kit, panel, 'reply-follow-up', panel.locator('.reply-follow-up'));
    await panel.getByRole('button', { name: say(kit, 'replySend'), exact: true }).click();
    const status = panel.getByTestId('conversation-status');
    await status.filter({ hasText: say(kit, 'statusSnoozedUntil').split('$p1$')[0]!.trim() }).waitFor({ timeout: 30_000 });
    await panel.evaluate(() => window.scrollTo(0, 0));
    await kit.shoot(panel, 'reply-follow-up-set', { clip: { x: 0, y: 0, width: 400, height: 640 } });

    // A pronet message goes in the name of the teammate the user said they are, who has since left
    // the workspace: the service refuses it, and who the user is now is asked.
    await ask(panel, { type: 'reply-member-set', memberId: 'member-who-left' });
    await panel.getByRole('radio', { name: 'Pronet' }).check();
    await typeReply(kit, panel, words.slice(1));
    await panel.getByRole('button', { name: say(kit, 'replySend'), exact: true }).click();
    await panel.locator('li.reply-failed').waitFor({ timeout: 30_000 });
    const askAgain = panel.getByRole('group', { name: say(kit, 'replyIAm') });
    await askAgain.getByRole('option').nth(1).waitFor({ state: 'attached', timeout: 30_000 });
    await shootThreadEnd(kit, panel, 'reply-not-sent', askAgain);
  },
};
