/**
 * Helpers for the agent tool server's contract tests: the SDK's own OAuth client provider kept in
 * memory, a headless "browser" that answers the sign-in and consent pages by posting their forms
 * (as a person's browser would, cookie included), and an SDK Client signed in as a demo member.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { discoverAuthorizationServerMetadata, registerClient, startAuthorization, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { demoPasswordFor, memberEmailFor } from '../../emulator/seed/workspace';
import { emulatorOrigin } from './harness';

/** The loopback address the agent says it listens on for the redirect (never called: the test reads the Location). */
export const REDIRECT_URI = 'http://127.0.0.1:33418/callback';

export function mcpUrl(origin = emulatorOrigin()): string {
  return `${origin}/mcp`;
}

export interface DemoMember {
  email: string;
  password: string;
}

/** A demo member's sign-in (the seed's rule; the emulator prints the same at start). */
export function demoMember(workspaceLabel: string, name: string): DemoMember {
  const email = memberEmailFor(workspaceLabel, name);
  return { email, password: demoPasswordFor(email) };
}

export const PRO_MEMBER = demoMember('demo-pro', 'Sam Rivera');
export const STARTER_MEMBER = demoMember('demo-starter', 'Morgan Lee');

export const CLIENT_METADATA: OAuthClientMetadata = {
  client_name: 'Contract test agent',
  redirect_uris: [REDIRECT_URI],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
};

/** The SDK's OAuthClientProvider, in memory: it records the authorization URL it is sent to. */
export class MemoryOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  readonly redirectUrl = REDIRECT_URI;
  readonly clientMetadata = CLIENT_METADATA;
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

export interface BrowserOutcome {
  /** The last answer's status (303 when sent back to the client). */
  status: number;
  /** Where the browser is sent back to, when it is. */
  location?: URL;
  /** The last page's HTML, when there is one. */
  html?: string;
  /** The sign-in page's HTML (checked for its form). */
  signInHtml: string;
  consentHtml?: string;
}

function hiddenRequestId(html: string): string {
  const id = /name="request" value="([^"]+)"/.exec(html)?.[1];
  if (!id) throw new Error(`no pending request in the page: ${html.slice(0, 300)}`);
  return id;
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

/**
 * What a person's browser does with the authorization URL: opens the sign-in page, posts the email
 * and password, then presses Allow (or Deny) on the consent page, carrying the cookie sign-in set.
 */
export async function answerInBrowser(authorizationUrl: URL, who: DemoMember, decision: 'allow' | 'deny' | 'none' = 'allow'): Promise<BrowserOutcome> {
  const page = await fetch(authorizationUrl, { redirect: 'manual' });
  const signInHtml = await page.text();
  if (page.status !== 200) return { status: page.status, signInHtml, html: signInHtml, ...locationOf(page) };
  const origin = authorizationUrl.origin;
  const signedIn = await fetch(`${origin}/oauth/sign-in`, form({ request: hiddenRequestId(signInHtml), email: who.email, password: who.password }));
  const consentHtml = await signedIn.text();
  if (signedIn.status !== 200 || decision === 'none') return { status: signedIn.status, signInHtml, html: consentHtml, consentHtml, ...locationOf(signedIn) };
  const cookie = signedIn.headers.get('set-cookie')?.split(';')[0] ?? '';
  const answered = await fetch(`${origin}/oauth/consent`, {
    ...form({ request: hiddenRequestId(consentHtml), decision }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  });
  return { status: answered.status, signInHtml, consentHtml, html: await answered.text(), ...locationOf(answered) };
}

function locationOf(res: Response): { location?: URL } {
  const l = res.headers.get('location');
  return l ? { location: new URL(l) } : {};
}

/** The code the browser was sent back with (fails the test with what came back instead). */
export function codeOf(outcome: BrowserOutcome): string {
  const code = outcome.location?.searchParams.get('code');
  if (!code) throw new Error(`no code: ${outcome.status} ${outcome.location?.href ?? outcome.html?.slice(0, 300)}`);
  return code;
}

/**
 * An SDK Client signed in as `who`, the way a desktop agent does it: connect (401), discovery and
 * registration by the SDK, the browser step, `finishAuth` with the code, then connect again.
 */
export async function signedInClient(who: DemoMember = PRO_MEMBER, url = mcpUrl()): Promise<{ client: Client; provider: MemoryOAuthProvider }> {
  const provider = new MemoryOAuthProvider();
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  const probe = new Client({ name: 'contract-test-agent', version: '1.0.0' });
  await probe.connect(first).then(
    () => {
      throw new Error('connected without signing in');
    },
    (err: unknown) => {
      if (!(err instanceof UnauthorizedError)) throw err;
    },
  );
  if (!provider.authorizationUrl) throw new Error('the SDK did not start an authorization');
  await first.finishAuth(codeOf(await answerInBrowser(provider.authorizationUrl, who)));
  const client = new Client({ name: 'contract-test-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  return { client, provider };
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
