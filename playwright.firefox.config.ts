import { defineConfig } from '@playwright/test';

// The Firefox e2e suite: Debian's firefox-esr with the add-on (.output/e2e-firefox-mv2) installed as
// a temporary add-on, driven over WebDriver BiDi (test/e2e-firefox/firefox.ts). Playwright is only the
// runner here. One worker: a Firefox start is dear, and one browser serves every test of the worker.
export default defineConfig({
  testDir: 'test/e2e-firefox',
  testMatch: '**/*.firefox.ts',
  globalSetup: './test/e2e-firefox/global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  // Not the Chromium suite's folder: `npm test` runs both suites at once, and a run empties its
  // output folder as it starts (the Chromium tests lost their traces mid-write, and failed on it).
  outputDir: 'test-results-firefox',
});
