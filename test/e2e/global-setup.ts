import { execFileSync } from 'node:child_process';

// The e2e suite always runs against a fresh build of the extension, in a folder of its own
// (see build-extension.ts): another `wxt build` in the checkout cannot swap files under a test.
export default function globalSetup(): void {
  execFileSync('npx', ['tsx', 'test/e2e/build-extension.ts'], { stdio: 'inherit' });
}
