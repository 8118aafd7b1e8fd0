/**
 * A team's figures from a run: its calls and 429s from the emulator's call history, the actions
 * applied exactly once from the final notes, each instance's accepted calls, and the profile on
 * screen as its people saw it (a look-up failed or still running at the next profile: never shown).
 */
import { noteOf, type EmulatorCall } from './emulator-control';
import { percentile, round } from './stats';
import { CALL_KINDS, type CallKind } from './team-calls';
import type { InstanceFigures } from './team-browsing';
import { caseOf, type LimiterKind, type TeamRun } from './team-options';
import type { Team } from './team-setup';

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

export interface TeamResult {
  runs: TeamFigures[];
}

/**
 * The figures of `team` for run `r`, which began at `began`: `figures`, what its instances saw;
 * `history`, the emulator's calls since the run began (every team's).
 */
export async function teamFigures(origin: string, r: TeamRun, team: Team, figures: InstanceFigures[], history: EmulatorCall[], began: number): Promise<TeamFigures> {
  const { instances, durationMs } = r;
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
  for (const id of new Set(actions.map((x) => x.conversationId))) notes.set(id, (await noteOf(origin, id)) ?? '');
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
  return {
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
  };
}
