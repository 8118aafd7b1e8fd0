import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['lib/**/*.test.{ts,tsx}', 'components/**/*.test.{ts,tsx}', 'emulator/**/*.test.ts', 'test/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['fake-indexeddb/auto'],
          environment: 'node',
          // A hang guard, not a speed check: a few tests run ESLint or thousands of fake-clock steps,
          // and vitest's 5 s default was hit on a busy two-core machine.
          testTimeout: 20_000,
          // The files share their workers' modules instead of importing everything afresh per file:
          // 73-100 s against 317-730 s at load 20 (imports and environments were three quarters of
          // it). No unit test leans on another's module state: all pass, in any file order (shuffled).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['test/contract/**/*.test.ts'],
          setupFiles: ['fake-indexeddb/auto'],
          globalSetup: ['test/contract/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One emulator per run: files share it and reset it, so they must not interleave.
          fileParallelism: false,
          // As the e2e suites (playwright.config.ts): under CI a test that fails is run once more and,
          // if it passes, is named as flaky by `npm test`, so that one slow moment of a loaded machine
          // does not throw a session's work away while the flake stays in view.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
