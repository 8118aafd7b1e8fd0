/** Steps and reads the reply e2e tests share: the emulator's whole messages, the undo window, "I am". */
import { openPanelReply } from './panel-steps';
import type { Page } from '@playwright/test';
import { expect, type EmulatorHandle } from './fixtures';

export interface WholeMessage {
  direction: string;
  channel: string;
  subject?: string | null;
  content: string;
}

export async function messagesOf(emulator: EmulatorHandle, conversationId: string): Promise<WholeMessage[]> {
  const r = await fetch(`${emulator.origin}/_emulator/conversations/${encodeURIComponent(conversationId)}`);
  return ((await r.json()) as { messages: WholeMessage[] }).messages;
}

export const withText = (messages: WholeMessage[], words: string) => messages.filter((m) => m.direction === 'SENT' && m.content.includes(words));

/** The undo window, through the same request the options page sends. */
export async function setUndoSeconds(options: Page, seconds: number) {
  await options.evaluate(async (s) => {
    const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime;
    await runtime.sendMessage({ type: 'settings-set', patch: { replyUndoSeconds: s } });
  }, seconds);
}

/** The first pronet send asks who I am, once: the first member is picked. */
export async function sayWhoIAm(panel: Page) {
  const who = panel.getByLabel('I am', { exact: true }).last();
  await expect(who).toBeVisible({ timeout: 15_000 });
  await who.selectOption({ index: 1 });
  await panel.getByRole('button', { name: 'Save and send' }).click();
}

/** The panel's reply box once the composer is ready, on pronet. */
async function pronetReplyBox(panel: Page) {
  const box = await openPanelReply(panel);
  await expect(box).toBeEnabled({ timeout: 15_000 });
  await panel.getByRole('radio', { name: 'Pronet' }).check().catch(() => undefined);
  return box;
}

interface Opening {
  configureExtension(): Promise<Page>;
  openProfile(slug: string): Promise<Page>;
  openPanelFor(page: Page): Promise<Page>;
  leadByUrl(slug: string): Promise<{ id: string } | null>;
  leadConversations(leadId: string): Promise<{ id: string }[]>;
}

/** Ada Lovelace's panel with its pronet reply box ready, the undo window set, and her conversation. */
export async function adaPronetReply(f: Opening, undoSeconds: number) {
  const options = await f.configureExtension();
  await setUndoSeconds(options, undoSeconds);
  const [conversation] = await f.leadConversations((await f.leadByUrl('ada-lovelace'))!.id);
  const panel = await f.openPanelFor(await f.openProfile('ada-lovelace'));
  return { options, conversation: conversation!, panel, box: await pronetReplyBox(panel) };
}

/** In the queue, on the focused row: `r`, the words typed, Ctrl+Enter ("I am" answered on a first pronet send); waits until the reply is queued. */
export async function replyFromQueue(panel: Page, words: string) {
  await panel.keyboard.press('r');
  await expect(panel.getByLabel('Reply', { exact: true })).toBeFocused();
  await panel.keyboard.type(words);
  await panel.keyboard.press('Control+Enter');
  const asked = panel.getByLabel('I am', { exact: true }).last();
  const queued = panel.getByTestId('reply-item').filter({ hasText: words });
  await expect(asked.or(queued)).toBeVisible();
  if (await asked.isVisible()) await sayWhoIAm(panel);
  await expect(queued).toBeVisible();
}
