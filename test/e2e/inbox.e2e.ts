import AxeBuilder from '@axe-core/playwright';
import type { Page, Worker } from '@playwright/test';
import { queueFilters, QUEUE_PAGE_SIZE, type QueueViewId } from '../../lib/inbox/queue';
import { tomorrowMorning } from '../../lib/inbox/snooze-presets';
import { expect, expectLeadShown, test, toolbarCount, type EmulatorHandle } from './fixtures';

interface SearchPage {
  data: { id: string; leadId: string }[];
  total: number | null;
  nextToken: string | null;
}

/** The emulator's own answer for a view (the public API, the Pro key): what the queue must show. */
async function emulatorView(emulator: EmulatorHandle, key: string, view: QueueViewId, cursor?: string): Promise<SearchPage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(queueFilters({ view }, Date.now()))) {
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (cursor) params.set('searchAfter', cursor);
  const r = await fetch(`${emulator.baseUrl}/conversations/search?${params}`, { headers: { authorization: `Bearer ${key}` } });
  expect(r.status).toBe(200);
  return (await r.json()) as SearchPage;
}

const queue = (panel: Page, view: string) => panel.getByRole('list', { name: view });
const rowIds = (panel: Page, view: string) =>
  queue(panel, view)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-conversation')));

async function openQueue(panel: Page) {
  await panel.bringToFront();
  await panel.getByRole('tab', { name: 'Inbox' }).click();
  await expect(queue(panel, 'Waiting for reply').getByRole('listitem').first()).toBeVisible();
}

test('each view shows the emulator\'s rows in its order, across two pages, and the toolbar shows the waiting count; a view switch drops the previews of the rows it left', async ({
  emulatorCalls,
  emulatorControl,
  configureExtension,
  openProfile,
  openPanelFor,
  emulator,
  demo,
  extension,
}) => {
  // Three pages of twenty rows, each with its lead look-ups, under the limiter's list share.
  test.setTimeout(150_000);
  const first = await emulatorView(emulator, demo.proKey, 'waiting');
  const second = await emulatorView(emulator, demo.proKey, 'waiting', first.nextToken!);
  const snoozed = await emulatorView(emulator, demo.proKey, 'snoozed');
  expect(first.data).toHaveLength(QUEUE_PAGE_SIZE);
  expect(first.total).toBeGreaterThanOrEqual(60);

  await (await configureExtension()).close();
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await openQueue(panel);
  await expect(panel.getByTestId('inbox-total')).toHaveText(`${first.total} conversations`);
  await expect.poll(() => rowIds(panel, 'Waiting for reply')).toEqual(first.data.map((c) => c.id));

  // A slow service from here: the second page's previews (list work, five connections at a time)
  // are still waiting for a connection when the view changes.
  await emulatorControl('faults', { latencyMs: 3000 });
  // From the keyboard: the rows above it grow as their names arrive (list priority, in waves on a
  // busy machine), so a pointer click can keep missing a button that moves.
  await panel.getByRole('button', { name: 'Load more' }).focus();
  await panel.keyboard.press('Enter');
  // The second page's lead look-ups wait for the limiter's list share (30 calls in 10 s) after the first page's.
  await expect.poll(() => rowIds(panel, 'Waiting for reply'), { timeout: 30_000 }).toEqual([...first.data, ...second.data].map((c) => c.id));

  const switchAt = Date.now();
  await panel.getByLabel('View', { exact: true }).selectOption({ label: 'Snoozed' });
  // One round trip of the slow service, maybe behind the look-ups already sent.
  await expect.poll(() => rowIds(panel, 'Snoozed'), { timeout: 20_000 }).toEqual(snoozed.data.map((c) => c.id));
  await expect(panel.getByTestId('inbox-total')).toHaveText(`${snoozed.total} conversations`);
  await expect(queue(panel, 'Snoozed').getByTestId('inbox-wake').first()).toBeVisible();
  // The first snoozed row's preview came: list work queued after the view's search has gone.
  await expect(queue(panel, 'Snoozed').getByRole('listitem').first()).not.toHaveAttribute('data-needs-preview', { timeout: 30_000 });

  // The previews of the waiting rows still queued at the switch were dropped: none reached the
  // service after the Snoozed view's search (the call history, in the order the service saw them).
  const calls = await emulatorCalls();
  const search = calls.filter((c) => c.endpoint === 'searchConversations' && c.path.includes('status=SNOOZED') && c.at >= switchAt).sort((a, b) => a.id - b.id)[0];
  expect(search).toBeDefined();
  const waiting = new Set([...first.data, ...second.data].map((c) => c.id));
  const previewOf = (path: string) => /\/conversations\/([^/]+)\/messages/.exec(path)?.[1] ?? '';
  const leftovers = calls.filter((c) => c.id > search!.id && c.endpoint === 'listConversationMessages' && waiting.has(previewOf(c.path)));
  expect(leftovers.map((c) => c.path)).toEqual([]);
  await emulatorControl('faults', {});

  // The toolbar count (the action's global badge) is the waiting view's total.
  await expect.poll(() => toolbarCount(extension.serviceWorker)).toBe(String(first.total));
});

function toolbarTitle(worker: Worker): Promise<string> {
  return worker.evaluate(() => (globalThis as unknown as { chrome: { action: { getTitle(d: object): Promise<string> } } }).chrome.action.getTitle({}));
}

test('archive and snooze from the queue land on the emulator and the row leaves; undo brings it back', async ({
  extension,
  configureExtension,
  openProfile,
  openPanelFor,
  emulatorConversation,
}) => {
  await (await configureExtension()).close();
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await openQueue(panel);
  const view = 'Waiting for reply';
  const [firstId, secondId] = (await rowIds(panel, view)) as string[];
  // The panel opening counted the waiting view: the toolbar shows it.
  const total = Number((await panel.getByTestId('inbox-total').textContent())!.split(' ')[0]);
  await expect.poll(() => toolbarCount(extension.serviceWorker)).toBe(String(total));
  // The number's tooltip says what it counts (it said "this profile's lead").
  await expect.poll(() => toolbarTitle(extension.serviceWorker)).toBe(`Outreach companion: ${total} conversations wait for your reply`);

  // e: archived at once, the next row takes the focus, the toolbar count drops; the change lands; Undo brings it back.
  await expect(queue(panel, view).getByRole('listitem').first()).toBeFocused();
  await panel.keyboard.press('e');
  await expect(queue(panel, view).locator(`[data-conversation="${firstId}"]`)).toHaveCount(0);
  await expect(queue(panel, view).locator(`[data-conversation="${secondId}"]`)).toBeFocused();
  await expect.poll(() => toolbarCount(extension.serviceWorker)).toBe(String(total - 1));
  // The queue's own count says the same as the toolbar's (it went stale at 66 while the toolbar said 65).
  await expect(panel.getByTestId('inbox-total')).toHaveText(`${total - 1} conversations`);
  await expect.poll(async () => (await emulatorConversation(firstId!)).status).toBe('ARCHIVED');
  await panel.getByRole('button', { name: 'Undo' }).click();
  await expect(queue(panel, view).locator(`[data-conversation="${firstId}"]`)).toHaveCount(1);
  await expect.poll(() => toolbarCount(extension.serviceWorker)).toBe(String(total));
  await expect(panel.getByTestId('inbox-total')).toHaveText(`${total} conversations`);
  await expect.poll(async () => (await emulatorConversation(firstId!)).status).toBe('OPEN');

  // s: snoozed until tomorrow 09:00 (the panel's local time); z undoes it.
  await queue(panel, view).locator(`[data-conversation="${secondId}"]`).focus();
  const tomorrow = await panel.evaluate(() => Date.now());
  await panel.keyboard.press('s');
  await expect(queue(panel, view).locator(`[data-conversation="${secondId}"]`)).toHaveCount(0);
  await expect.poll(async () => (await emulatorConversation(secondId!)).status).toBe('SNOOZED');
  const until = (await emulatorConversation(secondId!)).snoozeUntil!;
  expect(until).toBe(await panel.evaluate((now) => {
    const d = new Date(now);
    d.setDate(d.getDate() + 1);
    d.setHours(9, 0, 0, 0);
    return d.getTime();
  }, tomorrow));
  expect(until).toBeGreaterThan(tomorrowMorning(new Date(tomorrow)).getTime() - 2 * 86_400_000);
  await panel.keyboard.press('z');
  await expect(queue(panel, view).locator(`[data-conversation="${secondId}"]`)).toHaveCount(1);
  await expect.poll(async () => (await emulatorConversation(secondId!)).status).toBe('OPEN');
});

test('Enter opens the row\'s profile in the tab, and the profile view shows that lead', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  emulator,
}) => {
  await (await configureExtension()).close();
  const page = await openProfile('ada-lovelace');
  const panel = await openPanelFor(page);
  await openQueue(panel);
  const row = queue(panel, 'Waiting for reply').getByRole('listitem').nth(2);
  // Its lead is looked up once the row is on screen.
  await expect(row).not.toHaveAttribute('data-needs-lead');
  const name = (await row.getAttribute('aria-label'))!;
  await row.focus();
  await panel.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`^${emulator.pronetOrigin.replace(/[.]/g, '\\.')}/in/[^/]+/$`));
  await expect(page).not.toHaveURL(/ada-lovelace/);
  await expect(row).toHaveAttribute('aria-current', 'true');
  await panel.getByRole('tab', { name: 'Profile' }).click();
  await expectLeadShown(panel, name);
});

test('an archive queued offline from the queue is sent when the network is back', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  emulatorConversation,
  emulatorCalls,
  extension,
}) => {
  await (await configureExtension()).close();
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await openQueue(panel);
  const view = 'Waiting for reply';
  const [firstId] = (await rowIds(panel, view)) as string[];
  await extension.context.setOffline(true);
  await queue(panel, view).locator(`[data-conversation="${firstId}"]`).focus();
  await panel.keyboard.press('e');
  await expect(queue(panel, view).locator(`[data-conversation="${firstId}"]`)).toHaveCount(0);
  expect((await emulatorCalls()).filter((c) => c.endpoint === 'archiveConversation')).toHaveLength(0);
  await extension.context.setOffline(false);
  await expect.poll(async () => (await emulatorConversation(firstId!)).status, { timeout: 45_000 }).toBe('ARCHIVED');
});

test('axe-core finds no serious or critical issue in the queue, its snooze picker and the shortcuts overlay', async ({ configureExtension, openProfile, openPanelFor }) => {
  // Two axe runs over a queue whose rows now carry their last message: over a minute on a busy machine.
  test.setTimeout(150_000);
  const serious = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  await (await configureExtension()).close();
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await openQueue(panel);
  await expect(queue(panel, 'Waiting for reply').getByRole('listitem').first()).not.toHaveAttribute('data-needs-lead');
  await queue(panel, 'Waiting for reply').getByRole('listitem').first().getByRole('button', { name: 'Snooze' }).click();
  expect(await serious(panel)).toEqual([]);
  await panel.keyboard.press('Escape');
  await panel.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(panel.getByRole('dialog')).toBeVisible();
  expect(await serious(panel)).toEqual([]);
});
