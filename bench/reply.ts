/**
 * Benchmark of the reply (issue 23), in Chromium with the built extension:
 * - Send → `Sent` shown: the undo window at 0, 80 ms added to every call by the emulator; a reply
 *   typed in the lead panel's composer, Send clicked, until the composer says Sent (taken in the
 *   panel's document, a click and a MutationObserver in one evaluate). Beside it, the naive way in
 *   the same run: the same send posted straight to the service (one round trip, nothing shown).
 * - The exactly-once figures of the fault run: the contract test `reply-exactly-once` (300 replies
 *   under late apply, drops, 5xx before and after the apply, 429 storms and a worker stop, and the
 *   naive client that resends), run as it is; its figures are read from the line it prints.
 */
import type { Page } from '@playwright/test';
import type { RunningEmulator } from '../emulator/server';
import { calls, control, proWorkspace, resetDemo } from './emulator-control';
import { faultLineFigures, runFaultTest } from './fault-line';
import { launchConfigured, openExtensionWindow, send, tabIdOf, type BenchBrowser } from './extension';
import { ratio, round, roundSummary, summarize, type Summary } from './stats';

export interface ReplyBenchOptions {
  runs: number;
  latencyMs: number;
  /** False: the Send → Sent runs only (the fault run takes a minute or two). */
  faultRun: boolean;
  log?: (line: string) => void;
}

/** 30 replies in three fresh panels (issue 42: every reply, the first of a panel included). */
export const DEFAULT_REPLY_BENCH: ReplyBenchOptions = { runs: 30, latencyMs: 80, faultRun: true };
const FRESH_PANELS = 3;

/** The figures the fault run prints (`reply exactly-once: key=value ... | naive: key=value ...`). */
export interface FaultRunFigures {
  replies: number;
  once: number;
  missing: number;
  doubled: number;
  sendCalls: number;
  readBacks: number;
  readBackHits: number;
  durationMs: number;
  naiveAttempts: number;
  naiveDoubled: number;
  naiveExtraCopies: number;
}

export interface ReplyBenchResult {
  latencyMs: number;
  /** Click on Send → the composer says Sent. */
  sentMs: Summary;
  /** The naive way: the send posted straight to the service, one round trip. */
  naiveMs: Summary;
  /** sentMs.p95 / naiveMs.p95. */
  ratioP95: number | null;
  /** Calls to the service per reply (the send, and what the panel refreshes after it). */
  callsPerReply: number;
  faults: FaultRunFigures | null;
}

/** Clicks Send; resolves with the ms until the composer says Sent. */
const SEND_UNTIL_SENT = `() => new Promise((resolve, reject) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Send');
  if (!button) return reject(new Error('no Send button'));
  const isSent = () => [...document.querySelectorAll('[data-testid=reply-status]')].some((el) => el.textContent.trim() === 'Sent');
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (isSent()) { observer.disconnect(); resolve(performance.now() - t0); }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  button.click();
  setTimeout(() => { observer.disconnect(); reject(new Error('Sent was not shown in 20 s')); }, 20000);
})`;


/** Parses the fault run's line: `name=value` pairs before and after ` | naive:`. */
export function parseFaultRun(line: string): FaultRunFigures | null {
  const f = faultLineFigures(line);
  if (!f) return null;
  return {
    replies: f.ours('replies'),
    once: f.ours('once'),
    missing: f.ours('missing'),
    doubled: f.ours('doubled'),
    sendCalls: f.ours('sendCalls'),
    readBacks: f.ours('readBacks'),
    readBackHits: f.ours('readBackHits'),
    durationMs: f.ours('durationMs'),
    naiveAttempts: f.naive('attempts'),
    naiveDoubled: f.naive('doubledMessages'),
    naiveExtraCopies: f.naive('extraCopies'),
  };
}

/** The contract test as it is (its own emulator, started by the contract project's global setup). */
function faultRun(log: (line: string) => void): FaultRunFigures {
  return parseFaultRun(runFaultTest(['test/contract/reply-exactly-once.test.ts'], 'reply exactly-once:', log))!;
}

async function panelFor(browser: BenchBrowser, pronet: string, slug: string): Promise<Page> {
  const profile = await browser.context.newPage();
  await profile.goto(`${pronet}/in/${slug}/`);
  const panel = await openExtensionWindow(browser, `sidepanel.html?tab=${await tabIdOf(browser, profile)}`);
  // The reply opens in place with its button (issue 45).
  const box = panel.getByLabel('Reply', { exact: true });
  const button = panel.getByRole('button', { name: 'Reply', exact: true });
  await box.or(button).first().waitFor({ timeout: 30_000 });
  // Left open by the panel before, it opens open (issue 45).
  if (!(await box.isVisible())) await button.click();
  await box.waitFor({ timeout: 30_000 });
  return panel;
}

export async function replyBench(emulator: RunningEmulator, options: Partial<ReplyBenchOptions> = {}): Promise<ReplyBenchResult> {
  const opts = { ...DEFAULT_REPLY_BENCH, ...options };
  const log = opts.log ?? (() => undefined);
  const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
  const pro = proWorkspace(await resetDemo(emulator.origin));
  let browser: BenchBrowser | null = null;
  const sent: number[] = [];
  const naive: number[] = [];
  let callsPerReply = 0;
  try {
    browser = await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl });
    await send(browser.extensionPage, { type: 'settings-set', patch: { replyUndoSeconds: 0 } });
    const { members } = await send<{ members: { id: string }[] }>(browser.extensionPage, { type: 'reply-members' });
    const memberId = members[0]!.id;
    await send(browser.extensionPage, { type: 'reply-member-set', memberId });
    const target = await fetch(`${emulator.baseUrl}/leads/search?pronetUrl=${encodeURIComponent('https://www.pronet.example/in/ada-lovelace/')}`, { headers: { authorization: `Bearer ${pro.apiKey}` } })
      .then((r) => r.json() as Promise<{ lead?: { id: string }; data?: { id: string } }>)
      .then((j) => j.lead?.id ?? j.data?.id ?? null);
    const conversation = target
      ? await fetch(`${emulator.baseUrl}/leads/${target}/conversations`, { headers: { authorization: `Bearer ${pro.apiKey}` } }).then((r) => r.json() as Promise<{ data: { identityId: string }[] }>)
      : null;
    await control(emulator.origin, 'faults', { latencyMs: opts.latencyMs });
    const before = (await calls(emulator.origin)).length;
    let panel: Page | null = null;
    for (let i = 0; i < opts.runs; i++) {
      // A fresh panel for each third of the runs: its first reply is timed like the others.
      if (i % Math.ceil(opts.runs / FRESH_PANELS) === 0) {
        await panel?.close();
        panel = await panelFor(browser, pronet, 'ada-lovelace');
        await panel.getByRole('radio', { name: 'Pronet' }).check().catch(() => undefined);
      }
      await panel!.getByLabel('Reply', { exact: true }).fill(`Bench reply ${i}: Thursday at 10 works.`);
      sent.push((await panel!.evaluate(`(${SEND_UNTIL_SENT})()`)) as number);
      log(`reply ${i + 1}: Send → Sent ${Math.round(sent.at(-1)!)} ms`);
      // One reply per second at most: the budget's 50 calls per 10 s hold nothing back.
      await panel!.waitForTimeout(1_000);
    }
    callsPerReply = ((await calls(emulator.origin)).length - before) / opts.runs;
    // The naive way: the same send, posted straight to the service (no outbox, nothing shown).
    const identityId = conversation?.data[0]?.identityId;
    for (let i = 0; identityId && i < opts.runs; i++) {
      const t0 = performance.now();
      const r = await fetch(`${emulator.baseUrl}/inbox/pronet`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pro.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ identityId, memberId, leadId: target, message: `Naive reply ${i}` }),
      });
      await r.text();
      if (!r.ok) throw new Error(`the naive send answered ${r.status}`);
      naive.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  } finally {
    await control(emulator.origin, 'faults', {}).catch(() => undefined);
    await browser?.close();
  }
  const sentMs = roundSummary(summarize(sent));
  const naiveMs = roundSummary(summarize(naive));
  log(`reply: Send → Sent p50 ${sentMs.p50} ms, p95 ${sentMs.p95} ms; naive send p95 ${naiveMs.p95} ms; ${round(callsPerReply, 1)} calls per reply`);
  const faults = opts.faultRun ? faultRun(log) : null;
  return { latencyMs: opts.latencyMs, sentMs, naiveMs, ratioP95: ratio(sentMs.p95, naiveMs.p95), callsPerReply: round(callsPerReply, 1)!, faults };
}
