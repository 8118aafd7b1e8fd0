/**
 * Benchmark 6, a team on one key. The key belongs to the workspace: ten (then twenty) browsers
 * share its 50 calls per 10 s, each knowing only its own calls. Each instance is the real background
 * service (`createBackgroundService`, the code the worker runs) over its own fake IndexedDB, over
 * real HTTP to an emulator in a process of its own, at the service's limit, browsing as a busy
 * person does: a profile every 5 s (the panel's look-up, `user` priority), a list page of 10 every
 * 30 s (list badges do not exist yet: ten lead look-ups at `list` priority, given up when the next
 * page comes), and an action (an append to one of its own conversations) every 20 s.
 *
 * Two teams run side by side in the same run, on two workspaces (two keys) of one emulator: the
 * adaptive limiter (AIMD, with issue 25's rules) and the limiter before issue 25 ('today': a fresh
 * browser's lists measured against every call, a floor of 2 calls per window, nothing shed), or the
 * fixed limiter. Cases: ten fresh installs in one second; a team's morning (ten instances that
 * browsed on the key the day before, restarted on their stored state, starting within a minute);
 * twenty busy teammates (demand over the key). Figures: every action applied exactly
 * once, 429s as a share of calls (from the emulator's call history), each instance's accepted calls
 * against the team's mean, and the profile on screen (navigation → lead or no-lead shown) p95,
 * a look-up that failed or was still running when the next profile came counting as never shown.
 *
 * Seeded (`seed`): each instance's schedule, picks and AIMD jitter come from PRNGs of that seed, so
 * that two limiter variants are compared on the same browsing (`bench/team-seeds.ts`); timing on a
 * real clock still varies a little.
 */
import 'fake-indexeddb/auto';
import { AsyncLocalStorage } from 'node:async_hooks';
import { buildSeed } from '../emulator/seed/index';
import { createBackgroundService, type BackgroundService } from '../lib/background/service';
import type { Request } from '../lib/messages';
import { canonicalProfileUrl } from '../lib/pronet/canonical-url';
import { openCompanionDb, type CompanionDb } from '../lib/store/db';
import { calls as emulatorCalls, resetDemo, type Workspace } from './emulator-control';
import { emulatorProcess, memorySession, memorySettings } from './limiter';
import { percentile, round, rng } from './stats';
import type { AimdOptions } from '../lib/api/aimd';
import { isShedError } from '../lib/api/rate-limiter';

export interface TeamOptions {
  runs: TeamRun[];
  profileEveryMs: number;
  listEveryMs: number;
  listSize: number;
  actionEveryMs: number;
  /** After the browsing: how long the outboxes may take to send what is left. */
  drainMs: number;
  /** Seeds every instance's PRNGs (schedule, picks, AIMD jitter). */
  seed: number;
  /** The limiters run side by side (default both). */
  limiters: LimiterKind[];
  /** A variant of the adaptive limiter's AIMD options (`random` is the instance's seeded one). */
  aimd?: Omit<AimdOptions, 'random'>;
  log?: (line: string) => void;
}

export interface TeamRun {
  instances: number;
  durationMs: number;
  /**
   * A team's morning: the instances first browse `yesterdayMs` on the key (fresh installs), stop, and
   * start again on their stored state, each within `startWithinMs`; the figures are the morning's.
   */
  morning?: { yesterdayMs: number; startWithinMs: number };
}

/** What a run is, for the tables. */
export const caseOf = (r: Pick<TeamRun, 'instances' | 'morning'>): string =>
  r.morning ? `team's morning (${r.instances}, stored state)` : r.instances > 10 ? `${r.instances} busy teammates` : `${r.instances} fresh installs in one second`;

/** The limiter before issue 25, as AIMD options: lists counted against every call while fresh, a floor of 2, nothing shed. */
export const TODAY_AIMD: Omit<AimdOptions, 'random'> = { minRate: 2, shedAfterMs: Infinity, freshCountsEveryCall: true, paceUsersAfterPushbacks: Infinity };

export const DEFAULT_TEAM: TeamOptions = {
  // Each case side by side with the limiter before issue 25, near 12 minutes in all.
  runs: [
    { instances: 10, durationMs: 150_000, morning: { yesterdayMs: 60_000, startWithinMs: 60_000 } },
    { instances: 10, durationMs: 120_000 },
    { instances: 20, durationMs: 90_000 },
  ],
  profileEveryMs: 5_000,
  listEveryMs: 30_000,
  listSize: 10,
  actionEveryMs: 20_000,
  drainMs: 90_000,
  seed: 1,
  limiters: ['adaptive', 'today'],
};

export type LimiterKind = 'adaptive' | 'today' | 'fixed';

export interface TeamFigures {
  limiter: LimiterKind;
  /** `caseOf` the run. */
  case: string;
  instances: number;
  durationS: number;
  workspace: string;
  calls: number;
  rateLimited: number;
  /** 429s ÷ calls, percent. */
  rateLimitedPct: number;
  actions: number;
  /** Actions whose text is in the final note exactly once. */
  appliedOnce: number;
  /** The least accepted calls of an instance ÷ the team's mean. */
  minShareOfMean: number;
  acceptedPerInstance: { min: number; mean: number; max: number };
  profileViews: number;
  profileShown: number;
  profileP95Ms: number | null;
  profileP50Ms: number | null;
  listLookups: number;
  listDone: number;
  /** List look-ups shed by the limiter (not made: the key was past its limit). */
  listShed: number;
  /** Per endpoint: calls and 429s (where the budget went). */
  byEndpoint: Record<string, { calls: number; rateLimited: number }>;
  /** 429s in each 10 s of the run (the start, when nobody has learned anything yet, apart). */
  rateLimitedByWindow: number[];
  /** Per 10 s of the run: the calls answered and the 429s, by what made them (the instances' own count). */
  byKindWindow: { calls: Record<CallKind, number>; rateLimited: Record<CallKind, number> }[];
}

/** What a call was made for: a profile on screen, a list page, an action (the outbox), anything else (identities). */
export type CallKind = 'profile' | 'list' | 'action' | 'other';
const CALL_KINDS: CallKind[] = ['profile', 'list', 'action', 'other'];
/** The kind of the calls made inside `run`, read by each instance's fetch (it follows the awaits). */
const callKind = new AsyncLocalStorage<CallKind>();

export interface TeamResult {
  runs: TeamFigures[];
}

const NOBODY = (i: number) => `https://www.pronet.example/in/not-a-lead-${i}/`;

interface Target {
  urls: string[];
  conversations: { id: string; leadId: string }[];
}

function targetsOf(workspaceName: string): Target {
  const ws = buildSeed('demo', { now: Date.now(), leads: 200 }).workspaces.find((w) => w.name === workspaceName);
  if (!ws) throw new Error(`the demo seed has no ${workspaceName} workspace`);
  return {
    urls: ws.leads.flatMap((l) => (l.pronetUrl ? [l.pronetUrl] : [])),
    conversations: ws.conversations.map((c) => ({ id: c.id, leadId: c.leadId })),
  };
}

interface InstanceFigures {
  profileMs: number[];
  profileViews: number;
  listLookups: number;
  listDone: number;
  listShed: number;
  actions: { conversationId: string; text: string }[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function must(service: BackgroundService, request: Request): Promise<void> {
  const reply = await service.handle(request);
  if (!reply.ok) throw new Error(`${request.type}: ${JSON.stringify(reply.error)}`);
}

/** Calls `step` every `periodMs` from a random offset until `endAt`, without waiting for it. */
async function every(periodMs: number, endAt: number, random: () => number, step: (n: number) => void): Promise<void> {
  await sleep(random() * periodMs);
  for (let n = 0; Date.now() < endAt; n++) {
    const next = Date.now() + periodMs;
    step(n);
    await sleep(next - Date.now());
  }
}

/** One busy person's browser until `endAt`. */
async function busyPerson(
  service: BackgroundService,
  target: Target,
  mine: { id: string; leadId: string }[],
  tag: string,
  endAt: number,
  opts: TeamOptions,
  random: (stream: string) => () => number,
  startDelayMs = 0,
): Promise<InstanceFigures> {
  const f: InstanceFigures = { profileMs: [], profileViews: 0, listLookups: 0, listDone: 0, listShed: 0, actions: [] };
  await sleep(startDelayMs);
  // One stream per use, so that the order in which timers fire does not change the picks.
  const picker = (r: () => number) => () => (r() < 0.2 ? NOBODY(Math.floor(r() * 1e6)) : target.urls[Math.floor(r() * target.urls.length)]!);
  const profileUrl = picker(random('profile'));
  const listUrl = picker(random('list'));
  let profile: Promise<void> = Promise.resolve();
  let page: AbortController | null = null;
  const lists: Promise<void>[] = [];

  await Promise.all([
    every(opts.profileEveryMs, endAt, random('profile-at'), () => {
      f.profileViews += 1;
      const started = Date.now();
      profile = callKind.run('profile', async () => {
        const url = profileUrl();
        await service.tabNavigated(1, url);
        const state = await service.panelState(1);
        // Shown: this profile's answer (not the next profile's, when this look-up was left for it).
        if ((state.kind === 'lead' || state.kind === 'no-lead') && state.profileUrl === canonicalProfileUrl(url)) f.profileMs.push(Date.now() - started);
      });
    }),
    every(opts.listEveryMs, endAt, random('list-at'), () => {
      page?.abort();
      page = new AbortController();
      const { signal } = page;
      for (let i = 0; i < opts.listSize; i++) {
        f.listLookups += 1;
        lists.push(
          callKind.run('list', () => service.api.searchLead({ pronetUrl: listUrl() }, { priority: 'list', signal })).then(
            () => void (f.listDone += 1),
            (error: unknown) => void (isShedError(error) && (f.listShed += 1)),
          ),
        );
      }
    }),
    every(opts.actionEveryMs, endAt, random('action-at'), (n) => {
      const c = mine[n % mine.length]!;
      const text = `${tag}-a${n}`;
      f.actions.push({ conversationId: c.id, text });
      void callKind.run('action', () => must(service, { type: 'save-note', conversationId: c.id, leadId: c.leadId, mode: 'append', text }));
    }),
  ]);
  // The last page is left when the person stops browsing.
  (page as AbortController | null)?.abort();
  await Promise.allSettled([profile, ...lists]);
  return f;
}

interface Team {
  kind: LimiterKind;
  ws: Workspace;
  target: Target;
  services: { service: BackgroundService; db: CompanionDb; name: string }[];
  /** Every answer the team's instances got: when, for what, its status. */
  answers: { at: number; kind: CallKind; status: number }[];
}

/** Instance `k`'s PRNG for `stream`, from the run's seed. */
function streamOf(seed: number, k: number, stream: string): () => number {
  let h = Math.imul(seed, 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca6b);
  for (const ch of stream) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return rng(h);
}

function aimdOf(kind: LimiterKind, opts: TeamOptions, k: number): AimdOptions | false {
  if (kind === 'fixed') return false;
  // A variant (`aimd`) is the adaptive limiter's; 'today' stays the limiter before issue 25.
  return { ...(kind === 'today' ? TODAY_AIMD : opts.aimd), random: streamOf(opts.seed, k, 'aimd') };
}

/**
 * Starts a team's instances. `dbNames`: their databases (a morning reopens yesterday's, where the key
 * and the limiter's state are stored); absent: fresh ones, and the key set as a new user does.
 */
async function startTeam(kind: LimiterKind, ws: Workspace, instances: number, baseUrl: string, run: number, opts: TeamOptions, dbNames?: string[], answers: Team['answers'] = []): Promise<Team> {
  const services: Team['services'] = [];
  const tracing: typeof fetch = async (input, init) => {
    const kind = callKind.getStore() ?? 'other';
    const response = await fetch(input, init);
    answers.push({ at: Date.now(), kind, status: response.status });
    return response;
  };
  for (let k = 0; k < instances; k++) {
    const db = await openCompanionDb(dbNames?.[k] ?? `bench-team-${run}-${kind}-${k}-${Date.now()}`);
    const service = createBackgroundService({
      db,
      settings: memorySettings(baseUrl),
      session: memorySession(),
      push: { panel: () => undefined, chip: () => undefined, badge: () => undefined, outbox: () => undefined },
      hasHostPermission: async () => true,
      fetch: tracing,
      rateLimit: { adaptive: aimdOf(kind, opts, k) },
    });
    await service.start();
    if (!dbNames) await must(service, { type: 'key-set', key: ws.apiKey, sessionOnly: false });
    services.push({ service, db, name: db.name });
  }
  return { kind, ws, target: targetsOf(ws.name), services, answers };
}

/** Every instance of every team browses until `endAt`, each starting within `startWithinMs`. */
function browseTeams(teams: Team[], instances: number, endAt: number, run: number, opts: TeamOptions, tag: string, startWithinMs = 0): Promise<InstanceFigures[][]> {
  return Promise.all(
    teams.map((team) =>
      Promise.all(
        team.services.map(({ service }, k) => {
          const mine = team.target.conversations.filter((_, j) => j % instances === k).slice(0, 20);
          const delay = streamOf(opts.seed, k, `start-${tag}`)() * startWithinMs;
          return busyPerson(service, team.target, mine, `${team.kind}-r${run}-${tag}-i${k}`, endAt, opts, (stream) => streamOf(opts.seed, k, `${stream}-${tag}`), delay);
        }),
      ),
    ),
  );
}

async function drainOutboxes(teams: Team[], drainMs: number): Promise<void> {
  const drainUntil = Date.now() + drainMs;
  for (const team of teams) {
    for (const { service } of team.services) {
      while ((await service.outbox.list()).length > 0 && Date.now() < drainUntil) await sleep(500);
    }
  }
}

function stopTeams(teams: Team[]): void {
  for (const team of teams) {
    for (const { service, db } of team.services) {
      service.stop();
      db.close();
    }
  }
}

async function noteOf(origin: string, id: string): Promise<string> {
  const r = await fetch(`${origin}/_emulator/conversations/${encodeURIComponent(id)}`);
  const body = (await r.json()) as { conversation?: { note?: string | null } };
  return body.conversation?.note ?? '';
}

async function runTeams(origin: string, baseUrl: string, r: TeamRun, run: number, opts: TeamOptions): Promise<TeamFigures[]> {
  const { instances, durationMs } = r;
  const workspaces = await resetDemo(origin, 200);
  const byName = (name: string) => {
    const w = workspaces.find((x) => x.name === name);
    if (!w) throw new Error(`no ${name} workspace`);
    return w;
  };
  // The two limiters swap workspaces from one run to the next.
  const [a, b] = run % 2 === 0 ? ['demo-pro', 'bulk'] : ['bulk', 'demo-pro'];
  let teams: Team[] = [];
  for (const [i, kind] of opts.limiters.entries()) teams.push(await startTeam(kind, byName(i === 0 ? a! : b!), instances, baseUrl, run, opts));
  // The keys' first calls (identities) fall in a window of their own.
  await sleep(10_500);
  if (r.morning) {
    // The day before: fresh installs browse, then the browsers close (their databases stay).
    opts.log?.(`team: ${caseOf(r)}, the day before: ${r.morning.yesterdayMs / 1000} s ...`);
    await browseTeams(teams, instances, Date.now() + r.morning.yesterdayMs, run, opts, 'yesterday');
    await drainOutboxes(teams, opts.drainMs);
    stopTeams(teams);
    // The night: the key's window empties.
    await sleep(10_500);
    const restarted: Team[] = [];
    for (const team of teams) restarted.push(await startTeam(team.kind, team.ws, instances, baseUrl, run, opts, team.services.map((x) => x.name)));
    teams = restarted;
  }
  const began = Date.now();
  const endAt = began + durationMs;
  opts.log?.(`team: ${caseOf(r)}, ${instances} instances per limiter, ${durationMs / 1000} s ...`);
  const perTeam = await browseTeams(teams, instances, endAt, run, opts, 'today', r.morning?.startWithinMs ?? 0);
  await drainOutboxes(teams, opts.drainMs);
  const history = (await emulatorCalls(origin)).filter((c) => c.at >= began);
  const out: TeamFigures[] = [];
  for (const [t, team] of teams.entries()) {
    const figures = perTeam[t]!;
    const calls = history.filter((c) => c.workspaceId === team.ws.id);
    const rateLimited = calls.filter((c) => c.status === 429).length;
    const byEndpoint: TeamFigures['byEndpoint'] = {};
    for (const c of calls) {
      const e = (byEndpoint[c.endpoint ?? c.path] ??= { calls: 0, rateLimited: 0 });
      e.calls += 1;
      if (c.status === 429) e.rateLimited += 1;
    }
    const actions = figures.flatMap((f) => f.actions);
    const notes = new Map<string, string>();
    for (const id of new Set(actions.map((x) => x.conversationId))) notes.set(id, await noteOf(origin, id));
    const appliedOnce = actions.filter((x) => (notes.get(x.conversationId) ?? '').split(x.text).length - 1 === 1).length;
    const accepted = team.services.map(({ service }) => {
      const s = service.callStats();
      return s.calls - s.failed;
    });
    const byKindWindow: TeamFigures['byKindWindow'] = [];
    const zero = () => Object.fromEntries(CALL_KINDS.map((k) => [k, 0])) as Record<CallKind, number>;
    for (const a of team.answers.filter((x) => x.at >= began)) {
      const i = Math.floor((a.at - began) / 10_000);
      while (byKindWindow.length <= i) byKindWindow.push({ calls: zero(), rateLimited: zero() });
      byKindWindow[i]!.calls[a.kind] += 1;
      if (a.status === 429) byKindWindow[i]!.rateLimited[a.kind] += 1;
    }
    const meanAccepted = accepted.reduce((x, y) => x + y, 0) / accepted.length;
    const views = figures.reduce((x, f) => x + f.profileViews, 0);
    const shown = figures.flatMap((f) => f.profileMs);
    // A view never shown counts as slower than any shown.
    const all = [...shown, ...Array.from({ length: views - shown.length }, () => Infinity)];
    const p95 = percentile(all, 95);
    out.push({
      limiter: team.kind,
      case: caseOf(r),
      instances,
      durationS: durationMs / 1000,
      workspace: team.ws.name,
      calls: calls.length,
      rateLimited,
      rateLimitedPct: round(calls.length === 0 ? 0 : (100 * rateLimited) / calls.length, 2)!,
      actions: actions.length,
      appliedOnce,
      minShareOfMean: round(Math.min(...accepted) / meanAccepted, 2)!,
      acceptedPerInstance: { min: Math.min(...accepted), mean: round(meanAccepted, 1)!, max: Math.max(...accepted) },
      profileViews: views,
      profileShown: shown.length,
      profileP95Ms: p95 === null || !Number.isFinite(p95) ? null : Math.round(p95),
      profileP50Ms: percentile(all, 50) === null || !Number.isFinite(percentile(all, 50)!) ? null : Math.round(percentile(all, 50)!),
      listLookups: figures.reduce((x, f) => x + f.listLookups, 0),
      listDone: figures.reduce((x, f) => x + f.listDone, 0),
      listShed: figures.reduce((x, f) => x + f.listShed, 0),
      byEndpoint,
      rateLimitedByWindow: calls.reduce<number[]>((w, c) => {
        const i = Math.floor((c.at - began) / 10_000);
        while (w.length <= i) w.push(0);
        if (c.status === 429) w[i]! += 1;
        return w;
      }, []),
      byKindWindow,
    });
  }
  stopTeams(teams);
  return out;
}

export async function teamBench(options: Partial<TeamOptions> = {}): Promise<TeamResult> {
  const opts = { ...DEFAULT_TEAM, ...options };
  const emulator = await emulatorProcess();
  try {
    const runs: TeamFigures[] = [];
    for (const [i, r] of opts.runs.entries()) {
      const figures = await runTeams(emulator.origin, emulator.baseUrl, r, i, opts);
      for (const f of figures) opts.log?.(`team ${f.limiter} ×${f.instances}: ${JSON.stringify(f)}`);
      runs.push(...figures);
    }
    return { runs };
  } finally {
    await emulator.close();
  }
}

const ms = (v: number | null) => (v === null ? 'never (over 5% not shown)' : `${v} ms`);

/** The issue's goals for the new limiter in each case (issue 25); null: reported only. */
export function teamGoals(x: Pick<TeamFigures, 'limiter' | 'instances' | 'case'>): { rateLimitedPct: number | null; profileP95Ms: number } | null {
  if (x.limiter !== 'adaptive') return null;
  if (x.case.startsWith("team's morning")) return { rateLimitedPct: 1, profileP95Ms: 500 };
  if (x.instances > 10) return { rateLimitedPct: 5, profileP95Ms: 2000 };
  return { rateLimitedPct: null, profileP95Ms: 1000 };
}

const shedShare = (x: TeamFigures) => (x.listLookups === 0 ? 0 : round((100 * (x.listShed ?? 0)) / x.listLookups, 1)!);

/** Rows of the summary table (report.ts). */
export function teamSummaryRows(r: TeamResult): { part: string; figure: string; measured: string; target: string; ok: boolean | null }[] {
  return r.runs.flatMap((x) => {
    const who = `${x.case ?? `${x.instances} instances`}, ${x.limiter === 'today' ? 'limiter before issue 25' : `${x.limiter} limiter`}`;
    const goals = teamGoals({ ...x, case: x.case ?? '' });
    const p95ok = goals !== null && x.profileP95Ms !== null && x.profileP95Ms <= goals.profileP95Ms;
    return [
      {
        part: '6',
        figure: `Team on one key (${who}): actions applied once; 429 share`,
        measured: `${x.appliedOnce} of ${x.actions}; ${x.rateLimitedPct}%`,
        target: goals ? `all; ${goals.rateLimitedPct === null ? '-' : `≤ ${goals.rateLimitedPct}%`}` : '-',
        ok: goals ? x.appliedOnce === x.actions && (goals.rateLimitedPct === null || x.rateLimitedPct <= goals.rateLimitedPct) : null,
      },
      {
        part: '6',
        figure: `… least instance's accepted calls ÷ mean; profile on screen p95; list look-ups shed`,
        measured: `${x.minShareOfMean}; ${ms(x.profileP95Ms)}; ${shedShare(x)}%`,
        target: goals ? `≥ 0.5; ≤ ${goals.profileP95Ms / 1000} s; -` : '-',
        ok: goals ? x.minShareOfMean >= 0.5 && p95ok : null,
      },
    ];
  });
}

/** The section of results.md. */
export function teamMarkdown(r: TeamResult, table: (head: string[], rows: (string | number)[][]) => string[]): string[] {
  return [
    '',
    '## 6. A team on one key',
    '',
    "Each instance is the background service (Node, fake IndexedDB, real HTTP) on one key at the service's 50 / 10 s: a profile every 5 s, a list page of 10 look-ups (`list` priority) every 30 s, an append every 20 s. Two limiters run side by side, on two workspaces of one emulator: `adaptive` (issue 25: a fresh browser's lists not held behind its own calls, the key remembered, a floor under one call per window, list work shed past the limit) and `today` (the limiter before issue 25). A team's morning: the instances browsed on the key the day before (60 s), stopped, and start again on their stored state, each within a minute.",
    '',
    ...table(
      ['Case', 'Limiter', 'Duration', 'Calls', '429', '429 share', 'Applied once', 'Accepted per instance (min / mean / max)', 'Least ÷ mean', 'Profile shown', 'Profile p50 / p95', 'List look-ups done / shed / asked'],
      r.runs.map((x) => [
        x.case ?? `${x.instances} instances`,
        x.limiter,
        `${x.durationS} s`,
        x.calls,
        x.rateLimited,
        `${x.rateLimitedPct}%`,
        `${x.appliedOnce} / ${x.actions}`,
        `${x.acceptedPerInstance.min} / ${x.acceptedPerInstance.mean} / ${x.acceptedPerInstance.max}`,
        x.minShareOfMean,
        `${x.profileShown} / ${x.profileViews}`,
        `${ms(x.profileP50Ms)} / ${ms(x.profileP95Ms)}`,
        `${x.listDone} / ${x.listShed ?? 0} / ${x.listLookups}`,
      ]),
    ),
  ];
}
