import { describe, expect, it } from 'vitest';
import { whoseTurn } from './whose-turn';

describe('whose turn', () => {
  it('is yours when the lead wrote last, since that message', () => {
    expect(whoseTurn({ lastMessageStatus: 'RECEIVED', lastMessageAt: 1000 })).toEqual({ who: 'you', since: 1000 });
  });
  it('is theirs when you wrote last (sent or on its way)', () => {
    expect(whoseTurn({ lastMessageStatus: 'SENT', lastMessageAt: 2000 })).toEqual({ who: 'them', since: 2000 });
    expect(whoseTurn({ lastMessageStatus: 'SENDING', lastMessageAt: 2000 })).toEqual({ who: 'them', since: 2000 });
  });
  it('stays yours when your last send failed', () => {
    expect(whoseTurn({ lastMessageStatus: 'SEND_FAILED', lastMessageAt: 3000 })?.who).toBe('you');
  });
  it('is unknown without a message, or after a note of the service only', () => {
    expect(whoseTurn({ lastMessageStatus: null, lastMessageAt: null })).toBeNull();
    expect(whoseTurn({ lastMessageStatus: 'INFO', lastMessageAt: 5 })).toBeNull();
  });
});
