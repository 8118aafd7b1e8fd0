/**
 * The 10-instance adaptive team alone, once per seed (dev tool, not part of `npm run bench`): to
 * choose between variants of the AIMD options on the same seeded browsing.
 * `npx tsx bench/team-seeds.ts [runs K (seeds 1..K) | --seeds 4,5] [--aimd '{"initialShare":0.05}'] [--seconds 180]`
 */
import type { AimdOptions } from '../lib/api/aimd';
import { mean, round } from './stats';
import { teamBench, type TeamFigures } from './team';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const seeds = flag('--seeds')?.split(',').map(Number) ?? Array.from({ length: Number(args.find((a) => /^\d+$/.test(a)) ?? 3) }, (_, i) => i + 1);
const aimd = JSON.parse(flag('--aimd') ?? '{}') as Omit<AimdOptions, 'random'>;
const durationMs = Number(flag('--seconds') ?? 180) * 1000;

const line = (seed: number, x: TeamFigures) =>
  [
    `seed ${seed}`,
    `429 ${x.rateLimited}/${x.calls} = ${x.rateLimitedPct}%`,
    `by window ${x.rateLimitedByWindow.join(',')}`,
    `profile p95 ${x.profileP95Ms ?? 'never'} p50 ${x.profileP50Ms ?? 'never'} ms`,
    `shown ${x.profileShown}/${x.profileViews}`,
    `least÷mean ${x.minShareOfMean}`,
    `applied once ${x.appliedOnce}/${x.actions}`,
    `lists ${x.listDone}/${x.listLookups}`,
  ].join(' | ');

console.log(`variant ${JSON.stringify(aimd)}, ${durationMs / 1000} s, seeds ${seeds.join(',')}`);
const rows: { seed: number; x: TeamFigures }[] = [];
for (const seed of seeds) {
  const { runs } = await teamBench({ runs: [{ instances: 10, durationMs }], limiters: ['adaptive'], seed, aimd });
  const x = runs[0]!;
  rows.push({ seed, x });
  console.log(line(seed, x));
  console.log(`  429s by endpoint ${JSON.stringify(Object.fromEntries(Object.entries(x.byEndpoint).flatMap(([e, v]) => (v.rateLimited > 0 ? [[e, v.rateLimited]] : []))))}`);
  // The first windows, where a fresh team overshoots: calls (429s) by what made them.
  for (const [i, w] of x.byKindWindow.slice(0, 5).entries()) {
    console.log(`  window ${i}: ${Object.entries(w.calls).map(([k, n]) => `${k} ${n} (${w.rateLimited[k as keyof typeof w.rateLimited]})`).join(', ')}`);
  }
}
const met = rows.filter(({ x }) => x.rateLimitedPct <= 2 && x.profileP95Ms !== null && x.profileP95Ms <= 1000 && x.appliedOnce === x.actions && x.minShareOfMean >= 0.5).length;
console.log(
  `summary ${JSON.stringify(aimd)}: 429 share mean ${round(mean(rows.map(({ x }) => x.rateLimitedPct)) ?? 0, 2)}% (${rows.map(({ x }) => x.rateLimitedPct).join(', ')}), ` +
    `p95 ${rows.map(({ x }) => x.profileP95Ms ?? 'never').join(', ')} ms, all goals met in ${met} of ${rows.length}`,
);
