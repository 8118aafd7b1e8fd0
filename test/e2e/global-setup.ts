import { execFileSync } from 'node:child_process';

// The e2e suite always runs against a fresh build of the extension.
export default function globalSetup(): void {
  execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
}
