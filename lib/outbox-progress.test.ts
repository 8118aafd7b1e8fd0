import { describe, expect, it } from 'vitest';
import { itemProgress, serviceUnreachable, type OutboxLists } from './outbox-progress';
import type { OutboxItemView } from './views';

const item = (id: string, over: Partial<OutboxItemView> = {}): OutboxItemView => ({
  id,
  kind: 'note',
  state: 'pending',
  conversationId: 'c1',
  leadId: 'l1',
  profileUrl: null,
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: null,
  error: null,
  ...over,
});

describe('itemProgress', () => {
  const before: OutboxLists = { pending: [], failed: [] };

  it('says a change is listed while the outbox holds it, with how it stands', () => {
    const lists = { pending: [item('1', { attempts: 2, nextAttemptAt: 5 })], failed: [] };
    expect(itemProgress('1', lists, before)).toEqual({ kind: 'listed', item: lists.pending[0] });
  });

  it('says refused when the service refused it for good', () => {
    expect(itemProgress('1', { pending: [], failed: [item('1', { state: 'failed' })] }, before)).toEqual({ kind: 'refused' });
  });

  it('says landed only once a push after the press no longer lists it', () => {
    expect(itemProgress('1', before, before)).toEqual({ kind: 'unseen' });
    expect(itemProgress('1', { pending: [], failed: [] }, before)).toEqual({ kind: 'landed' });
    expect(itemProgress('1', null, before)).toEqual({ kind: 'unseen' });
  });
});

describe('serviceUnreachable', () => {
  it('is true while the browser is offline, or a waiting change met no service; not for a 503', () => {
    expect(serviceUnreachable([], false)).toBe(true);
    expect(serviceUnreachable([item('1', { attempts: 1, error: { code: 'offline' } })], true)).toBe(true);
    expect(serviceUnreachable([item('1', { attempts: 1, error: { code: 'server', status: 503 } })], true)).toBe(false);
    expect(serviceUnreachable([item('1')], true)).toBe(false);
  });
});
