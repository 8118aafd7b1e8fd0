/**
 * `npx tsx bench/fresh-browser.ts [runs] [otherBuildDir]`: the lists bench's lone fresh browser
 * (`freshBrowserFirstPage`), this build and, beside it in the same run, another one (the limiter
 * before issue 25): each run a new browser, the key tested, a panel opened, then a results page.
 */
import { startEmulator } from '../emulator/server';
import { E2E_EXTENSION_DIR } from '../test/e2e/browser';
import { freshBrowserFirstPage } from './first-page';
import { currentLoad } from './load';

const [runsArg, other] = process.argv.slice(2);
const runs = Number(runsArg ?? 4);
const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true });
const log = (line: string) => console.log(line);
try {
  console.log(`load ${currentLoad()}`);
  for (let i = 0; i < runs; i++) {
    // Alternating, one browser each, so that the machine's load falls on both alike.
    const mine = await freshBrowserFirstPage(emulator, { runs: 1, latencyMs: 80, extensionDir: process.env.BENCH_EXTENSION_DIR ?? E2E_EXTENSION_DIR, log });
    console.log(`this build: ${mine.values.join(', ')} ms`);
    if (other) {
      const before = await freshBrowserFirstPage(emulator, { runs: 1, latencyMs: 80, extensionDir: other, log });
      console.log(`other build: ${before.values.join(', ')} ms`);
    }
  }
  console.log(`load ${currentLoad()}`);
} finally {
  await emulator.close();
}
process.exit(0);
