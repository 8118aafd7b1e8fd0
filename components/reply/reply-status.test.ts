import { describe, expect, it } from 'vitest';
import type { OutboxItemView } from '../../lib/views';
import { replyItemStatus } from './reply-status';

const item = (over: Partial<OutboxItemView>): OutboxItemView => ({
  id: '1', kind: 'reply', state: 'pending', conversationId: 'c', leadId: 'l', profileUrl: null, createdAt: 0, attempts: 0, nextAttemptAt: 10_000, error: null,
  reply: { channel: 'PRONET', text: 'hi', holdUntil: 10_000 }, ...over,
});

describe('replyItemStatus', () => {
  it.each<[string, Partial<OutboxItemView>, number, ReturnType<typeof replyItemStatus>]>([
    ['in the window', {}, 1_500, { kind: 'window', seconds: 9 }],
    ['its last second', {}, 9_999, { kind: 'window', seconds: 1 }],
    ['the window over', {}, 10_000, { kind: 'sending' }],
    ['tried already', { attempts: 1 }, 1_000, { kind: 'sending' }],
    ['on the wire', { state: 'sending' }, 1_000, { kind: 'sending' }],
    ['refused', { state: 'failed' }, 1_000, { kind: 'failed' }],
  ])('%s', (_what, over, now, status) => {
    expect(replyItemStatus(item(over), now)).toEqual(status);
  });
});
