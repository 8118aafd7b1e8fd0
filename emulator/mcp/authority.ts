/**
 * The authorization server's state and rules (OAuth 2.1 as the MCP authorization spec asks): public
 * clients registered dynamically, pending authorization requests (sign-in, then consent), single-use
 * short-lived codes bound to client, redirect URI, PKCE challenge and resource, short-lived access
 * tokens, refresh tokens rotated on use (a replayed one revokes its whole grant), revocation.
 * Times are the emulator's clock, so a test expires a token by moving it. Tokens are kept by their
 * SHA-256 only. The HTTP side (pages, handlers) is oauth-routes.ts.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidTargetError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { MemberRecord } from '../model';
import type { WorkspaceStore } from '../store';

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3_600_000;
export const CODE_TTL_MS = 60_000;
/** Sign-in and consent must be done within this time of the authorization request. */
export const PENDING_TTL_MS = 10 * 60_000;
/** Wrong passwords allowed on one authorization request before it is dropped. */
export const MAX_SIGN_IN_ATTEMPTS = 5;
/** Registered clients kept at most (the oldest go first): registration is open to anyone. */
const MAX_CLIENTS = 1_000;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** RFC 7591 for public clients: redirect URIs use https, or http on a loopback host (RFC 8252 §7.3). */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `redirect URI ${uri} is not a URL`;
  }
  if (url.hash) return `redirect URI ${uri} must not carry a fragment`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `redirect URI ${uri} must use https, or http on a loopback address (127.0.0.1, [::1], localhost)`;
}

const token = () => randomBytes(32).toString('base64url');
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(digest(a));
  const y = Buffer.from(digest(b));
  return timingSafeEqual(x, y);
}

export interface PendingAuthorization {
  id: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state: string | undefined;
  resource: string;
  createdAt: number;
  failedSignIns: number;
  /** Set by a successful sign-in, with the hash of the browser binding cookie it set. */
  signedIn?: { workspaceId: string; memberId: string; bindingHash: string };
}

/** Who a grant speaks for, and to whom and for what it was given. */
interface Grant {
  id: string;
  clientId: string;
  workspaceId: string;
  memberId: string;
  resource: string;
}

interface CodeRecord {
  grant: Grant;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
  used: boolean;
}

interface TokenRecord {
  grant: Grant;
  kind: 'access' | 'refresh';
  expiresAt: number;
  /** A refresh token once exchanged; presenting it again revokes its grant. */
  used: boolean;
}

export interface SignedInMember {
  ws: WorkspaceStore;
  member: MemberRecord;
}

export interface AuthorityDeps {
  now: () => number;
  /** The member with these credentials, in whichever workspace holds them. */
  findMember: (email: string) => SignedInMember | undefined;
}

export class Authority {
  private readonly clients = new Map<string, OAuthClientInformationFull>();
  private readonly pending = new Map<string, PendingAuthorization>();
  private readonly codes = new Map<string, CodeRecord>();
  private readonly tokens = new Map<string, TokenRecord>();
  private readonly revokedGrants = new Set<string>();

  constructor(private readonly deps: AuthorityDeps) {}

  // ---- clients (RFC 7591) --------------------------------------------------------------------

  getClient(clientId: string): OAuthClientInformationFull | undefined {
    return this.clients.get(clientId);
  }

  registerClient(client: OAuthClientInformationFull): OAuthClientInformationFull {
    if ((client.token_endpoint_auth_method ?? 'client_secret_basic') !== 'none') {
      throw new InvalidClientMetadataError('Only public clients are registered: token_endpoint_auth_method must be "none" (PKCE stands for the secret).');
    }
    if (client.redirect_uris.length === 0) throw new InvalidClientMetadataError('redirect_uris must list at least one URI.');
    for (const uri of client.redirect_uris) {
      const problem = redirectUriProblem(String(uri));
      if (problem) throw new InvalidClientMetadataError(`${problem}.`);
    }
    const grants = client.grant_types ?? ['authorization_code'];
    const unknown = grants.find((g) => g !== 'authorization_code' && g !== 'refresh_token');
    if (unknown) throw new InvalidClientMetadataError(`grant_types: ${unknown} is not supported (authorization_code, refresh_token).`);
    if (client.response_types?.some((t) => t !== 'code')) throw new InvalidClientMetadataError('response_types: only code is supported.');
    const registered: OAuthClientInformationFull = { ...client, grant_types: grants, response_types: ['code'], token_endpoint_auth_method: 'none' };
    if (this.clients.size >= MAX_CLIENTS) this.clients.delete(this.clients.keys().next().value as string);
    this.clients.set(registered.client_id, registered);
    return registered;
  }

  // ---- authorization: request, sign-in, consent ---------------------------------------------------

  startAuthorization(p: Omit<PendingAuthorization, 'id' | 'createdAt' | 'failedSignIns'>): PendingAuthorization {
    this.sweep();
    const request: PendingAuthorization = { ...p, id: token(), createdAt: this.deps.now(), failedSignIns: 0 };
    this.pending.set(request.id, request);
    return request;
  }

  /** The pending request with this id, if it is still open. */
  pendingRequest(id: string): PendingAuthorization | undefined {
    const p = this.pending.get(id);
    if (p && this.deps.now() - p.createdAt > PENDING_TTL_MS) {
      this.pending.delete(id);
      return undefined;
    }
    return p;
  }

  /**
   * Checks the credentials for a pending request. On success the request remembers the member and
   * a fresh browser binding (returned, for the cookie the consent form must come back with).
   */
  signIn(
    request: PendingAuthorization,
    email: string,
    password: string,
  ): { ok: true; member: SignedInMember; binding: string } | { ok: false; attemptsLeft: number } {
    const found = this.deps.findMember(email.trim().toLowerCase());
    if (!found?.member.password || !sameSecret(found.member.password, password)) {
      request.failedSignIns += 1;
      const attemptsLeft = MAX_SIGN_IN_ATTEMPTS - request.failedSignIns;
      if (attemptsLeft <= 0) this.pending.delete(request.id);
      return { ok: false, attemptsLeft };
    }
    const binding = token();
    request.signedIn = { workspaceId: found.ws.id, memberId: found.member.id, bindingHash: digest(binding) };
    return { ok: true, member: found, binding };
  }

  /** The request is over (denied, refused or turned into a code): it cannot be used again. */
  close(request: PendingAuthorization): void {
    this.pending.delete(request.id);
  }

  /** Whether the consent comes from the browser that signed in (the cookie set at sign-in). */
  boundToBrowser(request: PendingAuthorization, binding: string | undefined): boolean {
    return !!request.signedIn && !!binding && sameSecret(digest(binding), request.signedIn.bindingHash);
  }

  /** Consent given: the request becomes a single-use code. */
  issueCode(request: PendingAuthorization): string {
    const who = request.signedIn;
    if (!who) throw new Error('consent before sign-in');
    this.pending.delete(request.id);
    const code = token();
    this.codes.set(digest(code), {
      grant: { id: token(), clientId: request.clientId, workspaceId: who.workspaceId, memberId: who.memberId, resource: request.resource },
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      expiresAt: this.deps.now() + CODE_TTL_MS,
      used: false,
    });
    return code;
  }

  // ---- token endpoint -----------------------------------------------------------------------------

  /** A code presented a second time: refused, and what the first exchange gave is revoked (OAuth 2.1 §4.1.3). */
  private liveCode(clientId: string, code: string): CodeRecord {
    const record = this.codes.get(digest(code));
    if (!record || record.grant.clientId !== clientId) throw new InvalidGrantError('The authorization code is not valid.');
    if (record.used) {
      this.revokeGrant(record.grant.id);
      throw new InvalidGrantError('The authorization code was already used; the tokens it gave are revoked.');
    }
    if (this.deps.now() > record.expiresAt) throw new InvalidGrantError('The authorization code has expired.');
    return record;
  }

  challengeFor(clientId: string, code: string): string {
    return this.liveCode(clientId, code).codeChallenge;
  }

  /** Called once the PKCE verifier matched the challenge (the token handler checks it). */
  exchangeCode(clientId: string, code: string, redirectUri: string | undefined, resource: string | undefined): OAuthTokens {
    const record = this.liveCode(clientId, code);
    if (redirectUri !== record.redirectUri) throw new InvalidGrantError('redirect_uri does not match the authorization request.');
    if (resource !== undefined && resource !== record.grant.resource) throw new InvalidTargetError('resource does not match the authorization request.');
    record.used = true;
    return this.issueTokens(record.grant);
  }

  exchangeRefresh(clientId: string, refreshToken: string, resource: string | undefined): OAuthTokens {
    const record = this.tokens.get(digest(refreshToken));
    if (!record || record.kind !== 'refresh' || record.grant.clientId !== clientId || this.revokedGrants.has(record.grant.id)) {
      throw new InvalidGrantError('The refresh token is not valid.');
    }
    if (record.used) {
      this.revokeGrant(record.grant.id);
      throw new InvalidGrantError('The refresh token was already used; its grant is revoked.');
    }
    if (this.deps.now() > record.expiresAt) throw new InvalidGrantError('The refresh token has expired.');
    if (resource !== undefined && resource !== record.grant.resource) throw new InvalidTargetError('resource does not match the grant.');
    record.used = true;
    return this.issueTokens(record.grant);
  }

  private issueTokens(grant: Grant): OAuthTokens {
    const now = this.deps.now();
    const access = token();
    const refresh = token();
    this.tokens.set(digest(access), { grant, kind: 'access', expiresAt: now + ACCESS_TOKEN_TTL_MS, used: false });
    this.tokens.set(digest(refresh), { grant, kind: 'refresh', expiresAt: now + REFRESH_TOKEN_TTL_MS, used: false });
    return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_MS / 1000, refresh_token: refresh };
  }

  // ---- resource server and revocation --------------------------------------------------------------

  verifyAccessToken(accessToken: string): AuthInfo {
    const record = this.tokens.get(digest(accessToken));
    if (!record || record.kind !== 'access' || this.revokedGrants.has(record.grant.id)) throw new InvalidTokenError('The access token is not valid.');
    if (this.deps.now() >= record.expiresAt) throw new InvalidTokenError('The access token has expired.');
    const { grant } = record;
    return {
      token: accessToken,
      clientId: grant.clientId,
      scopes: [],
      expiresAt: Math.floor(record.expiresAt / 1000),
      resource: new URL(grant.resource),
      extra: { workspaceId: grant.workspaceId, memberId: grant.memberId },
    };
  }

  /**
   * RFC 7009: a refresh token takes its whole grant with it, an access token only itself. A token
   * unknown, or another client's, is answered the same (200) and left alone.
   */
  revoke(clientId: string, presented: string): void {
    const key = digest(presented);
    const record = this.tokens.get(key);
    if (!record || record.grant.clientId !== clientId) return;
    if (record.kind === 'refresh') this.revokeGrant(record.grant.id);
    else this.tokens.delete(key);
  }

  private revokeGrant(grantId: string): void {
    this.revokedGrants.add(grantId);
    for (const [key, t] of this.tokens) if (t.grant.id === grantId) this.tokens.delete(key);
  }

  /** Drops what has expired, so the maps stay bounded by what is live. */
  private sweep(): void {
    const now = this.deps.now();
    for (const [id, p] of this.pending) if (now - p.createdAt > PENDING_TTL_MS) this.pending.delete(id);
    for (const [k, c] of this.codes) if (now > c.expiresAt + CODE_TTL_MS) this.codes.delete(k);
    for (const [k, t] of this.tokens) if (now > t.expiresAt) this.tokens.delete(k);
  }
}
