import { describe, expect, it } from 'vitest';
import { inboxNotifications, inboxNotificationTab } from './inbox-notifications';

const t = (key: string, subs: string[]) => `${key}(${subs.join(',')})`;
const conv = (id: string) => ({ id, leadId: 'l', status: 'OPEN' as const, lastMessageAt: 1, snoozeUntil: null });

describe('inbox notifications', () => {
  it('one per kind of news, carrying the tab the click opens the queue beside', () => {
    const notes = inboxNotifications({ replies: [conv('a'), conv('b')], woke: [{ id: 's', leadId: 'l', until: 1 }] }, 12, 7, t);
    expect(notes).toEqual([
      { id: 'inbox:replies:7', title: 'notifyRepliesTitle(2)', message: 'notifyRepliesBody(12)' },
      { id: 'inbox:woke:7', title: 'notifyWokeTitle(1)', message: 'notifyWokeBody()' },
    ]);
    expect(inboxNotifications({ replies: [], woke: [] }, 3, 7, t)).toEqual([]);
  });

  it('tells the tab back from the id, and ignores ids that are not the inbox ones', () => {
    expect(inboxNotificationTab('inbox:replies:7')).toBe(7);
    expect(inboxNotificationTab('inbox:woke:')).toBeNull();
    expect(inboxNotificationTab('other:7')).toBeUndefined();
  });
});
