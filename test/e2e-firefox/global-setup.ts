import { execFileSync } from 'node:child_process';

// The Firefox suite runs against a fresh Firefox build in a folder of its own (build-extension.ts).
export default function globalSetup(): void {
  execFileSync('npx', ['tsx', 'test/e2e/build-extension.ts', 'firefox'], { stdio: 'inherit' });
}
