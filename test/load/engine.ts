/**
 * A bounded loopback load run against the emulator: `clients` concurrent clients send `requests`
 * calls (a seeded mix of reads and mutations over every workspace key) through the typed client,
 * one attempt each, under a tight rate limit. Then it checks, from the emulator's own call history
 * and its state:
 * - every request got exactly one answer, and the history holds exactly the calls sent (same
 *   workspace, endpoint and status, none missing, none twice);
 * - the rate limiter was exact per key: no window of `windowMs` holds more than `calls` accepted
 *   calls, every 429 came when the window was full, and every 429 carried Retry-After;
 * - the state is consistent: each accepted note append left exactly one separator and its marker
 *   (refused ones none), and each conversation's status is what its accepted actions make it;
 * - every answer matched its schema (the typed client validates them all).
 * Used by `npm run loadtest` (scripts/load-test.ts) and, smaller, by test/contract/load.test.ts.
 */
import { setMaxListeners } from 'node:events';
import { createClient, type Client } from '../../lib/api/client';
import { ApiError, NetworkError, ResponseSchemaError } from '../../lib/api/errors';
import type { ConversationSummary } from '../../lib/api/schemas';
import { applyAction, type ConversationState } from '../../lib/inbox/conversation-state';
import { createRng } from '../../emulator/seed/prng';
import { control, endpointOf, execute, plan, survey, type StateAction, type World, type WholeConversation } from './workload';

export interface LoadWorkspace {
  id: string;
  name: string;
  plan: string;
  apiKey: string;
}

export interface LoadOptions {
  /** `http://127.0.0.1:<port>`: the emulator's origin (loopback only). */
  origin: string;
  workspaces: readonly LoadWorkspace[];
  requests: number;
  clients: number;
  rateLimit: { calls: number; windowMs: number };
  seed?: string;
  /** Real-time bound of the whole run; past it every call is aborted and the run fails. */
  timeLimitMs?: number;
}

export interface LoadCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface LoadReport {
  requests: number;
  clients: number;
  rateLimit: { calls: number; windowMs: number };
  durationMs: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Answers by HTTP status ('lost' for no answer). */
  statuses: Record<string, number>;
  perKey: { workspace: string; plan: string; sent: number; accepted: number; rateLimited: number }[];
  checks: LoadCheck[];
  ok: boolean;
}

/** Emulator's call history row (emulator/model.ts CallRecord), as the control API returns it. */
interface HistoryRecord {
  id: number;
  workspaceId: string | null;
  workspaceName: string | null;
  endpoint: string | null;
  status: number;
  at: number;
}

interface Outcome {
  status: number | null;
  ms: number;
  retryAfter?: number;
  /** The conversation as the service returned it after an accepted action. */
  conversation?: ConversationSummary;
  problem?: string;
}

const SEPARATOR = /\n-- \d{4}-\d{2}-\d{2} \d{2}:\d{2} --\n/g;
const MARKER = /#L\d+;/g;
/** History between two reads must stay below the emulator's bound (5000 rows). */
const COLLECT_EVERY = 2_000;


function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Number of values in the sorted list within (from, to]. */
function countIn(sorted: readonly number[], from: number, to: number): number {
  const upper = (x: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] as number) <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return upper(to) - upper(from);
}

export async function runLoad(opts: LoadOptions): Promise<LoadReport> {
  const origin = new URL(opts.origin);
  if (origin.hostname !== '127.0.0.1' && origin.hostname !== 'localhost') throw new Error('the load run is for a loopback emulator only');
  const rng = createRng(opts.seed ?? 'load-1');
  const { windowMs, calls: limit } = opts.rateLimit;
  const deadline = new AbortController();
  // Every call in flight listens on this one signal.
  setMaxListeners(opts.clients * 4 + 10, deadline.signal);
  const timer = setTimeout(() => deadline.abort(new Error('time limit reached')), opts.timeLimitMs ?? 120_000);
  const checks: LoadCheck[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  try {
    const clients = new Map(
      opts.workspaces.map((w) => [w.id, createClient({ baseUrl: `${opts.origin}/flow`, apiKey: w.apiKey, retry: { maxAttempts: 1 }, timeoutMs: 30_000 })]),
    );
    // Setup: a handful of calls per key, far below the service's 50 per 10 s.
    const worlds = new Map<string, World>();
    for (const w of opts.workspaces) {
      if (w.plan === 'STARTER') continue;
      worlds.set(w.id, await survey(opts.origin, clients.get(w.id) as Client, opts.clients));
    }
    // A fresh window for every key: the setup calls must not count in the run's windows.
    await control(opts.origin, 'POST', '/clock', { advanceMs: Math.max(windowMs, 10_000) + 1_000 });
    const now = (await control<{ now: number }>(opts.origin, 'GET', '/clock')).now;
    const planned = plan(opts, worlds, now, rng);

    const history = new Map<number, HistoryRecord>();
    const before = await control<{ calls: HistoryRecord[] }>(opts.origin, 'GET', '/calls');
    const baseline = before.calls.reduce((max, r) => Math.max(max, r.id), 0);
    const collect = async () => {
      const { calls } = await control<{ calls: HistoryRecord[] }>(opts.origin, 'GET', '/calls');
      for (const r of calls) if (r.id > baseline) history.set(r.id, r);
    };
    let collecting: Promise<void> = Promise.resolve();
    let done = 0;

    await control(opts.origin, 'POST', '/faults', { rateLimit: opts.rateLimit });
    const outcomes: (Outcome | undefined)[] = new Array(planned.length);
    const answered = new Array<number>(planned.length).fill(0);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: opts.clients }, async (_, c) => {
        for (const p of planned) {
          if (p.client !== c) continue;
          if (deadline.signal.aborted) break;
          const t0 = performance.now();
          let outcome: Outcome;
          try {
            const conversation = await execute(clients.get(p.ws.id) as Client, p.op, deadline.signal);
            outcome = { status: 200, ms: performance.now() - t0, ...(conversation ? { conversation } : {}) };
          } catch (error) {
            const ms = performance.now() - t0;
            if (error instanceof ApiError) {
              outcome = { status: error.status, ms, ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}) };
            } else if (error instanceof ResponseSchemaError) {
              outcome = { status: 200, ms, problem: error.message };
            } else if (error instanceof NetworkError) {
              outcome = { status: null, ms, problem: error.message };
            } else {
              outcome = { status: null, ms, problem: `untyped: ${String(error)}` };
            }
          }
          outcomes[p.index] = outcome;
          answered[p.index] = (answered[p.index] ?? 0) + 1;
          done += 1;
          if (done % COLLECT_EVERY === 0) collecting = collecting.then(collect);
        }
      }),
    );
    const durationMs = performance.now() - started;
    await collecting;
    await collect();
    await control(opts.origin, 'POST', '/faults', {});

    // ---- Exactly one answer per request, and the history holds exactly what was sent ----------
    const missing = planned.filter((p) => outcomes[p.index] === undefined).length;
    const twice = answered.filter((n) => n > 1).length;
    check('every request answered exactly once', missing === 0 && twice === 0 && !deadline.signal.aborted,
      `${planned.length - missing} of ${planned.length} answered, ${twice} answered twice${deadline.signal.aborted ? ', time limit reached' : ''}`);
    const problems = outcomes.filter((o) => o?.problem !== undefined);
    check('no lost request, no malformed or untyped answer', problems.length === 0,
      problems.length === 0 ? 'none' : `${problems.length}, first: ${problems[0]?.problem}`);

    const runRecords = [...history.values()].filter((r) => r.endpoint !== null).sort((a, b) => a.id - b.id);
    const sentTally = new Map<string, number>();
    planned.forEach((p) => {
      const key = `${p.ws.name} ${endpointOf(p.op)} ${outcomes[p.index]?.status ?? 'lost'}`;
      sentTally.set(key, (sentTally.get(key) ?? 0) + 1);
    });
    const seenTally = new Map<string, number>();
    for (const r of runRecords) {
      const key = `${r.workspaceName} ${r.endpoint} ${r.status}`;
      seenTally.set(key, (seenTally.get(key) ?? 0) + 1);
    }
    const diff = [...new Set([...sentTally.keys(), ...seenTally.keys()])]
      .filter((k) => sentTally.get(k) !== seenTally.get(k))
      .map((k) => `${k}: sent ${sentTally.get(k) ?? 0}, history ${seenTally.get(k) ?? 0}`);
    const contiguous = runRecords.length === 0 || (runRecords.at(-1) as HistoryRecord).id - (runRecords[0] as HistoryRecord).id + 1 === runRecords.length;
    check('the call history holds each request once, with the status the client saw',
      runRecords.length === planned.length && diff.length === 0 && contiguous,
      `${runRecords.length} history rows for ${planned.length} requests${diff.length ? `; ${diff.slice(0, 5).join('; ')}` : ''}${contiguous ? '' : '; rows missing in between'}`);

    // ---- The rate limiter, window by window, per key ----------------------------------------
    const perKey: LoadReport['perKey'] = [];
    for (const w of opts.workspaces) {
      const rows = runRecords.filter((r) => r.workspaceId === w.id);
      const accepted = rows.filter((r) => r.status !== 429).map((r) => r.at).sort((a, b) => a - b);
      const refused = rows.filter((r) => r.status === 429);
      let over = 0;
      let worst = 0;
      for (const t of accepted) {
        const n = countIn(accepted, t - windowMs, t);
        worst = Math.max(worst, n);
        if (n > limit) over += 1;
      }
      const unjustified = refused.filter((r) => countIn(accepted, r.at - windowMs, r.at) < limit).length;
      check(`rate limit exact for ${w.name}`, over === 0 && unjustified === 0,
        `${accepted.length} accepted, ${refused.length} refused; fullest window ${worst}/${limit}; ${over} over the limit; ${unjustified} refused below it`);
      perKey.push({ workspace: w.name, plan: w.plan, sent: rows.length, accepted: accepted.length, rateLimited: refused.length });
    }
    const refusals = outcomes.filter((o) => o?.status === 429);
    const maxRetryAfter = Math.max(1, Math.ceil(windowMs / 1000));
    const badRetryAfter = refusals.filter((o) => o?.retryAfter === undefined || o.retryAfter < 1 || o.retryAfter > maxRetryAfter).length;
    check('every 429 carries Retry-After', badRetryAfter === 0, `${refusals.length} answers 429, ${badRetryAfter} without a Retry-After in [1, ${maxRetryAfter}] s`);
    check('the limit kept the service busy', refusals.length > 0, `${refusals.length} of ${planned.length} refused with 429`);

    // ---- State: notes and statuses -------------------------------------------------------------
    const appended = new Map<string, string[]>();
    const actions = new Map<string, { action: StateAction; until: number; result?: ConversationSummary }[]>();
    for (const p of planned) {
      if (!worlds.has(p.ws.id) || outcomes[p.index]?.status !== 200) continue;
      if (p.op.kind === 'note') appended.set(p.op.conversationId, [...(appended.get(p.op.conversationId) ?? []), p.op.marker]);
      if (p.op.kind === 'state') {
        const list = actions.get(p.op.conversationId) ?? [];
        list.push({ action: p.op.action, until: p.op.until, ...(outcomes[p.index]?.conversation ? { result: outcomes[p.index]?.conversation } : {}) });
        actions.set(p.op.conversationId, list);
      }
    }
    let noteConversations = 0;
    const noteProblems: string[] = [];
    let appendsAccepted = 0;
    for (const world of worlds.values()) {
      for (const id of world.notePool) {
        const initial = world.initial.get(id)?.note ?? '';
        const { conversation } = await control<WholeConversation>(opts.origin, 'GET', `/conversations/${encodeURIComponent(id)}`);
        const note = conversation.note ?? '';
        const expected = (appended.get(id) ?? []).sort();
        const separators = (note.match(SEPARATOR)?.length ?? 0) - (initial.match(SEPARATOR)?.length ?? 0);
        const markers = (note.match(MARKER) ?? []).sort();
        if (expected.length > 0) noteConversations += 1;
        appendsAccepted += expected.length;
        if (separators !== expected.length || markers.join() !== expected.join() || !note.startsWith(initial)) {
          noteProblems.push(`${id}: ${expected.length} appends accepted, ${separators} separators, ${markers.length} markers`);
        }
      }
    }
    check('each accepted append left one separator and its text, refused ones nothing', noteProblems.length === 0,
      noteProblems.length === 0 ? `${appendsAccepted} appends over ${noteConversations} conversations` : noteProblems.slice(0, 5).join('; '));

    const stateProblems: string[] = [];
    let stateConversations = 0;
    for (const world of worlds.values()) {
      for (const id of world.statePool) {
        const list = actions.get(id) ?? [];
        if (list.length > 0) stateConversations += 1;
        const start = world.initial.get(id) as ConversationSummary;
        let expected: ConversationState = { status: start.status, snoozeUntil: start.snoozeUntil };
        for (const a of list) expected = applyAction(expected, a.action, now, a.action === 'snooze' ? a.until : undefined);
        const { conversation } = await control<WholeConversation>(opts.origin, 'GET', `/conversations/${encodeURIComponent(id)}`);
        const last = list.at(-1)?.result;
        const lastMatches = last === undefined || (last.status === conversation.status && last.snoozeUntil === conversation.snoozeUntil);
        if (conversation.status !== expected.status || conversation.snoozeUntil !== expected.snoozeUntil || !lastMatches) {
          stateProblems.push(`${id}: ${list.length} actions accepted, expected ${expected.status}, found ${conversation.status}`);
        }
      }
    }
    check('each conversation is in the state its accepted actions make', stateProblems.length === 0,
      stateProblems.length === 0 ? `${[...actions.values()].reduce((s, l) => s + l.length, 0)} actions over ${stateConversations} conversations` : stateProblems.slice(0, 5).join('; '));

    const latencies = outcomes.map((o) => o?.ms ?? 0).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    for (const o of outcomes) {
      const key = o === undefined || o.status === null ? 'lost' : String(o.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    return {
      requests: planned.length,
      clients: opts.clients,
      rateLimit: opts.rateLimit,
      durationMs,
      requestsPerSecond: planned.length / (durationMs / 1000),
      latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0 },
      statuses,
      perKey,
      checks,
      ok: checks.every((c) => c.ok),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** The report as lines for a terminal. */
export function formatReport(r: LoadReport): string {
  const lines = [
    `${r.requests} requests, ${r.clients} clients, rate limit ${r.rateLimit.calls} per ${r.rateLimit.windowMs} ms per key`,
    `throughput ${r.requestsPerSecond.toFixed(0)} requests/s over ${(r.durationMs / 1000).toFixed(2)} s; latency p50 ${r.latencyMs.p50.toFixed(1)} ms, p95 ${r.latencyMs.p95.toFixed(1)} ms, p99 ${r.latencyMs.p99.toFixed(1)} ms, max ${r.latencyMs.max.toFixed(1)} ms`,
    `answers: ${Object.entries(r.statuses).map(([s, n]) => `${s} × ${n}`).join(', ')}`,
    ...r.perKey.map((k) => `  ${k.workspace} (${k.plan}): ${k.sent} calls, ${k.accepted} accepted, ${k.rateLimited} refused with 429`),
    ...r.checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`),
  ];
  return lines.join('\n');
}
