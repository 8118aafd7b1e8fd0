/**
 * Spec §5: the key travels as `Authorization: Bearer <key>` (recommended), `x-api-key: <key>`, or
 * the deprecated query parameter `apikey=<key>`, which still works and makes the response carry
 * `Deprecation: true`. Headers win over the query string.
 */
import { createMiddleware } from 'hono/factory';
import type { EmulatorCore } from '../core';
import type { ApiEnv } from './env';
import { HttpError } from './errors';
import { WORKSPACE_HEADER } from '../../lib/api/schemas/agent';
import type { WorkspaceStore } from '../store';

export type KeyForm = 'bearer' | 'x-api-key' | 'query';

export interface PresentedKey {
  key: string;
  form: KeyForm;
}

export function presentedKey(headers: Headers, url: URL): PresentedKey | null {
  const auth = headers.get('authorization');
  if (auth) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (m?.[1]) return { key: m[1], form: 'bearer' };
  }
  const header = headers.get('x-api-key')?.trim();
  if (header) return { key: header, form: 'x-api-key' };
  const query = url.searchParams.get('apikey')?.trim();
  if (query) return { key: query, form: 'query' };
  return null;
}

/**
 * The workspace a call acts on: the key's own, or another of its account named by the
 * `X-Workspace` header (spec/real-clients.md #5); 403 when the account holds no such workspace.
 */
export function actingWorkspace(core: EmulatorCore, own: WorkspaceStore, named: string | undefined): WorkspaceStore {
  const id = named?.trim();
  if (!id || id === own.id) return own;
  const other = core.store.workspaceById(id);
  if (!other || own.data.accountId === undefined || other.data.accountId !== own.data.accountId) {
    throw new HttpError(403, `This key's account has no workspace ${id.slice(0, 64)}.`, { field: WORKSPACE_HEADER });
  }
  return other;
}

/**
 * The key middleware: 401 without a key or with an unknown one; the key and its workspace go down
 * the chain. A key in the query string still works and marks the answer `Deprecation: true`.
 */
export function requireKey(core: EmulatorCore) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const presented = presentedKey(c.req.raw.headers, new URL(c.req.url));
    if (presented?.form === 'query') c.header('Deprecation', 'true');
    if (!presented) throw new HttpError(401, 'Missing API key: send it as Authorization: Bearer <key>.');
    const own = core.store.workspaceByKey(presented.key);
    if (!own) throw new HttpError(401, 'Unknown API key.');
    c.set('apiKey', presented.key);
    c.set('workspace', actingWorkspace(core, own, c.req.header(WORKSPACE_HEADER)));
    await next();
  });
}
