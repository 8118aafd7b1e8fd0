/**
 * `BENCH_EXTENSION_DIR=<another build's chrome-mv3> npx tsx bench/startup-before.ts <its commit>`:
 * section 4 (start-up) run against that build, written to `bench/startup-before.json`, the figures
 * the section's table shows in brackets. Not through `run.ts`: its sizes section, which always runs,
 * checks the zip it has just built against the build `BENCH_EXTENSION_DIR` names, and fails.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startEmulator } from '../emulator/server';
import { currentLoad } from './load';
import { startup } from './startup';
import type { StartupBefore } from './startup-report';

const [commit] = process.argv.slice(2);
if (!commit || !process.env.BENCH_EXTENSION_DIR) {
  console.error('usage: BENCH_EXTENSION_DIR=<build>/chrome-mv3 npx tsx bench/startup-before.ts <commit>');
  process.exit(2);
}
const load0 = currentLoad();
const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true });
try {
  const figures = await startup(emulator, { log: (line) => console.log(line) });
  const before: StartupBefore = { commit, date: new Date().toISOString(), load: [load0, currentLoad()], figures };
  writeFileSync(resolve('bench/startup-before.json'), `${JSON.stringify(before, null, 2)}\n`);
  console.log('Written: bench/startup-before.json');
} finally {
  await emulator.close();
}
process.exit(0);
