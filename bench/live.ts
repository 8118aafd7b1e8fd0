/**
 * Benchmark of live replies (issue 36), in Chromium with the built extension and the team relay:
 * - with the relay: a lead's message pushed into the emulator (`/_emulator/inbound`, then its clock
 *   past the 60 s window) → shown in the open panel (its thread) and the open queue (its row), timed
 *   from the relay's receipt of the service's delivery;
 * - without it: from the message to the panel showing it, the panel's own clock stepped 5 s at a time
 *   (its revalidation runs once a minute): the virtual wait plus the real time to show;
 * - calls spent by an open panel and an open queue over 10 minutes of their clocks, each way, beside
 *   the build before issue 36 (0 calls, and 0 updates: only Refresh showed a new reply).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningEmulator } from '../emulator/server';
import { startRelay } from '../relay/server';
import { setRelay } from '../scripts/extension-session';
import { calls, control, proWorkspace, resetDemo } from './emulator-control';
import { launchConfigured, openExtensionWindow, tabIdOf, type BenchBrowser } from './extension';
import { summarize, type Summary } from './stats';

export interface LiveBenchResult {
  runs: number;
  /** Relay: its receipt of the delivery → the panel's thread shows the message. */
  relayPanelMs: Summary;
  /** Relay: its receipt → the queue's row shows it. */
  relayQueueMs: Summary;
  /** No relay: the message → the panel shows it (virtual wait of its once-a-minute timer, plus real time). */
  pollPanelMs: Summary;
  /** Calls over 10 minutes of an open panel, then of an open queue: with the relay, without it. */
  calls10min: { relayPanel: number; relayQueue: number; pollPanel: number; pollQueue: number };
  /** The same calls by endpoint and status. */
  endpoints10min: { relayPanel: string; relayQueue: string; pollPanel: string; pollQueue: string };
}

const shows = (page: Page, text: string, timeout = 30_000) => page.waitForFunction((t) => document.body.innerText.includes(t), text, { timeout, polling: 'raf' });

async function adaConversation(origin: string, key: string, baseUrl: string): Promise<string> {
  const h = { authorization: `Bearer ${key}` };
  const lead = (await (await fetch(`${baseUrl}/leads/search?pronetUrl=${encodeURIComponent('https://www.pronet.example/in/ada-lovelace/')}`, { headers: h })).json()) as { lead: { id: string } };
  const convs = (await (await fetch(`${baseUrl}/leads/${lead.lead.id}/conversations`, { headers: h })).json()) as { data: { id: string }[] };
  void origin;
  return convs.data[0]!.id;
}

/** The emulator's call history stopped growing (300 ms without a new call). */
async function settled(emulator: RunningEmulator): Promise<void> {
  let last = -1;
  for (;;) {
    const n = Math.max(0, ...(await calls(emulator.origin)).map((c) => c.id));
    if (n === last) return;
    last = n;
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Calls the extension made while `page`'s clock ran 10 minutes (the page in front, visible), and how many of each endpoint. */
async function callsOver10Min(emulator: RunningEmulator, page: Page, log: (line: string) => void = () => undefined): Promise<{ count: number; endpoints: string }> {
  await page.bringToFront();
  const before = Math.max(0, ...(await calls(emulator.origin)).map((c) => c.id));
  // Minute by minute, each minute's reads answered before the next: ten minutes squeezed into a
  // second would let identical reads in flight share one call, which real minutes never do.
  for (let i = 0; i < 10; i += 1) {
    await page.clock.runFor(60_000);
    await settled(emulator);
  }
  const made = (await calls(emulator.origin)).filter((c) => c.id > before);
  for (const c of made) log(`live: call ${c.id} at ${c.at} ${c.method} ${c.path} ${c.status}`);
  const tally = new Map<string, number>();
  for (const c of made) tally.set(`${c.endpoint ?? c.path} ${c.status}`, (tally.get(`${c.endpoint ?? c.path} ${c.status}`) ?? 0) + 1);
  return { count: made.length, endpoints: [...tally].map(([k, n]) => `${k} ×${n}`).join(', ') || 'none' };
}

/** A surface in a tab of its own, under the context's installed clock. */
async function clockedPage(browser: BenchBrowser, path: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 420, height: 900 });
  await page.goto(`${browser.origin}/${path}`);
  return page;
}

/** One surface opened alone, shown, then its calls over 10 minutes of its clock; closed after. */
async function aloneFor10Min(browser: BenchBrowser, emulator: RunningEmulator, path: string, ready: string, log: (line: string) => void) {
  const page = await clockedPage(browser, path);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  // Its first reads are its opening, not its upkeep.
  await page.clock.runFor(5_000);
  await page.waitForTimeout(1_000);
  const made = await callsOver10Min(emulator, page, (line) => log(`${path}: ${line}`));
  await page.close();
  return made;
}

export async function liveBench(emulator: RunningEmulator, opts: { runs?: number; log?: (line: string) => void } = {}): Promise<LiveBenchResult> {
  const runs = opts.runs ?? 8;
  const log = opts.log ?? (() => undefined);
  const ws = proWorkspace(await resetDemo(emulator.origin));
  const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-relay-'));
  const received = new Map<number, number>();
  const relay = await startRelay({ service: emulator.baseUrl, key: ws.apiKey, port: 0, dataDir, say: (line) => {
    const m = /^event (\d+) /.exec(line);
    if (m) received.set(Number(m[1]), Date.now());
  } });
  const browser = await launchConfigured({ apiKey: ws.apiKey, baseUrl: emulator.baseUrl });
  try {
    await setRelay(browser.extensionPage, relay.eventsUrl, relay.token);
    const conversationId = await adaConversation(emulator.origin, ws.apiKey, emulator.baseUrl);
    const profile = await browser.context.newPage();
    await profile.goto(`${pronet}/in/ada-lovelace/`);
    const tabId = await tabIdOf(browser, profile);
    const panel = await openExtensionWindow(browser, `sidepanel.html?tab=${tabId}`);
    const queue = await openExtensionWindow(browser, 'sidepanel.html?view=inbox');
    await panel.locator('.message-list > li').first().waitFor({ timeout: 30_000 });
    await queue.locator('.inbox-list li').first().waitFor({ timeout: 30_000 });
    while (relay.listeners() < 1) await panel.waitForTimeout(50);

    const relayPanel: number[] = [];
    const relayQueue: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const text = `Live bench ${i}: does Tuesday work?`;
      const eventId = received.size + 1;
      await control(emulator.origin, 'inbound', { conversationId, content: text });
      await control(emulator.origin, 'clock', { advanceMs: 60_000 });
      const [p, q] = await Promise.all([shows(panel, text).then(() => Date.now()), shows(queue, text).then(() => Date.now())]);
      const t0 = received.get(eventId) ?? NaN;
      relayPanel.push(p - t0);
      relayQueue.push(q - t0);
      log(`live: relay run ${i + 1}: panel ${p - t0} ms, queue ${q - t0} ms`);
    }

    // Calls over 10 minutes: each surface alone (the page clock is the whole context's, so a second
    // surface left open would add its own calls), in front, its clock driven.
    await panel.close();
    await queue.close();
    await browser.context.clock.install();
    const panelPath = `sidepanel.html?tab=${tabId}`;
    const relayPanelCalls = await aloneFor10Min(browser, emulator, panelPath, '.message-list > li', log);
    const relayQueueCalls = await aloneFor10Min(browser, emulator, 'sidepanel.html?view=inbox', '.inbox-list li', log);

    // Without the relay.
    await browser.extensionPage.bringToFront();
    await setRelay(browser.extensionPage, '', '');
    const pollPanel: number[] = [];
    const clockedPanel = await clockedPage(browser, panelPath);
    await clockedPanel.locator('.message-list > li').first().waitFor({ timeout: 30_000 });
    for (let i = 0; i < runs; i += 1) {
      const text = `Polled bench ${i}: does Wednesday work?`;
      await control(emulator.origin, 'inbound', { conversationId, content: text });
      let virtual = 0;
      let shown = false;
      while (!shown && virtual <= 65_000) {
        await clockedPanel.clock.runFor(5_000);
        virtual += 5_000;
        const realStart = Date.now();
        shown = await shows(clockedPanel, text, 1_500).then(() => true, () => false);
        if (shown) {
          // The tick it showed in: the real time it took, not the whole step.
          pollPanel.push(virtual - 5_000 + (Date.now() - realStart));
          log(`live: no relay run ${i + 1}: ${pollPanel.at(-1)} ms`);
        }
      }
    }
    await clockedPanel.close();
    const pollPanelCalls = await aloneFor10Min(browser, emulator, panelPath, '.message-list > li', log);
    const pollQueueCalls = await aloneFor10Min(browser, emulator, 'sidepanel.html?view=inbox', '.inbox-list li', log);
    log(`live: calls over 10 min without the relay: panel ${pollPanelCalls.count} (${pollPanelCalls.endpoints}); queue ${pollQueueCalls.count} (${pollQueueCalls.endpoints})`);
    return {
      runs,
      relayPanelMs: summarize(relayPanel),
      relayQueueMs: summarize(relayQueue),
      pollPanelMs: summarize(pollPanel),
      calls10min: { relayPanel: relayPanelCalls.count, relayQueue: relayQueueCalls.count, pollPanel: pollPanelCalls.count, pollQueue: pollQueueCalls.count },
      endpoints10min: { relayPanel: relayPanelCalls.endpoints, relayQueue: relayQueueCalls.endpoints, pollPanel: pollPanelCalls.endpoints, pollQueue: pollQueueCalls.endpoints },
    };
  } finally {
    await browser.close();
    await relay.close({ unregister: true }).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const msOf = (v: number | null) => (v === null ? '-' : `${Math.round(v)} ms`);

/** The results' section of its own (issue 36), at the end. */
export function liveMarkdown(r: LiveBenchResult, table: (head: string[], rows: (string | number)[][]) => string[]): string[] {
  const c = r.calls10min;
  return [
    '',
    '## 7. Live replies (issue 36)',
    '',
    `A lead's message pushed into the emulator (\`/_emulator/inbound\`, its clock then moved past the 60 s window), ${r.runs} runs each way, Ada's panel and the queue open.`,
    '',
    ...table(
      ['Measure', 'p50', 'p95', 'max'],
      [
        ["Relay: the service's delivery received → shown in the open panel's thread", msOf(r.relayPanelMs.p50), msOf(r.relayPanelMs.p95), msOf(r.relayPanelMs.max)],
        ["Relay: the service's delivery received → shown in the open queue's row", msOf(r.relayQueueMs.p50), msOf(r.relayQueueMs.p95), msOf(r.relayQueueMs.max)],
        ['No relay: the message → shown in the open panel (its once-a-minute read; virtual wait + real time)', msOf(r.pollPanelMs.p50), msOf(r.pollPanelMs.p95), msOf(r.pollPanelMs.max)],
        ['Before issue 36: the message → shown', 'never (Refresh only)', '-', '-'],
      ],
    ),
    '',
    ...table(
      ['Calls over 10 minutes (the page clock driven)', 'Open panel', 'Open queue'],
      [
        ['With the relay', c.relayPanel, c.relayQueue],
        ['Without it (once a minute, list priority)', c.pollPanel, c.pollQueue],
        ['Before issue 36 (0 updates)', 0, 0],
      ],
    ),
    '',
    `By endpoint and status. With the relay: panel ${r.endpoints10min.relayPanel}; queue ${r.endpoints10min.relayQueue}. Without it: panel ${r.endpoints10min.pollPanel}; queue ${r.endpoints10min.pollQueue}.`,
    '',
    "Each surface is measured alone, in front, its page clock driven 10 minutes (the clock is the browser context's: a second surface left open would add its own reads). The design (issue 41): an open panel or queue reads its conversation's summary, or the queue its first page, at most once a minute while visible, relay or not, since status and note travel in no webhook: 10 each. With the relay a lead's message costs no call (the delivery carries it and the last 20 of its conversation); without it the panel also reads the thread's page when the summary shows a message no event brought (none in these 10 quiet minutes). All as list work (shed first), none while hidden. The toolbar's count (one row, every 5 minutes of real time, idle priority) is the worker's, not the surfaces'.",
  ];
}
