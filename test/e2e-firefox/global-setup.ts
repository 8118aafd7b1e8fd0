import { execFileSync } from 'node:child_process';

// The Firefox suite runs against a fresh Firefox build in a folder of its own (build-extension.ts).
// `npm test` builds it once, for web-ext lint and this suite, and says so with E2E_PREBUILT=1.
export default function globalSetup(): void {
  if (process.env.E2E_PREBUILT === '1') return;
  execFileSync('npx', ['tsx', 'test/e2e/build-extension.ts', 'firefox'], { stdio: 'inherit' });
}
