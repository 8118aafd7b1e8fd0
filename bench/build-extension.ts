/**
 * `tsx bench/build-extension.ts zip|maps <outDir>`: the builds `bench/sizes.ts` measures, run in a
 * process of their own so that WXT's progress output stays out of the benchmark's. `zip`: the store
 * zip for Chrome (and its build folder) under `<outDir>`; `maps`: a build with source maps.
 */
import { build, zip } from 'wxt';

const [what, outDir] = process.argv.slice(2);
if (!outDir || (what !== 'zip' && what !== 'maps')) {
  console.error('usage: tsx bench/build-extension.ts zip|maps <outDir>');
  process.exit(2);
}
if (what === 'zip') {
  const [file] = await zip({ browser: 'chrome', outDir });
  // The last line names the zip for the caller.
  console.log(`\nzip ${file ?? ''}`);
} else {
  await build({ browser: 'chrome', outDir, vite: () => ({ build: { sourcemap: true } }) });
}
