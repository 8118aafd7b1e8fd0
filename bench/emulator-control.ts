/**
 * The emulator's control API as the benchmark uses it (loopback, no key). Each control call has a
 * connection of its own: the sections before leave the emulator destroying sockets (dropped-connection
 * faults), and fetch's pool once handed a control call a socket the server had just closed (ECONNRESET:
 * a whole bench run lost). A control call such as a clock step cannot be sent twice blindly.
 */
import { request } from 'node:http';
import type { CallRecord } from '../emulator/model';

export interface Workspace {
  id: string;
  name: string;
  plan: string;
  apiKey: string;
}

/** One row of `GET /_emulator/calls`: the emulator's own record type. */
export type EmulatorCall = CallRecord;

/** One request on a connection of its own (no pool); the answer's JSON. */
function controlRequest<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const what = `${method} ${new URL(url).pathname}`;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const req = request(url, { method, agent: false, headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) reject(new Error(`${what}: HTTP ${status} ${text.slice(0, 200)}`));
        else {
          try {
            resolve(JSON.parse(text) as T);
          } catch (error) {
            reject(new Error(`${what}: not JSON: ${String(error)}`));
          }
        }
      });
      res.on('error', reject);
    });
    req.on('error', (error) => reject(new Error(`${what}: ${error.message}`)));
    req.end(payload);
  });
}

export function control<T = unknown>(origin: string, path: string, body: unknown): Promise<T> {
  return controlRequest<T>('POST', `${origin}/_emulator/${path}`, body);
}

/** Fresh demo world, no faults, empty call history; the workspaces and keys. */
export async function resetDemo(origin: string, leads?: number): Promise<Workspace[]> {
  const { workspaces } = await control<{ workspaces: Workspace[] }>(origin, 'reset', { seed: 'demo', ...(leads ? { leads } : {}) });
  return workspaces;
}

export function proWorkspace(workspaces: Workspace[]): Workspace {
  const pro = workspaces.find((w) => w.name === 'demo-pro') ?? workspaces.find((w) => w.plan === 'PRO');
  if (!pro) throw new Error('the demo seed has no Pro workspace');
  return pro;
}

/** The call history, oldest first. */
export async function calls(origin: string): Promise<EmulatorCall[]> {
  const { calls: list } = await controlRequest<{ calls: EmulatorCall[] }>('GET', `${origin}/_emulator/calls`);
  return [...list].reverse();
}

/** A conversation's note as the emulator holds it (null: none). */
export async function noteOf(origin: string, id: string): Promise<string | null> {
  const r = await fetch(`${origin}/_emulator/conversations/${encodeURIComponent(id)}`);
  const body = (await r.json()) as { conversation?: { note?: string | null } };
  return body.conversation?.note ?? null;
}
