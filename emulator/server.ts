/**
 * startEmulator: the emulator on 127.0.0.1 (port 0 picks a free one), used by `npm run emulator`,
 * the contract tests, the e2e tests, the demo and the benchmarks. Plain HTTP/1.1 by default; with
 * `tls`, HTTPS with HTTP/2 (and HTTP/1.1 for clients that do not speak it), as the real service.
 */
import { createSecureServer } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { EmulatorCore } from './core';
import type { Dialect } from './http/dialect';
import { MCP_PATH, memberSignIns } from './mcp/index';
import type { SeedName } from './model';
import { buildSeed } from './seed/index';
import { makeSelfSignedCertificate } from './tls';

export interface StartOptions {
  port?: number;
  seed?: SeedName;
  leads?: number;
  dataFile?: string;
  /** No console output (the CLI prints the lines of the contract itself). */
  quiet?: boolean;
  /** `variants`: the answers in the other shapes the real service sends (`http/dialect.ts`). */
  dialect?: Dialect;
  /**
   * HTTPS and HTTP/2 (`allowHTTP1`) with a self-signed certificate made at start (`tls.ts`, needs
   * openssl): the API, the control API and the look-alike site. Browsers must be told to accept it.
   */
  tls?: boolean;
}

export interface RunningEmulator {
  /** `http://127.0.0.1:PORT` (`https://` with `tls`) */
  origin: string;
  /** origin + `/flow` */
  baseUrl: string;
  /**
   * With `tls`: the same emulator over plain HTTP on a port of its own, for Node tools that do not
   * trust its certificate (the benchmark's control calls). Else `origin`.
   */
  plainOrigin: string;
  /** With `tls`: the certificate (PEM), for a Node client that should trust it (`ca`). */
  certificate?: string;
  workspaces: { id: string; name: string; plan: string; apiKey: string }[];
  /** The agent tool server (MCP over Streamable HTTP): origin + `/mcp`. */
  mcpUrl: string;
  /** Who can sign in to it: each member's demo email and password. */
  members: { workspace: string; email: string; password: string }[];
  close(): Promise<void>;
}

export const EMULATOR_HOST = '127.0.0.1';

export async function startEmulator(opts: StartOptions = {}): Promise<RunningEmulator> {
  // First: without openssl, nothing is started.
  const tls = opts.tls ? makeSelfSignedCertificate() : null;
  const core = new EmulatorCore({
    seed: opts.seed ?? 'demo',
    leads: opts.leads,
    dataFile: opts.dataFile,
    buildSeed,
    ...(opts.dialect ? { dialect: opts.dialect } : {}),
  });
  const app = createApp(core);
  const listen = (credentials: typeof tls, port: number) =>
    new Promise<{ server: ServerType; port: number; sockets: Set<Socket> }>((resolve, reject) => {
      // An HTTP/2 server has no closeAllConnections: its sockets are closed one by one.
      const sockets = new Set<Socket>();
      const s = serve(
        {
          fetch: app.fetch,
          hostname: EMULATOR_HOST,
          port,
          ...(credentials ? { createServer: createSecureServer, serverOptions: { ...credentials, allowHTTP1: true } } : {}),
        },
        () => resolve({ server: s, port: (s.address() as AddressInfo).port, sockets }),
      );
      s.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
      s.once('error', reject);
    });
  const main = await listen(tls, opts.port ?? 0);
  const plain = tls ? await listen(null, 0) : null;
  const origin = `${tls ? 'https' : 'http'}://${EMULATOR_HOST}:${main.port}`;
  let closed = false;
  const stop = (l: { server: ServerType; sockets: Set<Socket> }) =>
    new Promise<void>((resolve) => {
      const http = l.server as import('node:http').Server;
      http.closeAllConnections?.();
      for (const socket of l.sockets) socket.destroy();
      http.close(() => resolve());
    });
  return {
    origin,
    baseUrl: `${origin}/flow`,
    plainOrigin: plain ? `http://${EMULATOR_HOST}:${plain.port}` : origin,
    ...(tls ? { certificate: tls.cert } : {}),
    workspaces: core.workspaceList(),
    mcpUrl: `${origin}${MCP_PATH}`,
    members: memberSignIns(core),
    async close() {
      if (closed) return;
      closed = true;
      core.close();
      await core.flush();
      await Promise.all([main, ...(plain ? [plain] : [])].map(stop));
    },
  };
}
