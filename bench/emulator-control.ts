/** The emulator's control API as the benchmark uses it (loopback, no key). */
import type { CallRecord } from '../emulator/model';

export interface Workspace {
  id: string;
  name: string;
  plan: string;
  apiKey: string;
}

/** One row of `GET /_emulator/calls`: the emulator's own record type. */
export type EmulatorCall = CallRecord;

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

export async function control<T = unknown>(origin: string, path: string, body: unknown): Promise<T> {
  const r = await fetch(`${origin}/_emulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return json<T>(r, `POST /_emulator/${path}`);
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
  const { calls: list } = await json<{ calls: EmulatorCall[] }>(await fetch(`${origin}/_emulator/calls`), 'GET /_emulator/calls');
  return [...list].reverse();
}

/** A conversation's note as the emulator holds it (null: none). */
export async function noteOf(origin: string, id: string): Promise<string | null> {
  const r = await fetch(`${origin}/_emulator/conversations/${encodeURIComponent(id)}`);
  const body = (await r.json()) as { conversation?: { note?: string | null } };
  return body.conversation?.note ?? null;
}
