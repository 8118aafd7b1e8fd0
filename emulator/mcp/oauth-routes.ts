/**
 * The authorization server over HTTP, at the emulator's origin (the issuer): RFC 8414 metadata,
 * RFC 7591 registration, the authorization endpoint with its sign-in and consent pages, the token
 * endpoint (code with PKCE S256, refresh) and RFC 7009 revocation. The request checks and OAuth error
 * bodies of authorize, register and token are @hono/mcp's handlers; the rules are authority.ts.
 */
import { authenticateClient, authorizeHandler, clientRegistrationHandler, tokenHandler, type ClientAuthenticationEnv } from '@hono/mcp/auth';
import { InvalidRequestError, InvalidTargetError, OAuthError, ServerError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { OAuthClientInformationFull, OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { cors } from 'hono/cors';
import { planRefusal } from '../http/plan';
import type { WorkspaceStore } from '../store';
import { Authority, PENDING_TTL_MS, type PendingAuthorization } from './authority';
import { consentPage, messagePage, signInPage } from './pages';

export const MCP_PATH = '/mcp';
const BINDING_COOKIE = 'mcp_sign_in';

export const OAUTH_PATHS = {
  authorize: '/oauth/authorize',
  signIn: '/oauth/sign-in',
  consent: '/oauth/consent',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
} as const;

function originOf(c: Context): string {
  return new URL(c.req.url).origin;
}

/** The MCP server's URL at the origin the caller used: the resource a token is for (RFC 8707). */
export function resourceOf(c: Context): string {
  return `${originOf(c)}${MCP_PATH}`;
}

/** RFC 8414 metadata: the issuer is the emulator's origin. */
export function authorizationServerMetadata(origin: string): OAuthMetadata {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${origin}${OAUTH_PATHS.token}`,
    registration_endpoint: `${origin}${OAUTH_PATHS.register}`,
    revocation_endpoint: `${origin}${OAUTH_PATHS.revoke}`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
  };
}

/** RFC 9728 metadata of the MCP server. */
export function protectedResourceMetadata(origin: string): OAuthProtectedResourceMetadata {
  return {
    resource: `${origin}${MCP_PATH}`,
    authorization_servers: [origin],
    bearer_methods_supported: ['header'],
    resource_name: 'Outreach service (emulator) agent tool server',
  };
}

/** The pages are the service's own: not framed, not cached, no referrer. */
function pageHeaders(c: Context): void {
  c.header('Cache-Control', 'no-store');
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'");
}

/** Back to the client with the outcome, as RFC 6749 §4.1.2 says (303: the browser follows with GET). */
function backToClient(c: Context, p: PendingAuthorization, outcome: Record<string, string>): Response {
  const url = new URL(p.redirectUri);
  for (const [k, v] of Object.entries(outcome)) url.searchParams.set(k, v);
  if (p.state !== undefined) url.searchParams.set('state', p.state);
  return c.redirect(url.href, 303);
}

function clientName(client: OAuthClientInformationFull | undefined): string {
  return client?.client_name?.trim() || client?.client_id || 'An application';
}

function formField(form: Record<string, unknown>, name: string): string {
  const v = form[name];
  return typeof v === 'string' ? v : '';
}

export function registerOAuthRoutes(app: Hono, authority: Authority, workspaceById: (id: string) => WorkspaceStore | undefined): void {
  const provider: OAuthServerProvider = {
    clientsStore: {
      getClient: async (id) => authority.getClient(id),
      registerClient: async (client) => authority.registerClient(client as OAuthClientInformationFull),
    },
    // @hono/mcp hands its Hono context where the SDK's type says an Express response.
    authorize: async (client, params, res) => {
      const c = res as unknown as Context;
      const resource = resourceOf(c);
      if (params.resource && params.resource.href !== resource) {
        throw new InvalidTargetError(`This server issues tokens for ${resource} only.`);
      }
      const request = authority.startAuthorization({
        clientId: client.client_id,
        redirectUri: params.redirectUri,
        codeChallenge: params.codeChallenge,
        state: params.state,
        resource,
      });
      pageHeaders(c);
      c.res = c.html(signInPage({ requestId: request.id, clientName: clientName(client) }));
    },
    challengeForAuthorizationCode: async (client, code) => authority.challengeFor(client.client_id, code),
    exchangeAuthorizationCode: async (client, code, _verifier, redirectUri, resource) => authority.exchangeCode(client.client_id, code, redirectUri, resource?.href),
    exchangeRefreshToken: async (client, refreshToken, _scopes, resource) => authority.exchangeRefresh(client.client_id, refreshToken, resource?.href),
    verifyAccessToken: async (token) => authority.verifyAccessToken(token),
  };

  const apiCors = cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type', 'mcp-protocol-version'], maxAge: 600 });
  app.use('/.well-known/*', apiCors);
  for (const path of [OAUTH_PATHS.token, OAUTH_PATHS.register, OAUTH_PATHS.revoke]) app.use(path, apiCors);

  app.get('/.well-known/oauth-authorization-server', (c) => c.json(authorizationServerMetadata(originOf(c))));
  // RFC 9728 §3.1: the metadata of the resource at /mcp is at the path-inserted URL; the plain one too.
  for (const path of ['/.well-known/oauth-protected-resource', `/.well-known/oauth-protected-resource${MCP_PATH}`]) {
    app.get(path, (c) => c.json(protectedResourceMetadata(originOf(c))));
  }

  app.get(OAUTH_PATHS.authorize, authorizeHandler(provider));
  app.post(OAUTH_PATHS.register, clientRegistrationHandler({ clientsStore: provider.clientsStore }));
  app.post(OAUTH_PATHS.token, authenticateClient({ clientsStore: provider.clientsStore }), tokenHandler(provider));
  app.post(OAUTH_PATHS.revoke, authenticateClient({ clientsStore: provider.clientsStore }), async (c: Context<ClientAuthenticationEnv>) => {
    // RFC 7009: form-encoded, 200 whether or not the token was known.
    c.header('Cache-Control', 'no-store');
    try {
      const token = formField(await c.req.parseBody(), 'token');
      if (!token) throw new InvalidRequestError('token is required.');
      authority.revoke(c.get('client').client_id, token);
      return c.json({});
    } catch (err) {
      const e = err instanceof OAuthError ? err : new ServerError('Internal Server Error');
      return c.json(e.toResponseObject(), e instanceof ServerError ? 500 : 400);
    }
  });

  /** The pending request a form names, or the page that says it is gone. */
  const openRequest = (c: Context, id: string): PendingAuthorization | Response => {
    const request = id ? authority.pendingRequest(id) : undefined;
    if (request) return request;
    pageHeaders(c);
    return c.html(messagePage('Sign-in expired', 'This sign-in request has expired or was already answered. Start again from your application.'), 400);
  };

  app.post(OAUTH_PATHS.signIn, async (c) => {
    const form = await c.req.parseBody();
    const request = openRequest(c, formField(form, 'request'));
    if (request instanceof Response) return request;
    const name = clientName(authority.getClient(request.clientId));
    const email = formField(form, 'email');
    const outcome = authority.signIn(request, email, formField(form, 'password'));
    pageHeaders(c);
    if (!outcome.ok) {
      if (outcome.attemptsLeft <= 0) return backToClient(c, request, { error: 'access_denied', error_description: 'Too many failed sign-ins.' });
      const error = `Wrong email or password (${outcome.attemptsLeft} ${outcome.attemptsLeft === 1 ? 'attempt' : 'attempts'} left).`;
      return c.html(signInPage({ requestId: request.id, clientName: name, email, error }), 401);
    }
    const refusal = planRefusal(outcome.member.ws.data.plan);
    if (refusal) {
      authority.close(request);
      return backToClient(c, request, { error: 'access_denied', error_description: refusal });
    }
    setCookie(c, BINDING_COOKIE, outcome.binding, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/oauth',
      secure: new URL(c.req.url).protocol === 'https:',
      maxAge: PENDING_TTL_MS / 1000,
    });
    return c.html(
      consentPage({
        requestId: request.id,
        clientName: name,
        redirectHost: new URL(request.redirectUri).host,
        memberName: outcome.member.member.name,
        workspaceName: outcome.member.ws.data.name,
      }),
    );
  });

  app.post(OAUTH_PATHS.consent, async (c) => {
    const form = await c.req.parseBody();
    const request = openRequest(c, formField(form, 'request'));
    if (request instanceof Response) return request;
    pageHeaders(c);
    if (!authority.boundToBrowser(request, getCookie(c, BINDING_COOKIE))) {
      return c.html(messagePage('Sign in first', 'This consent does not follow a sign-in in this browser. Start again from your application.'), 403);
    }
    deleteCookie(c, BINDING_COOKIE, { path: '/oauth' });
    const decision = formField(form, 'decision');
    if (decision === 'deny') {
      authority.close(request);
      return backToClient(c, request, { error: 'access_denied', error_description: 'The member denied access.' });
    }
    if (decision !== 'allow') return c.html(messagePage('Choose', 'Choose Allow or Deny.'), 400);
    const who = request.signedIn;
    const ws = who ? workspaceById(who.workspaceId) : undefined;
    const refusal = ws ? planRefusal(ws.data.plan) : 'The workspace of this sign-in no longer exists.';
    if (refusal) {
      authority.close(request);
      return backToClient(c, request, { error: 'access_denied', error_description: refusal });
    }
    return backToClient(c, request, { code: authority.issueCode(request) });
  });
}
