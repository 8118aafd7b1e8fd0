/**
 * The emulator in a process of its own (`npm run emulator -- --port 0`): sharing one event loop, the
 * benchmark's clients and the service would slow each other.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface EmulatorProcess {
  origin: string;
  baseUrl: string;
  close(): Promise<void>;
}

/** `npm run emulator -- --port 0` in a process of its own; resolves once it listens. */
export function emulatorProcess(): Promise<EmulatorProcess> {
  const child = spawn(resolve('node_modules/.bin/tsx'), ['emulator/main.ts', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((ready, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error('the emulator process did not start'));
      // Two minutes: on a shared machine under heavy load, tsx alone can take most of one.
    }, 120_000);
    child.once('exit', (code) => reject(new Error(`the emulator process exited (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /^listening (\S+)$/m.exec(out);
      if (!listening) return;
      clearTimeout(timer);
      const baseUrl = listening[1]!;
      ready({
        baseUrl,
        origin: new URL(baseUrl).origin,
        async close() {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
