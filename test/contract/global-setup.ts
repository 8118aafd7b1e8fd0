/**
 * One emulator for the whole contract project, on a free port; test files share it and reset it
 * (vitest.config.ts runs them one after another). Its origin reaches the tests through `inject`.
 */
import type { TestProject } from 'vitest/node';
import { startEmulator } from '../../emulator/server';

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorOrigin: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startEmulator({ port: 0, seed: 'demo', quiet: true });
  project.provide('emulatorOrigin', emulator.origin);
  return () => emulator.close();
}
