/**
 * Read before you answer (issue 23, item 6): a waiting row shows the first line of the lead's last
 * message and how long it has waited, as the emulator holds them; the panel's thread pages back
 * through older messages on demand. And the queue's note box opens under its row (issue 27).
 */
import { openPanelReply } from './panel-steps';
import type { Page } from '@playwright/test';
import { firstLine, leadLastMessage, waitedFor } from '../../lib/views/thread';
import { expect, test, type EmulatorHandle } from './fixtures';

test.describe.configure({ timeout: 180_000 });

interface ApiMessage {
  id: string;
  direction: string;
  content: string;
  createdAt: number;
}

async function apiGet<T>(emulator: EmulatorHandle, key: string, path: string): Promise<T> {
  const r = await fetch(`${emulator.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  expect(r.status).toBe(200);
  return (await r.json()) as T;
}

/** What a row must say it waited, at either side of a minute that may turn during the check. */
function waitedTexts(since: number): string[] {
  const say = (now: number) => {
    const { value, unit } = waitedFor(since, now);
    return `Waiting for you, ${new Intl.NumberFormat('en-US', { style: 'unit', unit, unitDisplay: unit === 'day' ? 'long' : 'short' }).format(value)}`;
  };
  return [...new Set([say(Date.now()), say(Date.now() + 60_000)])];
}

const waitingRows = (panel: Page) => panel.getByRole('list', { name: 'Waiting for reply' }).getByRole('listitem');

async function openQueue(panel: Page) {
  await panel.bringToFront();
  await panel.getByRole('tab', { name: 'Inbox' }).click();
  await expect(waitingRows(panel).first()).toBeVisible({ timeout: 30_000 });
}

test("a waiting row shows the first line of the lead's last message and how long it waited, as the emulator holds them", async ({
  configureExtension,
  openProfile,
  openPanelFor,
  emulator,
  emulatorControl,
  demo,
  leadByUrl,
  leadConversations,
}) => {
  // Ada writes now, in HTML with a style block and an entity: her row comes first, read as plain text.
  const ada = (await leadByUrl('ada-lovelace'))!;
  const [conversation] = await leadConversations(ada.id);
  await emulatorControl('inbound', { conversationId: conversation!.id, content: '<style>p{color:red}</style><p>Tuesday &amp; <b>Wednesday</b> both work for me.</p><p>Ada</p>' });

  await (await configureExtension()).close();
  const panel = await openPanelFor(await openProfile('grace-hopper'));
  await openQueue(panel);
  const first = waitingRows(panel).first();
  await expect(first).toHaveAttribute('data-conversation', conversation!.id);
  await expect(first.getByTestId('inbox-preview')).toHaveText("Last message from the lead: Tuesday & Wednesday both work for me.", { timeout: 30_000 });
  expect(await first.getByTestId('inbox-waited').textContent()).toMatch(/^Waiting for you, (1|2) min$/);

  // The next rows against the emulator's own data: the newest message from the lead, its first line.
  for (const index of [1, 2]) {
    const row = waitingRows(panel).nth(index);
    const id = (await row.getAttribute('data-conversation'))!;
    const { data } = await apiGet<{ data: ApiMessage[] }>(emulator, demo.proKey, `/conversations/${encodeURIComponent(id)}/messages?page=0`);
    const last = leadLastMessage(data)!;
    await expect(row.getByTestId('inbox-preview')).toHaveText(`Last message from the lead: ${firstLine(last.content)}`, { timeout: 30_000 });
    expect(waitedTexts(last.createdAt)).toContain(await row.getByTestId('inbox-waited').textContent());
  }
});

test('the thread pages back through older messages on demand, through the worker, to the first one', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  emulator,
  emulatorControl,
  emulatorCalls,
  demo,
  leadByUrl,
  leadConversations,
}) => {
  // Enough messages for a second page of the service's (50 a page).
  const ada = (await leadByUrl('ada-lovelace'))!;
  const [conversation] = await leadConversations(ada.id);
  for (let i = 1; i <= 52; i++) await emulatorControl('inbound', { conversationId: conversation!.id, content: `Follow-up number ${i}` });
  const { data: newest, total } = await apiGet<{ data: ApiMessage[]; total: number }>(emulator, demo.proKey, `/conversations/${encodeURIComponent(conversation!.id)}/messages?page=0`);
  const { data: oldest } = await apiGet<{ data: ApiMessage[] }>(emulator, demo.proKey, `/conversations/${encodeURIComponent(conversation!.id)}/messages?page=1`);
  expect(total).toBeGreaterThan(52);

  await (await configureExtension()).close();
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  const messages = panel.locator('.message-list > li');
  await expect(messages.last()).toContainText(newest[0]!.content, { timeout: 30_000 });
  const shownAtFirst = await messages.count();
  expect(shownAtFirst).toBeLessThan(total);

  const older = panel.getByRole('button', { name: /^Show older messages/ });
  await expect(older).toHaveText(`Show older messages (${total - shownAtFirst})`);
  // From the keyboard: the button keeps the focus while there is more.
  await older.focus();
  await panel.keyboard.press('Enter');
  await expect(messages).toHaveCount(shownAtFirst * 2);
  await expect(older).toBeFocused();
  for (let guard = 0; guard < 20 && (await older.count()) > 0; guard++) {
    const before = await messages.count();
    // The button is ready for the next page (a press while the last page is still on its way does
    // nothing: seen once on a loaded machine, the count then stood still).
    await expect(older).toBeEnabled();
    await expect(older).toBeFocused();
    await panel.keyboard.press('Enter');
    await expect.poll(() => messages.count(), { timeout: 30_000 }).toBeGreaterThan(before);
  }
  await expect(messages).toHaveCount(total);
  await expect(messages.first()).toContainText(oldest.at(-1)!.content.replace(/<[^>]+>/g, '').slice(0, 20));
  // The last page came through the worker: one call for page 1.
  const pageCalls = (await emulatorCalls()).filter((c) => c.path.includes(`/conversations/${conversation!.id}/messages`));
  expect(pageCalls.some((c) => c.path.includes('page=1'))).toBe(true);
  // The reply opens in place, above the thread, on the first screen (issue 45).
  const box = await openPanelReply(panel);
  const listTop = await panel.locator('.message-list').evaluate((el) => el.getBoundingClientRect().top);
  const replyBottom = await box.evaluate((el) => el.getBoundingClientRect().bottom);
  expect(replyBottom).toBeLessThanOrEqual(listTop);
});

test("the queue's note box opens under its row, tells its keys, appends once with Ctrl+Enter; the toast leaves it alone", async ({
  configureExtension,
  openProfile,
  openPanelFor,
  emulatorConversation,
}) => {
  await (await configureExtension()).close();
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await openQueue(panel);
  const row = waitingRows(panel).nth(2);
  const id = (await row.getAttribute('data-conversation'))!;
  await row.focus();
  await panel.keyboard.press('n');
  const box = row.getByRole('textbox');
  await expect(box).toBeFocused();
  await expect(row.locator('#inbox-note-hint')).toHaveText('Enter: new line · Ctrl+Enter: append · Esc: back to the row');
  // Under its row: between it and the next one.
  const [rowTop, boxTop, nextTop] = await Promise.all([
    row.evaluate((el) => el.getBoundingClientRect().top),
    box.evaluate((el) => el.getBoundingClientRect().top),
    waitingRows(panel).nth(3).evaluate((el) => el.getBoundingClientRect().top),
  ]);
  expect(boxTop).toBeGreaterThan(rowTop);
  expect(boxTop).toBeLessThan(nextTop);

  const line = `Inline note ${Date.now()}`;
  await box.fill(line);
  await panel.keyboard.press('Enter');
  await panel.keyboard.type('second line');
  await panel.keyboard.press('Control+Enter');
  await expect(panel.getByRole('status').filter({ hasText: 'Added to the note of' })).toBeVisible();
  await expect(row.getByRole('textbox')).toHaveCount(0);
  await expect(row).toBeFocused();
  await expect.poll(async () => (await emulatorConversation(id)).note ?? '', { timeout: 30_000 }).toContain(`${line}\nsecond line`);
  expect(((await emulatorConversation(id)).note ?? '').split(line).length).toBe(2);

  // Opened again and Esc: back to the row, the box gone.
  await panel.keyboard.press('n');
  await expect(row.getByRole('textbox')).toBeFocused();
  await panel.keyboard.press('Escape');
  await expect(row).toBeFocused();
  await expect(row.getByRole('textbox')).toHaveCount(0);
});
