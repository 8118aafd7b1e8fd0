/**
 * Helpers for the agent tool server's contract tests: the demo members' sign-ins, the headless
 * sign-in of scripts/agent/sign-in.ts against the test emulator, and raw OAuth and MCP requests
 * for the refusal tests.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { discoverAuthorizationServerMetadata, registerClient, startAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import { demoPasswordFor, memberEmailFor } from '../../emulator/seed/workspace';
import { CLIENT_METADATA, form, REDIRECT_URI, signedInClient as signIn, type MemberSignIn, type MemoryOAuthProvider } from '../../scripts/agent/sign-in';
import { emulatorOrigin } from './harness';

export { answerInBrowser, CLIENT_METADATA, codeOf, form, REDIRECT_URI, type MemoryOAuthProvider } from '../../scripts/agent/sign-in';

export function mcpUrl(origin = emulatorOrigin()): string {
  return `${origin}/mcp`;
}

/** A demo member's sign-in (the seed's rule; the emulator prints the same at start). */
export function demoMember(workspaceLabel: string, name: string): MemberSignIn {
  const email = memberEmailFor(workspaceLabel, name);
  return { email, password: demoPasswordFor(email) };
}

export const PRO_MEMBER = demoMember('demo-pro', 'Sam Rivera');
export const STARTER_MEMBER = demoMember('demo-starter', 'Morgan Lee');

/** An SDK Client signed in to the test emulator's tool server. */
export function signedInClient(who: MemberSignIn = PRO_MEMBER, url = mcpUrl()): Promise<{ client: Client; provider: MemoryOAuthProvider }> {
  return signIn(who, url, () => {}, { name: 'contract-test-agent', version: '1.0.0' });
}

/** A registered client and an authorization URL made by the SDK's own functions, for the refusal tests. */
export async function startRawAuthorization(origin = emulatorOrigin(), resource = mcpUrl(origin)): Promise<{ clientId: string; authorizationUrl: URL; codeVerifier: string }> {
  const metadata = await discoverAuthorizationServerMetadata(origin);
  const info = await registerClient(origin, { metadata, clientMetadata: CLIENT_METADATA });
  const { authorizationUrl, codeVerifier } = await startAuthorization(origin, { metadata, clientInformation: info, redirectUrl: REDIRECT_URI, resource: new URL(resource) });
  return { clientId: info.client_id, authorizationUrl, codeVerifier };
}

/** A token request as the SDK sends it (form-encoded), answered raw: status and OAuth body. */
export async function tokenRequest(fields: Record<string, string>, origin = emulatorOrigin()): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${origin}/oauth/token`, { ...form(fields) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A raw MCP call (initialize) with a given Authorization header. */
export async function rawMcp(authorization?: string, url = mcpUrl(), protocolVersion = '2025-06-18'): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
}
