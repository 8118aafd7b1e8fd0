import { describe, expect, it } from 'vitest';
import { buildSeed } from './seed/index';
import { conversationPart, sortConversations, type SortDirection, type SortField } from './search-index';
import { WorkspaceStore } from './store';

const NOW = Date.UTC(2030, 5, 1);

function demoPro(): WorkspaceStore {
  const world = buildSeed('demo', { now: NOW });
  const data = world.workspaces.find((w) => w.name === 'demo-pro');
  if (!data) throw new Error('demo seed without demo-pro');
  return new WorkspaceStore(data);
}

const ORDERS: [SortField, SortDirection][] = [
  ['lastMessageAt', -1],
  ['lastMessageAt', 1],
  ['callCompletedAt', 1],
  ['snoozeUntil', -1],
];

describe('WorkspaceStore search orders', () => {
  it('keeps the parts of each order (per status, per identity) equal to a fresh cut after every change', () => {
    const ws = demoPro();
    const [a, b, c] = ws.data.conversations;
    if (!a || !b || !c) throw new Error('no conversations');
    const otherIdentity = ws.data.identities.find((i) => i.id !== c.identityId)!.id;
    const parts = [
      conversationPart('status', 'OPEN'),
      conversationPart('status', 'ARCHIVED'),
      conversationPart('status', 'SNOOZED'),
      conversationPart('identity', c.identityId),
      conversationPart('identity', otherIdentity),
      conversationPart('lastStatus', 'RECEIVED'),
      conversationPart('lastStatus', 'SENT'),
      conversationPart('statusAndLast', 'OPEN', 'RECEIVED'),
      conversationPart('statusAndLast', 'ARCHIVED', 'RECEIVED'),
    ];
    for (const [f, d] of ORDERS) for (const part of parts) ws.orderedPart(part, f, d);
    ws.updateConversation(a, { status: 'ARCHIVED' });
    ws.updateConversation(b, { status: 'SNOOZED', snoozeUntil: NOW + 5000, lastMessageAt: NOW + 7 });
    ws.updateConversation(c, { identityId: otherIdentity, callCompletedAt: NOW - 3 });
    ws.addConversation({ ...b, id: 'conv_part_new', status: 'OPEN', snoozeUntil: null, lastMessageAt: NOW - 2 });
    ws.addMessage({
      id: 'msg_part', conversationId: a.id, direction: 'RECEIVED', channel: 'PRONET', status: 'RECEIVED',
      subject: null, content: 'hi', createdAt: NOW + 9, memberId: null, attachments: [],
    });
    for (const [f, d] of ORDERS) {
      const fresh = sortConversations(ws.data.conversations, f, d);
      for (const part of parts) {
        const [kind, value] = part.split(':');
        const of = (x: (typeof fresh)[number]) =>
          kind === 'status' ? x.status : kind === 'identity' ? x.identityId : kind === 'statusAndLast' ? `${x.status}/${x.lastMessageStatus}` : x.lastMessageStatus;
        const expected = fresh.filter((x) => of(x) === value).map((x) => x.id);
        expect(ws.orderedPart(part, f, d).map((x) => x.id), `${part} ${f} ${d}`).toEqual(expected);
      }
    }
  });

  it('keeps cached orders equal to a fresh sort after messages, snoozes and new conversations', () => {
    const ws = demoPro();
    for (const [f, d] of ORDERS) ws.orderedConversations(f, d);
    const [a, b] = ws.data.conversations;
    if (!a || !b) throw new Error('no conversations');
    ws.addMessage({
      id: 'msg_t1', conversationId: a.id, direction: 'RECEIVED', channel: 'PRONET', status: 'RECEIVED',
      subject: null, content: 'hi', createdAt: NOW + 1000, memberId: null, attachments: [],
    });
    ws.updateConversation(b, { status: 'SNOOZED', snoozeUntil: NOW + 5000 });
    ws.updateConversation(b, { callCompletedAt: NOW - 10 });
    ws.addConversation({
      ...b, id: 'conv_new', leadId: b.leadId, lastMessageAt: NOW - 1, snoozeUntil: null, status: 'OPEN', callCompletedAt: null,
    });
    for (const [f, d] of ORDERS) {
      expect(ws.orderedConversations(f, d).map((c) => c.id)).toEqual(sortConversations(ws.data.conversations, f, d).map((c) => c.id));
    }
    expect(ws.orderedConversations('lastMessageAt', -1)[0]?.id).toBe(a.id);
  });

  it('updates lastMessage* and leadReplied from the newest message, and finds due snoozes', () => {
    const ws = demoPro();
    const c = ws.data.conversations.find((x) => !x.leadReplied);
    if (!c) throw new Error('no conversation without a reply');
    ws.addMessage({
      id: 'msg_t2', conversationId: c.id, direction: 'RECEIVED', channel: 'EMAIL', status: 'RECEIVED',
      subject: 'Re', content: 'ok', createdAt: NOW + 2000, memberId: null, attachments: [],
    });
    expect(c).toMatchObject({ lastMessageAt: NOW + 2000, lastMessageStatus: 'RECEIVED', lastMessageType: 'EMAIL', leadReplied: true, read: false });
    ws.updateConversation(c, { status: 'SNOOZED', snoozeUntil: NOW + 10_000 });
    expect(ws.dueSnoozes(NOW + 9_999)).not.toContain(c);
    expect(ws.dueSnoozes(NOW + 10_000)).toContain(c);
  });

  it('indexes leads by canonical pronetUrl, email (any case) and audience', () => {
    const ws = demoPro();
    const ada = ws.leadByPronetUrl('https://www.pronet.example/in/ada-lovelace/');
    expect(ada?.lastname).toBe('Lovelace');
    expect(ws.leadByEmail('ADA@analytical.example')).toBe(ada);
    const audienceId = ada?.audienceIds[0] ?? '';
    expect(ws.leadsOfAudience(audienceId)).toContain(ada);
    if (ada) ws.removeLeadFromAudience(ada, audienceId);
    expect(ws.leadsOfAudience(audienceId)).not.toContain(ada);
  });
});
