import { describe, expect, it } from 'vitest';
import type { InboxWebhookPayload } from '../api/schemas';
import { foldMessages, liveMessages, livePatch } from './live-event';

const message = (id: string, at: number, received: boolean) => ({
  messageChannel: 'PRONET' as const,
  messageBody: `body ${id}`,
  messageId: id,
  conversationId: 'c1',
  externalConversationId: 'x',
  leadId: 'l1',
  attachments: [],
  identityId: 'i1',
  userId: 'u1',
  createdAt: at,
  sent: !received,
  received,
  campaignName: 'Spring',
});
const lead = { id: 'l1', jobTitle: '', gender: '', shortBio: '', dateOfBirth: '', persoEmail: '', picture: '', firstName: 'Ada', lastName: 'Lovelace', companyName: '', companyWebsite: '', industry: '', email: '', pronet: '', microblog: '', phone: '', location: '' };
const event = (top: ReturnType<typeof message>, older: ReturnType<typeof message>[] = []): InboxWebhookPayload => ({ ...top, lead, messages: [top, ...older] });

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
