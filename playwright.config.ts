import { defineConfig } from '@playwright/test';

// The e2e suite drives Debian Chromium with the built extension (.output/chrome-mv3) against an
// in-process emulator; each worker owns one browser and one emulator (see test/e2e/fixtures.ts).
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './test/e2e/global-setup.ts',
  // Two workers, CI included: each owns its browser and emulator, and the files share nothing.
  workers: 2,
  // CI runs the suites side by side on two cores (load 8-11): a test that fails once there is run once more,
  // and the run reports it as flaky (npm test names them). Each of five clean-clone runs had one or two such.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  // A trace costs every test its screenshots and snapshots (about an eighth of the suite's time on two
  // cores): CI records it for a test's retry only, which is the attempt a flake is read from.
  use: { trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure' },
});
