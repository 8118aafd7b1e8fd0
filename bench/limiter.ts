/**
 * Benchmark 2, the rate limiter, in two parts.
 *
 * A. Throughput: 500 user actions (note replacements over 50 conversations) queued at once; the
 *    emulator (in a process of its own: sharing one event loop, client and service would slow each
 *    other) and the client both allow 50 calls per rolling second. Figures from the emulator's call
 *    history: achieved rate over the allowed one, and 429s. Twice:
 *    - the limiter: the client as the background builds it (HTTP layer, sliding-window limiter,
 *      retries), the 500 calls asked for at once with the user's priority;
 *    - the whole path: the background service (the very code the worker runs: outbox, client,
 *      limiter) over its own fake IndexedDB, the 500 actions queued in its outbox.
 * B. Two extension instances (two Chromium profiles with the built extension) share one key, at the
 *    service's real limit (50 per 10 s on both sides, so together they ask for twice what the key
 *    allows): each queues actions through its own outbox; every action must land once, the 429s
 *    that the other instance's calls cause must be absorbed.
 */
import { buildSeed } from '../emulator/seed/index';
import type { RunningEmulator } from '../emulator/server';
import { createCaller } from '../lib/api/client';
import { createSlidingWindowLimiter } from '../lib/api/rate-limiter';
import { createBackgroundApi } from '../lib/background/api';
import { openCompanionDb } from '../lib/store/db';
import { calls as emulatorCalls, control, noteOf, proWorkspace, resetDemo, type EmulatorCall } from './emulator-control';
import { emulatorProcess } from './emulator-process';
import { launchConfigured, send, type BenchBrowser } from './extension';
import { must, nodeService } from './node-service';
import { percentile, round } from './stats';

export interface LimiterOptions {
  actions: number;
  conversations: number;
  limit: number;
  windowMs: number;
  /** Part B: actions per instance. */
  sharedActionsPerInstance: number;
  sharedTimeoutMs: number;
  log?: (line: string) => void;
}

export const DEFAULT_LIMITER: LimiterOptions = {
  actions: 500,
  conversations: 50,
  limit: 50,
  windowMs: 1_000,
  sharedActionsPerInstance: 60,
  sharedTimeoutMs: 120_000,
};

export interface ThroughputResult {
  /** 'limiter': client and limiter alone; 'outbox': through the background service's outbox. */
  path: 'limiter' | 'outbox';
  actions: number;
  limit: number;
  windowMs: number;
  /** Calls the service accepted for the actions (one per action when none is repeated). */
  delivered: number;
  rateLimited: number;
  /** Seconds from the first accepted call to the last. */
  spanS: number;
  /** Calls per second beyond the first window's burst: (delivered - limit) / span. */
  achievedPerS: number;
  allowedPerS: number;
  /** achieved / allowed. */
  ratio: number;
  /** Most accepted calls in any rolling window (must not exceed the limit). */
  busiestWindow: number;
  /** Every conversation ends with the text of its last action (the outbox keeps each one's order). */
  allApplied: boolean | null;
  totalS: number;
  /**
   * How long after a call its slot served the next one, as the service saw it (p50 of the gap
   * between accepted call i and call i + limit): the window plus what a slot loses per turn.
   */
  slotTurnMs: number | null;
}

export interface SharedKeyResult {
  instances: number;
  actionsPerInstance: number;
  delivered: number;
  /** Calls answered 429 (the service's limit is per key: the other instance's calls count too). */
  rateLimited: number;
  /** 429s retried until accepted: nothing failed for good, both outboxes empty. */
  failed: number;
  allApplied: boolean;
  totalS: number;
  /** Calls per second accepted over the run, against the key's 5 per second. */
  achievedPerS: number;
}

export interface LimiterResult {
  /** Client and limiter alone: the figure of the target. */
  throughput: ThroughputResult;
  /** The same actions through the outbox, storage included. */
  outbox: ThroughputResult;
  sharedKey: SharedKeyResult;
}

function conversationsOfDemoPro(count: number): { id: string; leadId: string }[] {
  const pro = buildSeed('demo', { now: Date.now() }).workspaces.find((w) => w.name === 'demo-pro');
  if (!pro) throw new Error('the demo seed has no demo-pro workspace');
  if (pro.conversations.length < count) throw new Error(`demo-pro has only ${pro.conversations.length} conversations`);
  return pro.conversations.slice(0, count).map((c) => ({ id: c.id, leadId: c.leadId }));
}

/** The most calls inside any rolling window of `windowMs` (calls sorted by time). */
function busiestWindow(times: number[], windowMs: number): number {
  let best = 0;
  let from = 0;
  for (let to = 0; to < times.length; to++) {
    while (times[to]! - times[from]! >= windowMs) from++;
    best = Math.max(best, to - from + 1);
  }
  return best;
}

async function finalNotes(origin: string, ids: string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const id of ids) out.set(id, await noteOf(origin, id));
  return out;
}

const noteCalls = (history: EmulatorCall[]) => history.filter((c) => c.endpoint === 'updateNote');

/** The figures of a run, from the emulator's call history of the note calls made since `began`. */
async function figures(
  emulator: { origin: string },
  opts: LimiterOptions,
  path: ThroughputResult['path'],
  began: number,
  last: Map<string, string> | null,
): Promise<ThroughputResult> {
  const totalS = (Date.now() - began) / 1000;
  const history = noteCalls(await emulatorCalls(emulator.origin)).filter((c) => c.at >= began);
  const accepted = history.filter((c) => c.ok).map((c) => c.at).sort((a, b) => a - b);
  const spanMs = (accepted.at(-1) ?? 0) - (accepted[0] ?? 0);
  const achievedPerS = spanMs > 0 ? ((accepted.length - opts.limit) / spanMs) * 1000 : 0;
  const allowedPerS = (opts.limit / opts.windowMs) * 1000;
  const notes = last ? await finalNotes(emulator.origin, [...last.keys()]) : null;
  return {
    path,
    actions: opts.actions,
    limit: opts.limit,
    windowMs: opts.windowMs,
    delivered: accepted.length,
    rateLimited: history.filter((c) => c.status === 429).length,
    spanS: round(spanMs / 1000, 2)!,
    achievedPerS: round(achievedPerS, 2)!,
    allowedPerS,
    ratio: round(achievedPerS / allowedPerS, 3)!,
    busiestWindow: busiestWindow(accepted, opts.windowMs),
    allApplied: last && notes ? [...last].every(([id, text]) => notes.get(id) === text) : null,
    totalS: round(totalS, 2)!,
    slotTurnMs: percentile(accepted.slice(opts.limit).map((t, i) => t - accepted[i]!), 50),
  };
}

/** A fresh demo world with the service's limit set to the benchmark's; the Pro key. */
async function freshWorld(emulator: { origin: string }, opts: LimiterOptions): Promise<string> {
  const pro = proWorkspace(await resetDemo(emulator.origin));
  await control(emulator.origin, 'faults', { rateLimit: { calls: opts.limit, windowMs: opts.windowMs } });
  return pro.apiKey;
}

/** The client as the background builds it, 500 calls asked for at once with the user's priority. */
async function limiterPath(emulator: { origin: string; baseUrl: string }, opts: LimiterOptions): Promise<ThroughputResult> {
  const apiKey = await freshWorld(emulator, opts);
  const api = createBackgroundApi(
    createCaller({ baseUrl: emulator.baseUrl, apiKey, limiter: createSlidingWindowLimiter({ limit: opts.limit, windowMs: opts.windowMs }) }),
  );
  const targets = conversationsOfDemoPro(opts.conversations);
  const began = Date.now();
  await Promise.all(
    Array.from({ length: opts.actions }, (_, i) => {
      const t = targets[i % targets.length]!;
      return api.note(t.id, `bench ${i}`, 'replace', { priority: 'user' });
    }),
  );
  return figures(emulator, opts, 'limiter', began, null);
}

async function throughput(opts: LimiterOptions): Promise<{ limiter: ThroughputResult; outbox: ThroughputResult }> {
  const emulator = await emulatorProcess();
  try {
    const limiter = await limiterPath(emulator, opts);
    const outbox = await outboxPath(emulator, opts);
    return { limiter, outbox };
  } finally {
    await emulator.close();
  }
}

async function outboxPath(emulator: { origin: string; baseUrl: string }, opts: LimiterOptions): Promise<ThroughputResult> {
  const apiKey = await freshWorld(emulator, opts);
  const db = await openCompanionDb(`bench-limiter-${Date.now()}`);
  const service = nodeService(db, emulator.baseUrl, { rateLimit: { limit: opts.limit, windowMs: opts.windowMs } });
  try {
    await service.start();
    await must(service, { type: 'key-set', key: apiKey, sessionOnly: false });
    // The key's first calls (identities) fall in a window of their own.
    await new Promise((resolve) => setTimeout(resolve, opts.windowMs + 200));
    const targets = conversationsOfDemoPro(opts.conversations);
    const began = Date.now();
    const last = new Map<string, string>();
    for (let i = 0; i < opts.actions; i++) {
      const t = targets[i % targets.length]!;
      const text = `bench ${i}`;
      last.set(t.id, text);
      await must(service, { type: 'save-note', conversationId: t.id, leadId: t.leadId, mode: 'replace', text });
    }
    await service.outbox.idle();
    return await figures(emulator, opts, 'outbox', began, last);
  } finally {
    service.stop();
    db.close();
    await control(emulator.origin, 'faults', {}).catch(() => undefined);
  }
}

async function sharedKey(emulator: RunningEmulator, opts: LimiterOptions): Promise<SharedKeyResult> {
  const pro = proWorkspace(await resetDemo(emulator.origin));
  const instances: BenchBrowser[] = [];
  try {
    for (let i = 0; i < 2; i++) instances.push(await launchConfigured({ apiKey: pro.apiKey, baseUrl: emulator.baseUrl }));
    const targets = conversationsOfDemoPro(60);
    const perInstance = opts.sharedActionsPerInstance;
    const began = Date.now();
    const last = new Map<string, string>();
    // Instance k acts on its own half of the conversations, two actions each, queued at once.
    await Promise.all(
      instances.map(async (browser, k) => {
        const mine = targets.filter((_, j) => j % instances.length === k);
        for (let i = 0; i < perInstance; i++) {
          const t = mine[i % mine.length]!;
          const text = `instance ${k} action ${i}`;
          last.set(t.id, text);
          await send(browser.extensionPage, { type: 'save-note', conversationId: t.id, leadId: t.leadId, mode: 'replace', text });
        }
      }),
    );
    const deadline = Date.now() + opts.sharedTimeoutMs;
    let failed = 0;
    for (;;) {
      const lists = await Promise.all(instances.map((b) => send<{ state: string }[]>(b.extensionPage, { type: 'outbox-list' })));
      failed = lists.flat().filter((item) => item.state === 'failed').length;
      if (lists.every((l) => l.length === failed)) break;
      if (Date.now() > deadline) throw new Error('the two instances did not deliver every action in time');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const totalS = (Date.now() - began) / 1000;
    const history = (await emulatorCalls(emulator.origin)).filter((c) => c.at >= began);
    const notes = noteCalls(history);
    const accepted = history.filter((c) => c.ok).map((c) => c.at).sort((a, b) => a - b);
    const spanMs = (accepted.at(-1) ?? 0) - (accepted[0] ?? 0);
    const final = await finalNotes(emulator.origin, [...last.keys()]);
    return {
      instances: instances.length,
      actionsPerInstance: perInstance,
      delivered: notes.filter((c) => c.ok).length,
      rateLimited: history.filter((c) => c.status === 429).length,
      failed,
      allApplied: [...last].every(([id, text]) => final.get(id) === text),
      totalS: round(totalS, 2)!,
      achievedPerS: round(spanMs > 0 ? (accepted.length / spanMs) * 1000 : 0, 2)!,
    };
  } finally {
    for (const b of instances) await b.close();
  }
}

export async function limiterBench(emulator: RunningEmulator, options: Partial<LimiterOptions> = {}): Promise<LimiterResult> {
  const opts = { ...DEFAULT_LIMITER, ...options };
  const log = opts.log ?? (() => undefined);
  log(`limiter: ${opts.actions} actions at ${opts.limit} per ${opts.windowMs} ms`);
  const { limiter: t, outbox } = await throughput(opts);
  log(`  limiter: ${t.achievedPerS}/s of ${t.allowedPerS}/s, ${t.rateLimited} x 429; through the outbox: ${outbox.achievedPerS}/s, ${outbox.rateLimited} x 429`);
  log(`limiter: two instances on one key, ${opts.sharedActionsPerInstance} actions each`);
  const s = await sharedKey(emulator, opts);
  log(`  shared key: ${s.delivered} delivered, ${s.rateLimited} x 429 absorbed, ${s.totalS} s`);
  return { throughput: t, outbox, sharedKey: s };
}
