/**
 * The service's AI-agent tool server (spec §5.6), in the emulator's process: MCP over Streamable
 * HTTP at `/mcp`, OAuth sign-in by a workspace member (the authorization server at the same origin).
 * Tools reach the data only through the API (`dispatch`), so its rules, rate limit and call history
 * hold for agents too. Sign-in, tokens and clients live in memory: a restart signs agents out.
 */
import type { Hono } from 'hono';
import type { EmulatorCore } from '../core';
import type { MemberRecord } from '../model';
import { Authority } from './authority';
import { registerOAuthRoutes } from './oauth-routes';
import { registerToolServer } from './tool-server';
import type { Dispatch } from './tools';

export { MCP_PATH } from './oauth-routes';

/** The members who can sign in, with their demo credentials (printed at start, like the keys). */
export function memberSignIns(core: EmulatorCore): { workspace: string; email: string; password: string }[] {
  return core.store.workspaces.flatMap((ws) =>
    ws.data.members.filter((m): m is MemberRecord & { email: string; password: string } => !!m.email && !!m.password).map((m) => ({ workspace: ws.data.name, email: m.email, password: m.password })),
  );
}

export function registerMcp(app: Hono, core: EmulatorCore, dispatch: Dispatch): void {
  const workspaceById = (id: string) => core.store.workspaceById(id);
  const authority = new Authority({
    now: () => core.now(),
    findMember: (email) => {
      for (const ws of core.store.workspaces) {
        const member = ws.data.members.find((m) => m.email?.toLowerCase() === email);
        if (member) return { ws, member };
      }
      return undefined;
    },
  });
  registerOAuthRoutes(app, authority, workspaceById);
  registerToolServer(app, { authority, workspaceById, isApiKey: (value) => core.store.workspaceByKey(value) !== undefined, dispatch });
}
