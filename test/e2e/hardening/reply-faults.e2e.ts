/**
 * Replies exactly once where the user sends them (issue 40): four lead panels open, four replies
 * typed and sent one after another with the default undo window, while the service drops 30% of
 * calls and applies the dropped sends up to 3 s late; then four more under 502 after apply, drops
 * and a worker stopped while they wait. The truth is the emulator's messages and the browser's own
 * record of the worker's requests: the worker sends each reply once (a dropped or 502'd send is read
 * back, never resent blindly: the test fails with the read-back removed), and each text is in its
 * conversation. A second copy is possible only from Chromium's own resend over a reused keep-alive
 * connection (docs/e2e.md, "Replies and the browser's resend"), and never outnumbers the drops.
 */
import { openPanelReply } from '../panel-steps';
import type { Page } from '@playwright/test';
import { test, expect, outboxItems } from '../fixtures';
import { messagesOf, replyFromQueue, sayWhoIAm, withText } from '../reply-support';
import { RequestRecorder, WorkerStopper } from './support';

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

/** Four leads of demo-pro (design.md's table): open, snoozed, archived, and two conversations (the picker's first). */
const LEADS = ['ada-lovelace', 'alan-turing', 'katherine-johnson', 'grace-hopper'] as const;

async function replyBox(panel: Page) {
  const box = await openPanelReply(panel);
  await expect(box).toBeEnabled({ timeout: 30_000 });
  await panel.getByRole('radio', { name: 'Pronet' }).check().catch(() => undefined);
  return box;
}

async function send(panel: Page, words: string, first: boolean) {
  const box = await replyBox(panel);
  await box.fill(words);
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  if (first) await sayWhoIAm(panel);
  await expect(panel.getByTestId('reply-state').first()).toBeVisible();
}

test('four panels, drops with late applies up to 3 s, then 5xx after apply and a stopped worker: each reply lands exactly once', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  leadByUrl,
  leadConversations,
  emulator,
  emulatorControl,
  emulatorCalls,
  extension,
}) => {
  const options = await configureExtension();
  const requests = new RequestRecorder(extension.context);
  const targets: { slug: string; conversationIds: string[]; panel: Page }[] = [];
  for (const slug of LEADS) {
    const conversations = await leadConversations((await leadByUrl(slug))!.id);
    targets.push({ slug, conversationIds: conversations.map((c) => c.id), panel: await openPanelFor(await openProfile(slug)) });
  }
  for (const t of targets) await replyBox(t.panel);

  await emulatorControl('faults', { dropRate: 0.3, lateApplyMs: 3000 });
  const texts: { conversationIds: string[]; words: string }[] = [];
  for (const [i, t] of targets.entries()) {
    const words = `Under drops ${i}: ${t.slug} gets this once.`;
    await send(t.panel, words, i === 0);
    texts.push({ conversationIds: t.conversationIds, words });
  }
  // The faults stay on while every send goes out and is answered, dropped or read back.
  await expect
    .poll(async () => (await outboxItems(options)).filter((i) => i.kind === 'reply' && i.attempts === 0).length, { timeout: 60_000 })
    .toBe(0);

  // Then the service applies and answers 502, and the worker is stopped while the sends are queued.
  await emulatorControl('faults', { applyThenFailRate: 0.5, dropRate: 0.2, lateApplyMs: 3000 });
  for (const [i, t] of targets.entries()) {
    const words = `After apply ${i}: ${t.slug} gets this once too.`;
    await send(t.panel, words, false);
    texts.push({ conversationIds: t.conversationIds, words });
  }
  await new WorkerStopper(options).stop();
  await expect.poll(async () => (await outboxItems(options)).filter((i) => i.kind === 'reply').length, { timeout: 120_000 }).toBe(0);
  await emulatorControl('faults', {});

  // Once everything left the outbox, nothing more can be sent.
  const timesIn = async (t: (typeof texts)[number]) => {
    const all = await Promise.all(t.conversationIds.map((id) => messagesOf(emulator, id)));
    return withText(all.flat(), t.words).length;
  };
  const sent = (t: (typeof texts)[number]) => requests.all.filter((r) => r.fromWorker && r.method === 'POST' && /\/inbox\/pronet$/.test(r.url) && (r.postData ?? '').includes(JSON.stringify(t.words).slice(1, -1)));
  const report = await Promise.all(texts.map(async (t) => ({ words: t.words, landed: await timesIn(t), fetches: sent(t).length })));
  // The worker never sends a reply whose outcome it does not know: one request each, read back after a drop or a 502.
  // The message says how often each landed too: 0 requests beside 1 landing would be a request the
  // recorder missed, 0 landings a lost reply (a local run of three saw 0 requests once, landings unknown).
  expect(report.map((r) => [r.words, r.fetches]), `requests and landings: ${JSON.stringify(report)}`).toEqual(texts.map((t) => [t.words, 1]));
  // Each is in its conversation. A second copy can only come from the browser itself: Chromium resends a
  // request whose reused keep-alive connection closed before any answer (no page or extension can stop
  // it, and the service has no idempotency key), and the emulator applies the dropped first copy late.
  // Such copies never outnumber the sends the emulator dropped.
  const calls = await emulatorCalls();
  const droppedSends = calls.filter((c) => c.endpoint === 'sendPronetMessage' && c.status === 0).length;
  const extra = report.reduce((n, r) => n + (r.landed - 1), 0);
  expect(report.every((r) => r.landed >= 1 && r.landed <= 2)).toBe(true);
  expect(extra).toBeLessThanOrEqual(droppedSends);
  if (extra > 0) test.info().annotations.push({ type: 'browser-resend', description: `${extra} copies from Chromium's own resend over a reused connection` });
});

test('replies from the queue, one row after another with the keys, under drops with late applies, 502 after apply and a stopped worker: each once', async ({
  configureExtension,
  openProfile,
  openPanelFor,
  emulator,
  emulatorControl,
  emulatorCalls,
  extension,
}) => {
  const options = await configureExtension();
  const requests = new RequestRecorder(extension.context);
  const panel = await openPanelFor(await openProfile('ada-lovelace'));
  await panel.getByRole('tab', { name: 'Inbox' }).click();
  const rows = panel.getByRole('list', { name: 'Waiting for reply' }).getByRole('listitem');
  await expect(rows.nth(3)).toBeVisible();

  await emulatorControl('faults', { dropRate: 0.3, lateApplyMs: 3000, applyThenFailRate: 0.3 });
  const texts: { conversationId: string; words: string }[] = [];
  for (let i = 0; i < 3; i++) {
    // The focused row (the first, then the one that took the replied row's place) gets `r`.
    const row = panel.locator('.inbox-row.is-focused');
    const conversationId = (await row.getAttribute('data-conversation'))!;
    expect(texts.map((t) => t.conversationId)).not.toContain(conversationId);
    await row.focus();
    const words = `From the queue ${i}: ${conversationId} gets this once.`;
    await replyFromQueue(panel, words);
    texts.push({ conversationId, words });
    // Moving on: the replied row leaves the view, the next one takes the focus.
    await panel.getByLabel('Reply', { exact: true }).focus();
    await panel.keyboard.press('Escape');
    await expect(panel.locator(`[data-conversation="${conversationId}"]`)).toHaveCount(0);
  }
  await new WorkerStopper(options).stop();
  await expect.poll(async () => (await outboxItems(options)).filter((i) => i.kind === 'reply').length, { timeout: 150_000 }).toBe(0);
  await emulatorControl('faults', {});

  const calls = await emulatorCalls();
  const droppedSends = calls.filter((c) => (c.endpoint === 'sendPronetMessage' || c.endpoint === 'sendEmail') && c.status === 0).length;
  const report = await Promise.all(
    texts.map(async (t) => ({
      words: t.words,
      landed: withText(await messagesOf(emulator, t.conversationId), t.words).length,
      fetches: requests.all.filter((r) => r.fromWorker && r.method === 'POST' && /\/inbox\/(pronet|email)$/.test(r.url) && (r.postData ?? '').includes(t.words)).length,
    })),
  );
  expect(report.map((r) => [r.words, r.fetches])).toEqual(texts.map((t) => [t.words, 1]));
  expect(report.every((r) => r.landed >= 1 && r.landed <= 2)).toBe(true);
  // As above: a second copy only from the browser's own resend of a dropped send.
  expect(report.reduce((n, r) => n + (r.landed - 1), 0)).toBeLessThanOrEqual(droppedSends);
});
