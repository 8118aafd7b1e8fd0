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
 *
 * Here the run of each case; its parts: `team-options.ts` (the cases), `team-setup.ts` (the
 * instances), `team-browsing.ts` (their people), `team-figures.ts` (the measuring), `team-report.ts`.
 */
import { calls as emulatorCalls, resetDemo } from './emulator-control';
import { emulatorProcess } from './emulator-process';
import { browseTeams } from './team-browsing';
import { teamFigures, type TeamFigures, type TeamResult } from './team-figures';
import { caseOf, DEFAULT_TEAM, type TeamOptions, type TeamRun } from './team-options';
import { drainOutboxes, sleep, startTeam, stopTeams, type Team } from './team-setup';

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
  for (const [t, team] of teams.entries()) out.push(await teamFigures(origin, r, team, perTeam[t]!, history, began));
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
