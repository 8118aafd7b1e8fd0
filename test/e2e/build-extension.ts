/**
 * Builds the extension for the e2e suite into its own folder (`.output/e2e-chrome-mv3`), so that a
 * `wxt build` run elsewhere in the checkout (a developer, the demo) never swaps files under a running test.
 *
 * `firefox` (argument): the Firefox add-on, into `.output/e2e-firefox-mv2` (test/e2e-firefox).
 * `previous` (argument): the update test's older version of the extension, into
 * `.output/e2e-previous-chrome-mv3`: this code built with `WXT_PREVIOUS_SCHEMA=1`
 * (lib/store/schema-build.ts: the database and the settings one version behind) and an older
 * manifest version, as the store would have installed it before the update.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'wxt';

export const E2E_OUT_DIR_TEMPLATE = 'e2e-{{browser}}-mv{{manifestVersion}}';
export const E2E_PREVIOUS_OUT_DIR_TEMPLATE = 'e2e-previous-{{browser}}-mv{{manifestVersion}}';
/** The previous build's manifest version: older than package.json's. */
export const PREVIOUS_MANIFEST_VERSION = '0.0.1';

if (process.argv[2] === 'previous') {
  process.env.WXT_PREVIOUS_SCHEMA = '1';
  await build({ browser: 'chrome', outDirTemplate: E2E_PREVIOUS_OUT_DIR_TEMPLATE });
  const manifestPath = resolve('.output/e2e-previous-chrome-mv3/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string };
  writeFileSync(manifestPath, JSON.stringify({ ...manifest, version: PREVIOUS_MANIFEST_VERSION }));
} else if (process.argv[2] === 'firefox') {
  // The Firefox suite's add-on (test/e2e-firefox): `.output/e2e-firefox-mv2`.
  await build({ browser: 'firefox', outDirTemplate: E2E_OUT_DIR_TEMPLATE });
} else {
  await build({ browser: 'chrome', outDirTemplate: E2E_OUT_DIR_TEMPLATE });
}
