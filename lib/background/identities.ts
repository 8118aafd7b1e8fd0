/**
 * The workspace's identities (sending accounts) by name, so that a panel shows "Sam Sales" rather
 * than an id on its first paint. The list is loaded once per key, apart from profile resolution (which
 * stays at two calls cold), and loaded again rarely: when it is a day old, or when a conversation
 * names an identity the list does not hold (one added since). Pure: the service keeps the state.
 */
import type { IdentityView } from '../views';

/** A loaded list is used this long before it is loaded again. */
export const IDENTITIES_MAX_AGE_MS = 24 * 3_600_000;
/** A list fetched this recently answers a page that lists identities (the options page, the queue's picker) without a call. */
export const IDENTITIES_FRESH_MS = 5 * 60_000;
/** The least time between two attempts, so an unknown identity or a failing service costs one call now and then. */
export const IDENTITIES_RETRY_MS = 10 * 60_000;

export interface IdentityBook {
  names: ReadonlyMap<string, string>;
  /** When the list was fetched for the current key; null when there is none. */
  fetchedAt: number | null;
  /** When a load was last attempted for the current key; null when never. */
  triedAt: number | null;
}

/** What the background keeps of the list in IndexedDB (meta store). */
export interface SavedIdentities {
  fetchedAt: number;
  list: IdentityView[];
}

export const EMPTY_IDENTITY_BOOK: IdentityBook = { names: new Map(), fetchedAt: null, triedAt: null };

/** The book for a list just fetched (or read back from IndexedDB). */
export function identityBook(saved: SavedIdentities, triedAt: number | null = saved.fetchedAt): IdentityBook {
  return { names: new Map(saved.list.map((i) => [i.id, i.name])), fetchedAt: saved.fetchedAt, triedAt };
}

/**
 * Reads what IndexedDB holds. An older worker stored the bare list: its names are shown, and it is
 * loaded again as if a day old.
 */
export function readSavedIdentities(raw: unknown): SavedIdentities | null {
  const valid = (list: unknown): list is IdentityView[] =>
    Array.isArray(list) && list.every((i) => typeof i === 'object' && i !== null && typeof i.id === 'string' && typeof i.name === 'string');
  if (valid(raw)) return { fetchedAt: 0, list: raw };
  if (typeof raw !== 'object' || raw === null) return null;
  const { fetchedAt, list } = raw as { fetchedAt?: unknown; list?: unknown };
  return typeof fetchedAt === 'number' && valid(list) ? { fetchedAt, list } : null;
}

/** Whether to load the list now. `unknownIds`: identity ids shown in a panel right now. */
export function identitiesDue(book: IdentityBook, now: number, unknownIds: readonly string[] = []): boolean {
  if (book.triedAt !== null && now - book.triedAt < IDENTITIES_RETRY_MS) return false;
  if (book.fetchedAt === null || now - book.fetchedAt >= IDENTITIES_MAX_AGE_MS) return true;
  return unknownIds.some((id) => !book.names.has(id));
}

/** Whether the list the book holds answers a surface that lists identities, without a call. */
export function identitiesFresh(book: IdentityBook, now: number): boolean {
  return book.fetchedAt !== null && now - book.fetchedAt >= 0 && now - book.fetchedAt < IDENTITIES_FRESH_MS;
}
