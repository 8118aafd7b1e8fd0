import { defineConfig } from '@playwright/test';

// The Firefox e2e suite: Debian's firefox-esr with the add-on (.output/e2e-firefox-mv2) installed as
// a temporary add-on, driven over WebDriver BiDi (test/e2e-firefox/firefox.ts). Playwright is only the
// runner here. One worker: a Firefox start is dear, and one browser serves every test of the worker.
export default defineConfig({
  testDir: 'test/e2e-firefox',
  testMatch: '**/*.firefox.ts',
  globalSetup: './test/e2e-firefox/global-setup.ts',
  workers: 1,
  // CI runs the suites side by side on two cores (load 8-11): a test that fails once there is run once more,
  // and the run reports it as flaky (npm test names them). Each of five clean-clone runs had one or two such.
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  // Not the Chromium suite's folder: `npm test` runs both suites at once, and a run empties its
  // output folder as it starts (the Chromium tests lost their traces mid-write, and failed on it).
  outputDir: 'test-results-firefox',
});
