import { describe, expect, it } from 'vitest';
import { conversation } from '../../test/unit/background/fakes';
import type { ConversationMessagesView } from '../views';
import { createPanelData } from './panel-data';

const messages = (createdAt: number, status: string): ConversationMessagesView => ({
  conversationId: 'c1',
  messages: [{ id: 'm1', direction: 'RECEIVED', channel: 'PRONET', status, subject: null, content: 'Hello', createdAt }],
  total: 1,
  page: 0,
});

describe('panel data: recent messages checked against the conversations just answered', () => {
  function setup() {
    let now = 0;
    const data = createPanelData({ ttlMs: 60_000, clock: { now: () => now } });
    let loads = 0;
    const load = () => data.recentMessages.get('c1:0', () => (loads++, Promise.resolve(messages(1_000, 'RECEIVED'))));
    return { data, load, loads: () => loads, advance: (ms: number) => (now += ms) };
  }

  it('keeps messages still current as fresh as the answer: a revisit within its freshness asks for none', async () => {
    const t = setup();
    await t.load();
    t.advance(50_000);
    t.data.checkRecentMessages([conversation('c1', 'lead_1', { lastMessageAt: 1_000, lastMessageStatus: 'RECEIVED' })]);
    t.advance(50_000);
    await t.load();
    expect(t.loads()).toBe(1);
  });

  it('drops the messages of a conversation with a newer message', async () => {
    const t = setup();
    await t.load();
    t.data.checkRecentMessages([conversation('c1', 'lead_1', { lastMessageAt: 2_000, lastMessageStatus: 'SENT' })]);
    await t.load();
    expect(t.loads()).toBe(2);
  });
});
