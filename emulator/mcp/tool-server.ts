/**
 * The MCP endpoint: Streamable HTTP (stateless, JSON answers) through @hono/mcp's transport, one
 * SDK McpServer per request, behind a bearer check that takes OAuth access tokens only (RFC 6750:
 * 401 with `WWW-Authenticate: Bearer ... resource_metadata=...`; never the API key).
 */
import { StreamableHTTPTransport } from '@hono/mcp';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { WorkspaceStore } from '../store';
import { MCP_PATH, resourceOf } from './oauth-routes';
import { registerTools, type Dispatch } from './tools';
import type { Authority } from './authority';

export const SERVER_INFO = { name: 'outreach-service-emulator', version: '1.0.0' } as const;

type McpEnv = { Variables: { auth: AuthInfo; workspace: WorkspaceStore } };

function unauthorized(c: Context, description: string, error?: 'invalid_token' | 'invalid_request'): Response {
  const metadata = `${new URL(c.req.url).origin}/.well-known/oauth-protected-resource`;
  // RFC 6750 §3.1: no error code when the request carried no credentials at all.
  const params = [error ? `error="${error}"` : '', error ? `error_description="${description.replace(/"/g, "'")}"` : '', `resource_metadata="${metadata}"`].filter(Boolean);
  c.header('WWW-Authenticate', `Bearer ${params.join(', ')}`);
  c.header('Cache-Control', 'no-store');
  return c.json({ error: error ?? 'invalid_token', error_description: description }, 401);
}

/** The access token's grant, checked against this resource and a workspace that still exists. */
function bearer(authority: Authority, workspaceById: (id: string) => WorkspaceStore | undefined, isApiKey: (value: string) => boolean) {
  return createMiddleware<McpEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) return unauthorized(c, 'This server needs an OAuth access token (Authorization: Bearer); sign in through OAuth.');
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    if (!token) return unauthorized(c, 'The Authorization header must be: Bearer <access token>.', 'invalid_request');
    if (isApiKey(token)) return unauthorized(c, 'The API key is not accepted here: sign in through OAuth.', 'invalid_token');
    let auth: AuthInfo;
    try {
      auth = authority.verifyAccessToken(token);
    } catch (err) {
      return unauthorized(c, err instanceof OAuthError ? err.message : 'The access token is not valid.', 'invalid_token');
    }
    if (auth.resource?.href !== resourceOf(c)) return unauthorized(c, 'The access token was issued for another resource.', 'invalid_token');
    const ws = workspaceById(String(auth.extra?.workspaceId));
    if (!ws?.members.has(String(auth.extra?.memberId))) return unauthorized(c, 'The member of this sign-in is no longer in its workspace.', 'invalid_token');
    c.set('auth', auth);
    c.set('workspace', ws);
    await next();
    return undefined;
  });
}

export function registerToolServer(
  app: Hono,
  deps: { authority: Authority; workspaceById: (id: string) => WorkspaceStore | undefined; isApiKey: (value: string) => boolean; dispatch: Dispatch },
): void {
  const mcp = app as unknown as Hono<McpEnv>;
  mcp.use(
    MCP_PATH,
    cors({
      origin: '*',
      allowMethods: ['POST', 'GET', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'mcp-protocol-version', 'mcp-session-id', 'Last-Event-ID'],
      exposeHeaders: ['WWW-Authenticate', 'mcp-session-id', 'mcp-protocol-version'],
    }),
  );
  mcp.use(MCP_PATH, bearer(deps.authority, deps.workspaceById, deps.isApiKey));
  mcp.post(MCP_PATH, async (c) => {
    // Stateless: a server and a transport for this request alone, speaking for the token's workspace.
    const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} } });
    const ws = c.get('workspace');
    registerTools(server, deps.dispatch, () => ws.data.apiKey);
    const transport = new StreamableHTTPTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    return transport.handleRequest(c);
  });
  // No server-initiated stream and no session to end in the stateless mode (the SDK client expects 405).
  mcp.on(['GET', 'DELETE'], MCP_PATH, (c) => {
    c.header('Allow', 'POST');
    return c.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless; POST JSON-RPC messages.' }, id: null }, 405);
  });
}
