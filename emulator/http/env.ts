/**
 * The Hono environments: the Node bindings everywhere, and on the `/flow` API the variables its
 * middleware hand down the chain (see http/endpoint.ts for the order).
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import type { WorkspaceStore } from '../store';

export type AppEnv = { Bindings: HttpBindings };
export type App = Hono<AppEnv>;

export interface ApiVariables {
  /** When the call counts: the rate limiter takes its slot at this instant and the call history shows it. */
  at: number;
  /** The key presented, once known (the rate limit is per key). */
  apiKey?: string;
  /** The key's workspace, once known. */
  workspace?: WorkspaceStore;
  /** The connection was dropped by an injected fault: the call history records status 0. */
  dropped?: boolean;
  /** A dropped mutation the service went on with (`lateApplyMs`): the history says what became of it. */
  lateApplied?: boolean;
  /** A mutation applied (with this status) and then answered 502 by an injected fault (`applyThenFailRate`). */
  appliedThenFailed?: number;
  /** The call history's summary of a served call. */
  summary?: string;
}

export type ApiEnv = { Bindings: HttpBindings; Variables: ApiVariables };
export type Api = Hono<ApiEnv>;

/** The workspace the key middleware found (it runs before every step that asks). */
export function workspaceOf(c: Context<ApiEnv>): WorkspaceStore {
  const ws = c.get('workspace');
  if (!ws) throw new Error('no workspace: the key middleware must run first');
  return ws;
}
