/**
 * The conversation search cursor (`nextToken`, endpoints.md): standard Base64 of an HMAC followed
 * by the position (sort key and conversation id) and a hash of the filters and sort it was issued
 * for. A token that does not decode, whose HMAC does not verify, or that comes back with other
 * filters is refused. A `+` that a non-encoded query turned into a space fails here.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../domain-error';

export interface CursorPosition {
  /** Sort key of the last conversation of the page (null when it has none). */
  key: number | null;
  id: string;
}

const MAC_BYTES = 16;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A cursor refused: invalid input, naming `searchAfter`. */
export class CursorError extends DomainError {
  constructor(message: string) {
    super('invalid', message, { field: 'searchAfter' });
    this.name = 'CursorError';
  }
}

/** Stable hash of the filters and sort of a search (not the limit, not the cursor). */
export function filterHash(filters: Record<string, unknown>): string {
  const keys = Object.keys(filters).filter((k) => filters[k] !== undefined).sort();
  const canonical = JSON.stringify(keys.map((k) => [k, filters[k]]));
  return createHash('sha256').update(canonical).digest('base64').slice(0, 16);
}

function mac(secret: string, payload: Buffer): Buffer {
  return createHmac('sha256', secret).update(payload).digest().subarray(0, MAC_BYTES);
}

export function encodeCursor(secret: string, position: CursorPosition, hash: string): string {
  const payload = Buffer.from(JSON.stringify({ k: position.key, i: position.id, f: hash }), 'utf8');
  return Buffer.concat([mac(secret, payload), payload]).toString('base64');
}

/** The position a token stands for; throws CursorError when it is corrupt or for other filters. */
export function decodeCursor(secret: string, token: string, hash: string): CursorPosition {
  if (!BASE64.test(token) || token.length % 4 !== 0) {
    throw new CursorError('searchAfter is not a valid cursor: pass the nextToken of the previous page, URL-encoded');
  }
  const raw = Buffer.from(token, 'base64');
  if (raw.length <= MAC_BYTES) throw new CursorError('searchAfter is not a valid cursor');
  const given = raw.subarray(0, MAC_BYTES);
  const payload = raw.subarray(MAC_BYTES);
  if (!timingSafeEqual(given, mac(secret, payload))) {
    throw new CursorError('searchAfter failed its integrity check: pass the nextToken of the previous page, URL-encoded');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload.toString('utf8'));
  } catch {
    throw new CursorError('searchAfter is not a valid cursor');
  }
  const p = parsed as { k?: unknown; i?: unknown; f?: unknown };
  if ((typeof p.k !== 'number' && p.k !== null) || typeof p.i !== 'string' || typeof p.f !== 'string') {
    throw new CursorError('searchAfter is not a valid cursor');
  }
  if (p.f !== hash) {
    throw new CursorError('searchAfter was issued for other filters or another sort: repeat the same filters and sort');
  }
  return { key: p.k, id: p.i };
}
