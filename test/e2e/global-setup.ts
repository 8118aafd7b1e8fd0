import { execFileSync } from 'node:child_process';

// The e2e suite always runs against a fresh build of the extension, in a folder of its own
// (see build-extension.ts): another `wxt build` in the checkout cannot swap files under a test.
// `npm test` builds it beside the other stages and says so with E2E_PREBUILT=1: it is not built twice.
export default function globalSetup(): void {
  if (process.env.E2E_PREBUILT === '1') return;
  execFileSync('npx', ['tsx', 'test/e2e/build-extension.ts'], { stdio: 'inherit' });
}
