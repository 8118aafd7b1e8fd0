/**
 * One team case, once per seed (dev tool, not part of `npm run bench`): to choose between variants of
 * the AIMD options on the same seeded browsing, or to run a case of `npm run bench`'s team section
 * on more seeds. `--case fresh` (10 fresh installs, default), `morning` (10 on yesterday's stored
 * state), `twenty` (20 busy teammates); `--limiters adaptive,today` (default: adaptive alone).
 * `npx tsx bench/team-seeds.ts [runs K (seeds 1..K) | --seeds 4,5] [--case fresh] [--limiters adaptive,today] [--aimd '{"initialShare":0.05}'] [--seconds 180]`
 */
import type { AimdOptions } from '../lib/api/aimd';
import { mean, round } from './stats';
import { teamBench } from './team';
import type { TeamFigures } from './team-figures';
import { DEFAULT_TEAM, type LimiterKind, type TeamRun } from './team-options';
import { teamGoals } from './team-report';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const seeds = flag('--seeds')?.split(',').map(Number) ?? Array.from({ length: Number(args.find((a) => /^\d+$/.test(a)) ?? 3) }, (_, i) => i + 1);
const aimd = JSON.parse(flag('--aimd') ?? '{}') as Omit<AimdOptions, 'random'>;
const which = flag('--case') ?? 'fresh';
const preset = { morning: DEFAULT_TEAM.runs[0]!, fresh: DEFAULT_TEAM.runs[1]!, twenty: DEFAULT_TEAM.runs[2]! }[which];
if (!preset) throw new Error(`unknown case ${which} (morning, fresh, twenty)`);
const durationMs = flag('--seconds') ? Number(flag('--seconds')) * 1000 : preset.durationMs;
const run: TeamRun = { ...preset, durationMs };
const limiters = (flag('--limiters')?.split(',') ?? ['adaptive']) as LimiterKind[];

const line = (seed: number, x: TeamFigures) =>
  [
    `seed ${seed} ${x.limiter}`,
    `429 ${x.rateLimited}/${x.calls} = ${x.rateLimitedPct}%`,
    `by window ${x.rateLimitedByWindow.join(',')}`,
    `profile p95 ${x.profileP95Ms ?? 'never'} p50 ${x.profileP50Ms ?? 'never'} ms`,
    `shown ${x.profileShown}/${x.profileViews}`,
    `least÷mean ${x.minShareOfMean}`,
    `applied once ${x.appliedOnce}/${x.actions}`,
    `lists ${x.listDone}/${x.listLookups} shed ${x.listShed}`,
    `accepted min/mean/max ${x.acceptedPerInstance.min}/${x.acceptedPerInstance.mean}/${x.acceptedPerInstance.max}`,
  ].join(' | ');

console.log(`case ${which}, limiters ${limiters.join(',')}, variant ${JSON.stringify(aimd)}, ${durationMs / 1000} s, seeds ${seeds.join(',')}`);
const rows: { seed: number; x: TeamFigures }[] = [];
for (const seed of seeds) {
  const { runs } = await teamBench({ runs: [run], limiters, seed, aimd });
  for (const x of runs) {
    rows.push({ seed, x });
  console.log(line(seed, x));
  console.log(`  429s by endpoint ${JSON.stringify(Object.fromEntries(Object.entries(x.byEndpoint).flatMap(([e, v]) => (v.rateLimited > 0 ? [[e, v.rateLimited]] : []))))}`);
  // The first windows, where a fresh team overshoots: calls (429s) by what made them.
  for (const [i, w] of x.byKindWindow.slice(0, 5).entries()) {
    console.log(`  window ${i}: ${Object.entries(w.calls).map(([k, n]) => `${k} ${n} (${w.rateLimited[k as keyof typeof w.rateLimited]})`).join(', ')}`);
  }
  console.log(`  json ${JSON.stringify({ seed, ...x, byKindWindow: undefined })}`);
  }
}
const met = rows.filter(({ x }) => {
  const goals = teamGoals(x);
  if (!goals) return false;
  return (goals.rateLimitedPct === null || x.rateLimitedPct <= goals.rateLimitedPct) && x.profileP95Ms !== null && x.profileP95Ms <= goals.profileP95Ms && x.appliedOnce === x.actions && x.minShareOfMean >= 0.5;
}).length;
console.log(
  `summary ${JSON.stringify(aimd)}: 429 share mean ${round(mean(rows.map(({ x }) => x.rateLimitedPct)) ?? 0, 2)}% (${rows.map(({ x }) => x.rateLimitedPct).join(', ')}), ` +
    `p95 ${rows.map(({ x }) => x.profileP95Ms ?? 'never').join(', ')} ms, all goals met in ${met} of ${rows.length}`,
);
