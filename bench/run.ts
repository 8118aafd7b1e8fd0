/**
 * `npm run bench [-- --only sizes,search,limiter,startup,browse,corpus,team] [-- --views N]`
 *
 * Runs the benchmarks in one go (about 6 to 8 minutes on two cores) and writes `bench/results.json`
 * (every figure, per view) and `bench/results.md` (the tables, with machine, date and commit), then
 * prints the summary table. Not part of the test command: figures live here, the test suites hold
 * no timed assertion.
 *
 * Sections, in this order: 3. sizes (it also builds the extension the browser parts load, into
 * `.output/bench/`), 5. emulator search, 2. limiter, 4. start-up, 1. browse trace, 6. team on one
 * key (about 5 minutes more); `import` (issue 43: a whole search in one call beside page by page,
 * and a selection's adds under faults; about 3 minutes).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startEmulator } from '../emulator/server';
import { browseTrace } from './browse-trace';
import { emulatorSearch } from './emulator-search';
import { inboxBench } from './inbox';
import { limiterBench } from './limiter';
import { listBadgesBench } from './list-badges';
import { firstScreenBench } from './first-screen';
import { longTasksBench } from './long-tasks';
import { liveBench } from './live';
import { pageReaderBench } from './page-reader';
import { realPagesBench, realPagesMarkdown, type RealPagesResult } from './real-pages';
import { replyBench } from './reply';
import { currentLoad } from './load';
import { commit, machine } from './machine';
import { markdown } from './report';
import type { Results } from './run-results';
import { summaryTable } from './summary';
import { sizes } from './sizes';
import { startup } from './startup';
import { teamBench } from './team';
import { audienceBench } from './this-page';
import { campaignStandingBench } from './campaign-standing';
import { importBench } from './search-import';

const SECTIONS = ['sizes', 'search', 'limiter', 'startup', 'browse', 'lists', 'inbox', 'reply', 'reader', 'corpus', 'team', 'audience', 'live', 'screen', 'tasks', 'standing', 'import'] as const;
type Section = (typeof SECTIONS)[number];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    views: { type: 'string' },
  },
});

const only = new Set<Section>(
  values.only
    ? values.only.split(',').map((s) => {
        if (!(SECTIONS as readonly string[]).includes(s)) throw new Error(`unknown section ${s} (known: ${SECTIONS.join(', ')})`);
        return s as Section;
      })
    : SECTIONS,
);
const views = values.views === undefined ? undefined : Number(values.views);
if (views !== undefined && (!Number.isInteger(views) || views < 2)) throw new Error('--views takes an integer of 2 or more');

const log = (line: string) => console.log(line);

/**
 * With `--only`, the sections not run keep their figures from the last results (each section names
 * the commit and date that measured it), so one feature's benchmark can be rerun alone.
 */
function keepEarlierSections(r: Results): void {
  const file = resolve('bench/results.json');
  if (!existsSync(file)) return;
  const earlier = JSON.parse(readFileSync(file, 'utf8')) as Results;
  const ran = new Set(r.sections.map((x) => x.name));
  const record = r as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(earlier)) if (!(key in record) || record[key] === undefined) record[key] = value;
  const kept = earlier.sections.filter((x) => !ran.has(x.name)).map((x) => ({ ...x, commit: x.commit ?? earlier.commit, date: x.date ?? earlier.date }));
  r.sections = [...kept, ...r.sections];
}
const began = Date.now();
const loadAtStart = currentLoad();
const results: Results = {
  date: new Date().toISOString(),
  commit: commit(),
  machine: machine(loadAtStart),
  durationS: 0,
  sections: [],
};

async function section<T>(name: Section, run: () => Promise<T>): Promise<T | undefined> {
  if (!only.has(name)) return undefined;
  const t0 = Date.now();
  const value = await run();
  results.sections.push({ name, seconds: Math.round((Date.now() - t0) / 100) / 10, load: currentLoad(), commit: results.commit, date: results.date });
  return value;
}

// The browser parts load the build that `sizes` writes: it always runs.
only.add('sizes');
results.sizes = await section('sizes', () => sizes(log));
results.search = await section('search', () => emulatorSearch({ log }));

const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true });
try {
  results.limiter = await section('limiter', () => limiterBench(emulator, { log }));
  results.startup = await section('startup', () => startup(emulator, { log }));
  results.browse = await section('browse', () => browseTrace(emulator, { log, ...(views ? { views } : {}) }));
  results.inbox = await section('inbox', () => inboxBench(emulator, { log }));
  results.reply = await section('reply', () => replyBench(emulator, { log }));
  results.lists = await section('lists', () => listBadgesBench(emulator, { log }));
  // Issue 33: budget and cost on the corpus of real structures; its table in bench/real-pages.md.
  const corpus = await section('corpus', () => realPagesBench(emulator, { log }));
  if (corpus) {
    (results as Results & { corpus?: RealPagesResult }).corpus = corpus;
    writeFileSync(resolve('bench/real-pages.md'), `${realPagesMarkdown(corpus)}\nMeasured ${results.date}, commit ${results.commit}, load ${currentLoad()}.\n`);
  }
  results.audience = await section('audience', () => audienceBench(emulator, { log }));
  results.live = await section('live', () => liveBench(emulator, { log }));
  results.screen = await section('screen', () => firstScreenBench(emulator, { log }));
  results.tasks = await section('tasks', () => longTasksBench(emulator, { log, commit: results.commit }));
  // Issue 43: a whole search imported in one call beside page by page; a selection's adds under faults.
  results.import = await section('import', () => importBench(emulator, { log }));
} finally {
  await emulator.close();
}
// A team on one key runs its own emulator process (60 instances would starve one shared with it).
results.reader = await section('reader', () => pageReaderBench({ log }));
results.team = await section('team', () => teamBench({ log }));
results.standing = await section('standing', () => campaignStandingBench({ log }));

results.durationS = Math.round((Date.now() - began) / 1000);
results.machine = machine(loadAtStart);
if (values.only) keepEarlierSections(results);
writeFileSync(resolve('bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(resolve('bench/results.md'), markdown(results));
console.log('');
console.log(`bench: ${results.durationS} s on ${results.machine.cpu} x ${results.machine.cores}, commit ${results.commit}, load ${loadAtStart} → ${results.machine.loadAtEnd}`);
console.log('');
console.log(summaryTable(results).join('\n'));
console.log('');
console.log('Written: bench/results.json, bench/results.md');
// Playwright and the emulator leave nothing running; exit without waiting for stray handles.
process.exit(0);
