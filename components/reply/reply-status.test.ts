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

  // Issue 45: offline, a reply past its window said "Sending" for as long as the network was gone.
  it.each<[string, Partial<OutboxItemView>, number, boolean, ReturnType<typeof replyItemStatus>]>([
    ['the window over, the browser offline', {}, 10_000, false, { kind: 'offline' }],
    ['on the wire as the browser goes offline', { state: 'sending', attempts: 1 }, 1_000, false, { kind: 'offline' }],
    ['its last try found no network', { attempts: 1, error: { code: 'offline' } }, 20_000, true, { kind: 'offline' }],
    ['tried again, on the wire', { state: 'sending', attempts: 1, error: { code: 'offline' } }, 20_000, true, { kind: 'sending' }],
    ['still in its window (Undo works offline)', {}, 1_500, false, { kind: 'window', seconds: 9 }],
    ['refused', { state: 'failed' }, 1_000, false, { kind: 'failed' }],
  ])('%s', (_what, over, now, online, status) => {
    expect(replyItemStatus(item(over), now, online)).toEqual(status);
  });
});
