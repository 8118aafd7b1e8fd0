/**
 * Builds the extension for the e2e suite into its own folder (`.output/e2e-chrome-mv3`), so that a
 * `wxt build` run elsewhere in the checkout (a developer, the demo) never swaps files under a running test.
 */
import { build } from 'wxt';

export const E2E_OUT_DIR_TEMPLATE = 'e2e-{{browser}}-mv{{manifestVersion}}';

await build({ browser: 'chrome', outDirTemplate: E2E_OUT_DIR_TEMPLATE });
