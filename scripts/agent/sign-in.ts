/**
 * An agent's sign-in to the emulator's tool server, headless: the MCP SDK's own OAuth client
 * provider kept in memory, a "browser" that answers the sign-in and consent pages by posting their
 * forms (cookie included, as a person's browser would), and an SDK Client signed in as a member.
 * Used by the contract tests and by `npm run agent-demo`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** The loopback address the agent says it listens on for the redirect (never called: the Location is read). */
export const REDIRECT_URI = 'http://127.0.0.1:33418/callback';

export interface MemberSignIn {
  email: string;
  password: string;
}

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
  constructor(readonly clientMetadata: OAuthClientMetadata = CLIENT_METADATA) {}
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

/** A form post as a browser sends it, redirects not followed (the test reads them). */
export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

/**
 * What a person's browser does with the authorization URL: opens the sign-in page, posts the email
 * and password, then presses Allow (or Deny) on the consent page, carrying the cookie sign-in set.
 */
export async function answerInBrowser(authorizationUrl: URL, who: MemberSignIn, decision: 'allow' | 'deny' | 'none' = 'allow'): Promise<BrowserOutcome> {
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
 * `log` hears each step.
 */
export async function signedInClient(
  who: MemberSignIn,
  url: string,
  log: (step: string) => void = () => {},
  clientInfo = { name: 'Outreach agent demo', version: '1.0.0' },
): Promise<{ client: Client; provider: MemoryOAuthProvider }> {
  const provider = new MemoryOAuthProvider({ ...CLIENT_METADATA, client_name: clientInfo.name });
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  const probe = new Client(clientInfo);
  await probe.connect(first).then(
    () => {
      throw new Error('connected without signing in');
    },
    (err: unknown) => {
      if (!(err instanceof UnauthorizedError)) throw err;
    },
  );
  if (!provider.authorizationUrl) throw new Error('the SDK did not start an authorization');
  const registered = provider.client?.client_id ?? '?';
  log(`401 from ${url}; the SDK read the resource and authorization server metadata, registered client ${registered}, and sent the browser to ${provider.authorizationUrl.origin}${provider.authorizationUrl.pathname}`);
  const outcome = await answerInBrowser(provider.authorizationUrl, who);
  log(`sign-in page, then consent page ("${/<h1>([^<]*)<\/h1>/.exec(outcome.consentHtml ?? '')?.[1] ?? '?'}"), Allow: ${outcome.status} back to ${outcome.location?.origin}${outcome.location?.pathname} with a code`);
  await first.finishAuth(codeOf(outcome));
  log(`code exchanged with the PKCE verifier: a ${provider.saved?.token_type} access token for ${provider.saved?.expires_in} s and a refresh token`);
  const client = new Client(clientInfo);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  return { client, provider };
}
