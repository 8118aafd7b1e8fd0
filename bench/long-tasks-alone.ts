/** `npx tsx bench/long-tasks-alone.ts <out.json> [commit]`: the section "tasks" alone, its figures to a file (to compare two builds, `BENCH_EXTENSION_DIR`). */
import { writeFileSync } from 'node:fs';
import { startEmulator } from '../emulator/server';
import { longTasksBench } from './long-tasks';
import { commit } from './machine';

const out = process.argv[2];
if (!out) throw new Error('usage: tsx bench/long-tasks-alone.ts <out.json>');
const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true });
try {
  writeFileSync(out, `${JSON.stringify(await longTasksBench(emulator, { log: console.log, commit: process.argv[3] ?? commit() }), null, 2)}\n`);
} finally {
  await emulator.close();
}
process.exit(0);
