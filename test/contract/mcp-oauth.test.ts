/**
 * The agent tool server's sign-in refused where it must be: no token, the API key, a bad, expired,
 * revoked or other-resource token, a reused or expired code, a wrong PKCE verifier, an unregistered
 * redirect URI, a foreign resource, a Starter member, a denial, a consent from another browser.
 * Each answers the right status and OAuth error, and nothing changes (no API call is made).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, emulatorCalls, emulatorOrigin, proWorkspace, resetEmulator } from './harness';
import {
  answerInBrowser,
  CLIENT_METADATA,
  codeOf,
  form,
  mcpUrl,
  PRO_MEMBER,
  rawMcp,
  REDIRECT_URI,
  STARTER_MEMBER,
  startRawAuthorization,
  tokenRequest,
} from './mcp-support';

beforeEach(async () => {
  await resetEmulator('demo');
});

async function lastCallId(): Promise<number> {
  return (await emulatorCalls())[0]?.id ?? 0;
}

/** A signed-in grant by raw OAuth steps at `origin`: the code's exchange and what it gave. */
async function grant(origin = emulatorOrigin()) {
  const { clientId, authorizationUrl, codeVerifier } = await startRawAuthorization(origin);
  const code = codeOf(await answerInBrowser(authorizationUrl, PRO_MEMBER));
  const exchange = (fields: Record<string, string> = {}) =>
    tokenRequest({ grant_type: 'authorization_code', client_id: clientId, code, code_verifier: codeVerifier, redirect_uri: REDIRECT_URI, resource: mcpUrl(origin), ...fields }, origin);
  return { clientId, code, codeVerifier, exchange };
}

async function tokens(origin = emulatorOrigin()) {
  const g = await grant(origin);
  const res = await g.exchange();
  expect(res.status).toBe(200);
  return { ...g, access: String(res.body.access_token), refresh: String(res.body.refresh_token), body: res.body };
}

function expectChallenge(res: Response, error?: string): void {
  expect(res.status).toBe(401);
  const header = res.headers.get('www-authenticate') ?? '';
  expect(header).toMatch(/^Bearer /);
  expect(header).toContain(`resource_metadata="${emulatorOrigin()}/.well-known/oauth-protected-resource"`);
  if (error) expect(header).toContain(`error="${error}"`);
}

describe('the resource server', () => {
  it('answers 401 with the resource metadata URL without a token, and never accepts the API key', async () => {
    const before = await lastCallId();
    const none = await rawMcp();
    expectChallenge(none);
    expect(await none.json()).toMatchObject({ error: 'invalid_token', error_description: expect.any(String) });
    const key = proWorkspace().apiKey;
    const withKey = await rawMcp(`Bearer ${key}`);
    expectChallenge(withKey, 'invalid_token');
    const body = await withKey.text();
    expect(body).toMatch(/API key is not accepted/);
    expect(body).not.toContain(key);
    expectChallenge(await rawMcp('Bearer not-a-token'), 'invalid_token');
    expectChallenge(await rawMcp('Basic abc'), 'invalid_request');
    expect(await lastCallId()).toBe(before);
  });

  it('takes a token from the code exchange, short-lived: 401 invalid_token once expired', async () => {
    const t = await tokens();
    expect(t.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect((await rawMcp(`Bearer ${t.access}`)).status).toBe(200);
    await advanceClock(15 * 60_000 + 1_000);
    const expired = await rawMcp(`Bearer ${t.access}`);
    expectChallenge(expired, 'invalid_token');
    expect(await expired.json()).toMatchObject({ error: 'invalid_token', error_description: 'The access token has expired.' });
  });

  it('refuses a token issued for another resource (RFC 8707): the one for localhost is not for 127.0.0.1', async () => {
    const port = new URL(emulatorOrigin()).port;
    const elsewhere = `http://localhost:${port}`;
    const t = await tokens(elsewhere);
    expect((await rawMcp(`Bearer ${t.access}`, mcpUrl(elsewhere))).status).toBe(200);
    const here = await rawMcp(`Bearer ${t.access}`);
    expectChallenge(here, 'invalid_token');
    expect(await here.json()).toMatchObject({ error_description: 'The access token was issued for another resource.' });
  });
});

describe('registration (RFC 7591)', () => {
  const register = (metadata: Record<string, unknown>) =>
    fetch(`${emulatorOrigin()}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(metadata) });

  it('registers a public client with loopback or https redirect URIs, and no secret', async () => {
    const res = await register({ ...CLIENT_METADATA, redirect_uris: [REDIRECT_URI, 'https://agent.example/cb', 'http://[::1]:9000/cb'] });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ client_id: expect.any(String), token_endpoint_auth_method: 'none' });
    expect(body).not.toHaveProperty('client_secret');
  });

  it('refuses http redirect URIs off loopback, and confidential clients, with invalid_client_metadata', async () => {
    for (const metadata of [
      { ...CLIENT_METADATA, redirect_uris: ['http://agent.example/cb'] },
      { ...CLIENT_METADATA, redirect_uris: ['http://192.168.1.5:8000/cb'] },
      { ...CLIENT_METADATA, token_endpoint_auth_method: 'client_secret_post' },
    ]) {
      const res = await register(metadata);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_client_metadata', error_description: expect.any(String) });
    }
  });
});

describe('authorization', () => {
  it('refuses a redirect URI the client did not register, with a JSON error and no page', async () => {
    const { authorizationUrl } = await startRawAuthorization();
    authorizationUrl.searchParams.set('redirect_uri', 'https://attacker.example/cb');
    const res = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request', error_description: 'Unregistered redirect_uri' });
  });

  it('takes PKCE S256 only, and a resource that is this server', async () => {
    const { authorizationUrl } = await startRawAuthorization();
    const plain = new URL(authorizationUrl);
    plain.searchParams.set('code_challenge_method', 'plain');
    const a = await fetch(plain, { redirect: 'manual' });
    expect(new URL(a.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
    const foreign = new URL(authorizationUrl);
    foreign.searchParams.set('resource', 'https://other.example/mcp');
    const b = await fetch(foreign, { redirect: 'manual' });
    const back = new URL(b.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_target');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('sends a Starter member back with access_denied and the API plan sentence, and no code', async () => {
    const before = await lastCallId();
    const { authorizationUrl } = await startRawAuthorization();
    const outcome = await answerInBrowser(authorizationUrl, STARTER_MEMBER);
    expect(outcome.status).toBe(303);
    expect(outcome.location?.searchParams.get('error')).toBe('access_denied');
    expect(outcome.location?.searchParams.get('error_description')).toBe('API access needs the Pro plan or above; this workspace is on STARTER.');
    expect(outcome.location?.searchParams.get('code')).toBeNull();
    expect(outcome.location?.searchParams.get('state')).toBe(authorizationUrl.searchParams.get('state'));
    expect(await lastCallId()).toBe(before);
  });

  it('sends the client back with access_denied when the member presses Deny', async () => {
    const { authorizationUrl } = await startRawAuthorization();
    const outcome = await answerInBrowser(authorizationUrl, PRO_MEMBER, 'deny');
    expect(outcome.status).toBe(303);
    expect(outcome.location?.searchParams.get('error')).toBe('access_denied');
    expect(outcome.location?.searchParams.get('code')).toBeNull();
  });

  it('shows a wrong password on the page, and gives up after five', async () => {
    const { authorizationUrl } = await startRawAuthorization();
    const wrong = { ...PRO_MEMBER, password: 'guess' };
    const first = await answerInBrowser(authorizationUrl, wrong);
    expect(first.status).toBe(401);
    expect(first.html).toMatch(/<p class="error" id="sign-in-error" role="alert">Wrong email or password \(4 attempts left\)\.<\/p>/);
    const id = /name="request" value="([^"]+)"/.exec(first.html ?? '')?.[1] ?? '';
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await fetch(`${emulatorOrigin()}/oauth/sign-in`, form({ request: id, email: wrong.email, password: 'guess' }));
    }
    expect(last?.status).toBe(303);
    expect(new URL(last?.headers.get('location') ?? '').searchParams.get('error')).toBe('access_denied');
  });

  it('refuses a consent that does not come from the browser that signed in (no cookie)', async () => {
    const { authorizationUrl } = await startRawAuthorization();
    const signedIn = await answerInBrowser(authorizationUrl, PRO_MEMBER, 'none');
    const id = /name="request" value="([^"]+)"/.exec(signedIn.consentHtml ?? '')?.[1] ?? '';
    const res = await fetch(`${emulatorOrigin()}/oauth/consent`, form({ request: id, decision: 'allow' }));
    expect(res.status).toBe(403);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('the token endpoint', () => {
  it('refuses a wrong PKCE verifier with invalid_grant and issues nothing', async () => {
    const g = await grant();
    const wrong = await g.exchange({ code_verifier: 'x'.repeat(43) });
    expect(wrong).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'code_verifier does not match the challenge' } });
  });

  it('refuses a redirect URI or resource other than the authorization request s', async () => {
    const g = await grant();
    const redirect = await g.exchange({ redirect_uri: 'http://127.0.0.1:1/other' });
    expect(redirect).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const resource = await g.exchange({ resource: 'https://other.example/mcp' });
    expect(resource).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
    expect((await g.exchange()).status).toBe(200);
  });

  it('takes a code once: a reused code is refused and revokes what the first exchange gave', async () => {
    const g = await grant();
    const first = await g.exchange();
    expect(first.status).toBe(200);
    const again = await g.exchange();
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expectChallenge(await rawMcp(`Bearer ${String(first.body.access_token)}`), 'invalid_token');
  });

  it('lets a code live a minute', async () => {
    const g = await grant();
    await advanceClock(61_000);
    expect(await g.exchange()).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: 'The authorization code has expired.' } });
  });

  it('rotates refresh tokens: a replayed one is refused and revokes its grant', async () => {
    const t = await tokens();
    const refresh = (token: string) => tokenRequest({ grant_type: 'refresh_token', client_id: t.clientId, refresh_token: token, resource: mcpUrl() });
    const next = await refresh(t.refresh);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(t.refresh);
    expect((await rawMcp(`Bearer ${String(next.body.access_token)}`)).status).toBe(200);
    expect(await refresh(t.refresh)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expectChallenge(await rawMcp(`Bearer ${String(next.body.access_token)}`), 'invalid_token');
    expect(await refresh(String(next.body.refresh_token))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('revokes (RFC 7009): the refresh token takes its access tokens with it', async () => {
    const t = await tokens();
    const res = await fetch(`${emulatorOrigin()}/oauth/revoke`, form({ token: t.refresh, token_type_hint: 'refresh_token', client_id: t.clientId }));
    expect(res.status).toBe(200);
    expectChallenge(await rawMcp(`Bearer ${t.access}`), 'invalid_token');
    const refresh = await tokenRequest({ grant_type: 'refresh_token', client_id: t.clientId, refresh_token: t.refresh });
    expect(refresh).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses an unknown client with invalid_client', async () => {
    const res = await tokenRequest({ grant_type: 'authorization_code', client_id: 'nobody', code: 'x', code_verifier: 'y' });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_client' } });
  });
});
