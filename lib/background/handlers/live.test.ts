import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../api/schemas';
import { liveHandlers } from './live';

const summary = (extra: Partial<ConversationSummary> = {}): ConversationSummary =>
  ({ id: 'c1', leadId: 'l1', status: 'OPEN', snoozeUntil: null, note: 'old', lastMessageAt: 1_000, lastMessageStatus: 'SENT', leadReplied: false, read: true, ...extra }) as ConversationSummary;

function setup(service: ConversationSummary) {
  let cached = summary();
  const calls: string[] = [];
  const handlers = liveHandlers({
    api: {
      async leadConversations() {
        calls.push('leadConversations');
        return [service];
      },
      async conversationMessages() {
        calls.push('conversationMessages');
        return { data: [{ id: 'm2', direction: 'RECEIVED', channel: 'PRONET', createdAt: service.lastMessageAt ?? 0, content: 'hi' }], total: 1 } as never;
      },
    },
    cache: {
      byLead: async () => [{ profileUrl: 'p', leadId: 'l1', lead: null, conversations: [cached], fetchedAt: 0 }],
      async patchConversation(_lead, _id, patch) {
        cached = { ...cached, ...patch };
        return ['p'];
      },
    },
    panelData: { recentMessages: { set: () => undefined } } as never,
    underLock: (step) => step(),
    notify: () => undefined,
  });
  const revalidate = () => handlers['conversation-revalidate']({ type: 'conversation-revalidate', conversationId: 'c1', leadId: 'l1' }, {} as never);
  return { revalidate, calls, cached: () => cached };
}

describe('the open panel’s conversation read again (issue 41)', () => {
  it('a status and note changed elsewhere: one summary read, the cache follows, no messages read', async () => {
    const s = setup(summary({ status: 'ARCHIVED', note: 'old\nnew line' }));
    await s.revalidate();
    expect(s.calls).toEqual(['leadConversations']);
    expect(s.cached()).toMatchObject({ status: 'ARCHIVED', note: 'old\nnew line' });
  });
  it('status and note are in no relay event: read relay or not', async () => {
    const s = setup(summary({ status: 'SNOOZED', snoozeUntil: 9_000 }));
    await s.revalidate();
    expect(s.calls).toEqual(['leadConversations']);
    expect(s.cached()).toMatchObject({ status: 'SNOOZED', snoozeUntil: 9_000 });
  });
  it('a newer message no relay event brought (no relay, or one whose webhook went missing): its page is read too', async () => {
    const s = setup(summary({ lastMessageAt: 2_000, lastMessageStatus: 'RECEIVED' }));
    await s.revalidate();
    expect(s.calls).toEqual(['leadConversations', 'conversationMessages']);
    expect(s.cached()).toMatchObject({ lastMessageAt: 2_000, lastMessageStatus: 'RECEIVED' });
  });
});
