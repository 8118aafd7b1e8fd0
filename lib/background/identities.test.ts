import { describe, expect, it } from 'vitest';
import {
  EMPTY_IDENTITY_BOOK,
  IDENTITIES_MAX_AGE_MS,
  IDENTITIES_FRESH_MS,
  IDENTITIES_RETRY_MS,
  identitiesDue,
  identitiesFresh,
  identityBook,
  readSavedIdentities,
} from './identities';

const T = Date.UTC(2025, 0, 6, 9, 0);
const list = [{ id: 'idt_1', name: 'Sam Sales' }];

describe('identity names', () => {
  it('are loaded when none are known for the key, then not again for a day', () => {
    expect(identitiesDue(EMPTY_IDENTITY_BOOK, T)).toBe(true);
    const book = identityBook({ fetchedAt: T, list });
    expect(book.names.get('idt_1')).toBe('Sam Sales');
    expect(identitiesDue(book, T + IDENTITIES_MAX_AGE_MS - 1)).toBe(false);
    expect(identitiesDue(book, T + IDENTITIES_MAX_AGE_MS)).toBe(true);
  });

  it('are loaded again for an identity the list does not hold, at most once in a while', () => {
    const book = identityBook({ fetchedAt: T, list });
    expect(identitiesDue(book, T + 60_000, ['idt_1'])).toBe(false);
    expect(identitiesDue(book, T + 60_000, ['idt_new'])).toBe(false);
    expect(identitiesDue(book, T + IDENTITIES_RETRY_MS, ['idt_new'])).toBe(true);
  });

  it('answer a page that lists them without a call while fresh, then with one', () => {
    expect(identitiesFresh(EMPTY_IDENTITY_BOOK, T)).toBe(false);
    const book = identityBook({ fetchedAt: T, list });
    expect(identitiesFresh(book, T + IDENTITIES_FRESH_MS - 1)).toBe(true);
    expect(identitiesFresh(book, T + IDENTITIES_FRESH_MS)).toBe(false);
    // A clock set back is no proof of freshness.
    expect(identitiesFresh(book, T - 1)).toBe(false);
  });

  it('wait after a failed attempt instead of asking at every state', () => {
    const failed = { ...EMPTY_IDENTITY_BOOK, triedAt: T };
    expect(identitiesDue(failed, T + 1_000)).toBe(false);
    expect(identitiesDue(failed, T + IDENTITIES_RETRY_MS)).toBe(true);
  });

  it('read back what was stored, an older bare list as due, and nothing from garbage', () => {
    expect(readSavedIdentities({ fetchedAt: T, list })).toEqual({ fetchedAt: T, list });
    expect(readSavedIdentities(list)).toEqual({ fetchedAt: 0, list });
    expect(identitiesDue(identityBook(readSavedIdentities(list)!, null), T)).toBe(true);
    expect(readSavedIdentities(null)).toBeNull();
    expect(readSavedIdentities({ fetchedAt: 'now', list })).toBeNull();
    expect(readSavedIdentities([{ id: 1 }])).toBeNull();
  });
});
