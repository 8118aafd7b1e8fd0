/**
 * startEmulator: the emulator on 127.0.0.1 (port 0 picks a free one), used by `npm run emulator`,
 * the contract tests, the e2e tests, the demo and the benchmarks.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { EmulatorCore } from './core';
import type { Dialect } from './http/dialect';
import type { SeedName } from './model';
import { buildSeed } from './seed/index';

export interface StartOptions {
  port?: number;
  seed?: SeedName;
  leads?: number;
  dataFile?: string;
  /** No console output (the CLI prints the lines of the contract itself). */
  quiet?: boolean;
  /** `variants`: the answers in the other shapes the real service sends (`http/dialect.ts`). */
  dialect?: Dialect;
}

export interface RunningEmulator {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** origin + `/flow` */
  baseUrl: string;
  workspaces: { id: string; name: string; plan: string; apiKey: string }[];
  close(): Promise<void>;
}

export const EMULATOR_HOST = '127.0.0.1';

export async function startEmulator(opts: StartOptions = {}): Promise<RunningEmulator> {
  const core = new EmulatorCore({
    seed: opts.seed ?? 'demo',
    leads: opts.leads,
    dataFile: opts.dataFile,
    buildSeed,
    ...(opts.dialect ? { dialect: opts.dialect } : {}),
  });
  const app = createApp(core);
  const server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: EMULATOR_HOST, port: opts.port ?? 0 }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${EMULATOR_HOST}:${port}`;
  let closed = false;
  return {
    origin,
    baseUrl: `${origin}/flow`,
    workspaces: core.workspaceList(),
    async close() {
      if (closed) return;
      closed = true;
      core.close();
      await core.flush();
      await new Promise<void>((resolve) => {
        const http = server as import('node:http').Server;
        http.closeAllConnections?.();
        http.close(() => resolve());
      });
    },
  };
}
