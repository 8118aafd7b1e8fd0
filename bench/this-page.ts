/**
 * Benchmark of "This page" (issue 35): a list page's people added to an audience.
 * - 25 people of one page: the background service (the worker's code: outbox, client, limiter) in
 *   Node over fake IndexedDB, against the emulator at the service's real limit (50 calls per 10 s),
 *   50 ms added to every call. The page's people are told to the worker, their badges looked up (the
 *   calls the badges make anyway), then the press: calls spent and time from the press to the last
 *   add landed (the batch's view says it), beside the earliest the key's list share (60% of 50 per
 *   10 s, counting the badges' look-ups in the window) allows. Beside it, the naive way in the same
 *   conditions: after the same look-ups, one POST /leads after another, straight to the service,
 *   waiting out a 429's Retry-After.
 * - Exactly once under faults: the contract test `test/contract/this-page.test.ts` (200 adds under
 *   drops, 5xx after apply, late apply and a killed worker, and the naive client's run beside), run
 *   as it is; its figures are read from the line it prints.
 */
import type { RunningEmulator } from '../emulator/server';
import { DEFAULT_LIMITER_SHARES, DEFAULT_RATE_LIMIT } from '../lib/api/rate-limiter';
import type { BackgroundService } from '../lib/background/service';
import { openCompanionDb } from '../lib/store/db';
import type { ThisPageView } from '../lib/views';
import { calls, control, proWorkspace, resetDemo, type EmulatorCall } from './emulator-control';
import { faultLineFigures, runFaultTest } from './fault-line';
import { must, nodeService } from './node-service';

export interface AudienceBenchOptions {
  people: number;
  latencyMs: number;
  /** False: the 25 people only (the fault run takes a minute or two). */
  faultRun: boolean;
  log?: (line: string) => void;
}

export const DEFAULT_AUDIENCE_BENCH: AudienceBenchOptions = { people: 25, latencyMs: 50, faultRun: true };

export interface AudienceRun {
  /** Lead look-ups the badges made before the press (not counted in the press's calls). */
  lookups: number;
  /** Calls from the press to the last add landed, and of those the adds. */
  calls: number;
  adds: number;
  rateLimited: number;
  /** The press → the last add landed. */
  pressToLastMs: number;
}

export interface AudienceFaultFigures {
  adds: number;
  inAudience: number;
  duplicates: number;
  missing: number;
  addCalls: number;
  readBacks: number;
  readBackHits: number;
  durationMs: number;
  naiveAttempts: number;
  naiveInAudience: number;
  naiveDuplicates: number;
  naiveWrongResults: number;
}

export interface AudienceBenchResult {
  people: number;
  latencyMs: number;
  ours: AudienceRun & { minimumMs: number; busiestListWindow: number; listCap: number };
  naive: AudienceRun;
  faults: AudienceFaultFigures | null;
}

const TAB = 1;
const WINDOW_MS = 10_000;
const LIST_CAP = Math.floor((DEFAULT_LIMITER_SHARES.list ?? 1) * DEFAULT_RATE_LIMIT);

const people = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ url: `https://www.pronet.example/in/${prefix}-${i}/`, name: `Bench Person${i}`, title: 'Engineer', company: `Firm ${i}` }));

/** A started service on a fresh database, the page's people told, their badges looked up. */
async function pageWithBadges(emulator: RunningEmulator, apiKey: string, prefix: string, n: number) {
  const db = await openCompanionDb(`bench-audience-${prefix}-${Date.now()}`);
  const service = nodeService(db, emulator.baseUrl);
  await service.start();
  await must(service, { type: 'key-set', key: apiKey, sessionOnly: false });
  const listed = people(prefix, n);
  const told = await service.handle({ type: 'page-people', pageUrl: 'https://www.pronet.example/search/results/people/', people: listed }, { tabId: TAB });
  if (!told.ok) throw new Error(JSON.stringify(told.error));
  await until(service, (v) => v.people.every((p) => p.badge !== undefined));
  return { service, db, listed };
}

/** Reads the tab's view until `done` holds (the worker answers from memory: no call to the service). */
async function until(service: BackgroundService, done: (v: ThisPageView) => boolean, timeoutMs = 120_000): Promise<ThisPageView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = (await must(service, { type: 'this-page', tabId: TAB })) as ThisPageView;
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error('the batch did not land in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const since = (history: EmulatorCall[], id: number) => history.filter((c) => c.id > id);
const lastId = (history: EmulatorCall[]) => Math.max(0, ...history.map((c) => c.id));

/**
 * The earliest the `n` adds can all have gone, from `pressAt`: each takes the first instant at which
 * the list work in the 10 s before it (the badges' look-ups, the adds before it) is under the list's
 * share of the key. Plus one round trip for the last answer.
 */
export function earliestLanded(listBefore: readonly number[], pressAt: number, n: number, roundTripMs: number): number {
  const granted = [...listBefore];
  let t = pressAt;
  for (let k = 0; k < n; k++) {
    for (;;) {
      const inWindow = granted.filter((g) => g > t - WINDOW_MS && g <= t).sort((a, b) => a - b);
      if (inWindow.length < LIST_CAP) break;
      t = inWindow[inWindow.length - LIST_CAP]! + WINDOW_MS + 1;
    }
    granted.push(t);
  }
  return t - pressAt + roundTripMs;
}

/** The most list calls (look-ups and adds) in any 10 s window. */
function busiestWindow(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= WINDOW_MS) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

async function oursRun(emulator: RunningEmulator, opts: AudienceBenchOptions): Promise<AudienceBenchResult['ours']> {
  const pro = proWorkspace(await resetDemo(emulator.origin));
  const audience = await createAudience(emulator, pro.apiKey, 'Bench this page');
  await control(emulator.origin, 'faults', { latencyMs: opts.latencyMs });
  const { service, db, listed } = await pageWithBadges(emulator, pro.apiKey, 'bench-tp', opts.people);
  try {
    const before = await calls(emulator.origin);
    const mark = lastId(before);
    const { now: pressAt } = (await (await fetch(`${emulator.origin}/_emulator/clock`)).json()) as { now: number };
    const t0 = performance.now();
    await must(service, { type: 'this-page-add', tabId: TAB, audience: audience.name, audienceId: audience.id, people: listed });
    await until(service, (v) => v.batch?.added === opts.people);
    const pressToLastMs = performance.now() - t0;
    const after = since(await calls(emulator.origin), mark);
    const lookupTimes = before.filter((c) => c.endpoint === 'searchLeads').map((c) => c.at);
    const addTimes = after.filter((c) => c.endpoint === 'createLead').map((c) => c.at);
    return {
      lookups: lookupTimes.length,
      calls: after.length,
      adds: addTimes.length,
      rateLimited: after.filter((c) => c.status === 429).length,
      pressToLastMs: Math.round(pressToLastMs),
      minimumMs: Math.round(earliestLanded(lookupTimes, pressAt, opts.people, 2 * opts.latencyMs)),
      busiestListWindow: busiestWindow([...lookupTimes, ...addTimes]),
      listCap: LIST_CAP,
    };
  } finally {
    service.stop();
    db.close();
    await control(emulator.origin, 'faults', {});
  }
}

async function naiveRun(emulator: RunningEmulator, opts: AudienceBenchOptions): Promise<AudienceRun> {
  const pro = proWorkspace(await resetDemo(emulator.origin));
  const audience = await createAudience(emulator, pro.apiKey, 'Bench naive');
  await control(emulator.origin, 'faults', { latencyMs: opts.latencyMs });
  // The same look-ups first (the badges make them whichever way the adds go).
  const { service, db, listed } = await pageWithBadges(emulator, pro.apiKey, 'bench-naive', opts.people);
  service.stop();
  db.close();
  try {
    const before = await calls(emulator.origin);
    const mark = lastId(before);
    const t0 = performance.now();
    for (const p of listed) {
      for (;;) {
        const r = await fetch(`${emulator.baseUrl}/leads`, {
          method: 'POST',
          headers: { authorization: `Bearer ${pro.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ audience: audience.name, pronetUrl: p.url, firstname: 'Bench', lastname: p.name.split(' ')[1], companyName: p.company, jobTitle: p.title }),
        });
        await r.text();
        if (r.ok) break;
        if (r.status !== 429) throw new Error(`the naive add answered ${r.status}`);
        await new Promise((resolve) => setTimeout(resolve, Number(r.headers.get('retry-after') ?? '1') * 1_000));
      }
    }
    const pressToLastMs = performance.now() - t0;
    const after = since(await calls(emulator.origin), mark);
    return {
      lookups: before.filter((c) => c.endpoint === 'searchLeads').length,
      calls: after.length,
      adds: after.filter((c) => c.endpoint === 'createLead').length,
      rateLimited: after.filter((c) => c.status === 429).length,
      pressToLastMs: Math.round(pressToLastMs),
    };
  } finally {
    await control(emulator.origin, 'faults', {});
  }
}

async function createAudience(emulator: RunningEmulator, apiKey: string, name: string): Promise<{ id: string; name: string }> {
  const r = await fetch(`${emulator.baseUrl}/audiences/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return ((await r.json()) as { audience: { id: string; name: string } }).audience;
}

/** Parses the fault run's line: `name=value` pairs before and after ` | naive:`. */
export function parseAudienceFaultRun(line: string): AudienceFaultFigures | null {
  const f = faultLineFigures(line);
  if (!f) return null;
  return {
    adds: f.ours('adds'),
    inAudience: f.ours('inAudience'),
    duplicates: f.ours('duplicates'),
    missing: f.ours('missing'),
    addCalls: f.ours('addCalls'),
    readBacks: f.ours('readBacks'),
    readBackHits: f.ours('readBackHits'),
    durationMs: f.ours('durationMs'),
    naiveAttempts: f.naive('attempts'),
    naiveInAudience: f.naive('inAudience'),
    naiveDuplicates: f.naive('duplicates'),
    naiveWrongResults: f.naive('wrongResults'),
  };
}

/** The contract test as it is: its 200 adds under faults. */
function faultRun(log: (line: string) => void): AudienceFaultFigures {
  return parseAudienceFaultRun(runFaultTest(['test/contract/this-page.test.ts', '-t', '200 adds'], 'this-page exactly-once:', log))!;
}

export async function audienceBench(emulator: RunningEmulator, options: Partial<AudienceBenchOptions> = {}): Promise<AudienceBenchResult> {
  const opts = { ...DEFAULT_AUDIENCE_BENCH, ...options };
  const log = opts.log ?? (() => undefined);
  const ours = await oursRun(emulator, opts);
  log(`this page: ${opts.people} people, press → last landed ${ours.pressToLastMs} ms (earliest the list share allows: ${ours.minimumMs} ms), ${ours.calls} calls (${ours.adds} adds), ${ours.rateLimited} × 429; busiest 10 s of list work ${ours.busiestListWindow} / ${ours.listCap}`);
  const naive = await naiveRun(emulator, opts);
  log(`  naive: ${naive.pressToLastMs} ms, ${naive.calls} calls (${naive.adds} adds), ${naive.rateLimited} × 429`);
  const faults = opts.faultRun ? faultRun(log) : null;
  return { people: opts.people, latencyMs: opts.latencyMs, ours, naive, faults };
}
