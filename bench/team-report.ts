/** The team on one key in the report: its rows of the summary table against issue 25's goals, and its section of results.md. */
import { round } from './stats';
import type { TeamFigures, TeamResult } from './team-figures';

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
