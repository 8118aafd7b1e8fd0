import { describe, expect, it } from 'vitest';
import { webhookMessage, webhookPayload } from '../../test/unit/live/payload';
import { foldMessages, liveMessages, livePatch } from './live-event';

const message = webhookMessage;
const event = webhookPayload;

describe('a relayed event on its conversation', () => {
  it("a lead's message: replied, unread, the newest message's date, status and channel", () => {
    expect(livePatch(event(message('m2', 200, true)), { lastMessageAt: 100 })).toEqual({
      lastMessageAt: 200,
      lastMessageStatus: 'RECEIVED',
      lastMessageType: 'PRONET',
      leadReplied: true,
      read: false,
    });
  });
  it('a send: the newest message, leaving replied and read as they were', () => {
    expect(livePatch(event(message('m3', 300, false)), null)).toEqual({ lastMessageAt: 300, lastMessageStatus: 'SENT', lastMessageType: 'PRONET' });
  });
  it('an event older than what is known changes nothing (a replay, a retry)', () => {
    expect(livePatch(event(message('m1', 100, true)), { lastMessageAt: 200 })).toBeNull();
  });
  it('folds the new messages on top of a kept page, counting them once', () => {
    const kept = { messages: liveMessages(event(message('m1', 100, false))), total: 7 };
    const incoming = liveMessages(event(message('m3', 300, true), [message('m2', 200, false), message('m1', 100, false)]));
    const folded = foldMessages(kept, incoming, 50);
    expect(folded?.messages.map((m) => m.id)).toEqual(['m3', 'm2', 'm1']);
    expect(folded?.total).toBe(9);
    expect(foldMessages({ messages: folded!.messages, total: 9 }, incoming, 50)).toBeNull();
  });
});
