import { describe, expect, it } from 'vitest';
import { ConversationSearchQuery } from '../../lib/api/schemas';
import type { ConversationRecord } from '../model';
import { buildSeed } from '../seed/index';
import { sortConversations } from '../search-index';
import { WorkspaceStore } from '../store';
import { leadMatchesText } from '../lead-text-index';
import { searchConversations } from './conversation-search';

const NOW = Date.UTC(2030, 5, 1);
const SECRET = 'test-secret';

function bulk(leads: number): WorkspaceStore {
  const data = buildSeed('demo', { now: NOW, leads }).workspaces.find((w) => w.name === 'bulk');
  if (!data) throw new Error('no bulk workspace');
  return new WorkspaceStore(data);
}

/** Every page of a search, followed by its cursor. */
function everything(ws: WorkspaceStore, raw: Record<string, string>): { ids: string[]; total: number | null } {
  const ids: string[] = [];
  let total: number | null = null;
  for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
    const page = searchConversations(ws, ConversationSearchQuery.parse({ ...raw, limit: '100', ...(cursor ? { searchAfter: cursor } : {}) }), SECRET);
    if (first) total = page.total;
    ids.push(...page.data.map((c) => c.id));
    cursor = page.nextToken;
  }
  return { ids, total };
}

const byDate = (list: ConversationRecord[]) => sortConversations(list, 'lastMessageAt', -1).map((c) => c.id);

describe('conversation search', () => {
  it('finds the same conversations, in the same order, whether it sorts an index or walks the cached order', () => {
    const ws = bulk(3000);
    const identity = ws.data.identities[0]!.id;
    const someLeads = ws.data.leads.slice(0, 5).map((l) => l.id);
    // A large index (one identity: about a quarter of all) is walked; five leads are sorted.
    const viaIdentity = everything(ws, { identityIds: identity, status: 'OPEN' });
    expect(viaIdentity.ids).toEqual(byDate(ws.data.conversations.filter((c) => c.identityId === identity && c.status === 'OPEN')));
    expect(viaIdentity.total).toBe(viaIdentity.ids.length);
    const viaLeads = everything(ws, { leadIds: someLeads.join(',') });
    expect(viaLeads.ids).toEqual(byDate(ws.data.conversations.filter((c) => someLeads.includes(c.leadId))));
  });

  it('reads a status or identity part of the cached order, alone or with more filters, and follows changes', () => {
    const ws = bulk(3000);
    const identity = ws.data.identities[1]!.id;
    const expectFor = (raw: Record<string, string>, keep: (c: ConversationRecord) => boolean) => {
      const found = everything(ws, raw);
      const expected = byDate(ws.data.conversations.filter(keep));
      expect(found.ids, JSON.stringify(raw)).toEqual(expected);
      expect(found.total, JSON.stringify(raw)).toBe(expected.length);
    };
    expectFor({ status: 'OPEN' }, (c) => c.status === 'OPEN');
    expectFor({ identityIds: identity }, (c) => c.identityId === identity);
    expectFor({ status: 'OPEN', leadReplied: 'true' }, (c) => c.status === 'OPEN' && c.leadReplied);
    const waiting = (c: ConversationRecord) => c.status === 'OPEN' && c.lastMessageStatus === 'RECEIVED';
    expectFor({ status: 'OPEN', lastMessageStatus: 'RECEIVED' }, waiting);
    expectFor({ status: 'OPEN', lastMessageStatus: 'RECEIVED', leadReplied: 'true' }, (c) => waiting(c) && c.leadReplied);
    const open = ws.data.conversations.find((c) => waiting(c) && c.identityId === identity)!;
    ws.updateConversation(open, { status: 'ARCHIVED', lastMessageAt: NOW + 1 });
    expectFor({ status: 'OPEN' }, (c) => c.status === 'OPEN');
    expectFor({ status: 'ARCHIVED' }, (c) => c.status === 'ARCHIVED');
    expectFor({ status: 'OPEN', lastMessageStatus: 'RECEIVED' }, waiting);
    expectFor({ status: 'ARCHIVED', lastMessageStatus: 'RECEIVED', leadReplied: 'true' }, (c) => c.status === 'ARCHIVED' && c.lastMessageStatus === 'RECEIVED' && c.leadReplied);
    expectFor({ identityIds: identity }, (c) => c.identityId === identity);
  });

  it('cuts a range on the sort field out of the order, in both directions, with or without more filters', () => {
    const ws = bulk(3000);
    const times = ws.data.conversations.map((c) => c.lastMessageAt).filter((t): t is number => t !== null).sort((a, b) => a - b);
    const from = times[Math.floor(times.length * 0.3)]!;
    const to = times[Math.floor(times.length * 0.6)]!;
    const calls = ws.data.conversations.map((c) => c.callCompletedAt).filter((t): t is number => t !== null).sort((a, b) => a - b);
    const inRange = (v: number | null, lo?: number, hi?: number) => v !== null && (lo === undefined || v >= lo) && (hi === undefined || v <= hi);
    const cases: [Record<string, string>, (c: ConversationRecord) => boolean, 'lastMessageAt' | 'callCompletedAt', 1 | -1][] = [
      [{ lastMessageAtTo: String(to) }, (c) => inRange(c.lastMessageAt, undefined, to), 'lastMessageAt', -1],
      [{ lastMessageAtFrom: String(from), lastMessageAtTo: String(to), sortDirection: '1' }, (c) => inRange(c.lastMessageAt, from, to), 'lastMessageAt', 1],
      [{ status: 'OPEN', lastMessageAtTo: String(to) }, (c) => c.status === 'OPEN' && inRange(c.lastMessageAt, undefined, to), 'lastMessageAt', -1],
      [{ status: 'OPEN', leadReplied: 'true', lastMessageAtFrom: String(from) }, (c) => c.status === 'OPEN' && c.leadReplied && inRange(c.lastMessageAt, from), 'lastMessageAt', -1],
      [{ sortField: 'callCompletedAt', callCompletedAtFrom: String(calls[1] ?? 0) }, (c) => inRange(c.callCompletedAt, calls[1] ?? 0), 'callCompletedAt', -1],
    ];
    for (const [raw, keep, field, dir] of cases) {
      const found = everything(ws, raw);
      const expected = sortConversations(ws.data.conversations.filter(keep), field, dir).map((c) => c.id);
      expect(found.ids, JSON.stringify(raw)).toEqual(expected);
      expect(found.total, JSON.stringify(raw)).toBe(expected.length);
    }
  });

  it('matches free text on name, emails and company, and follows a lead renamed or added since the last search', () => {
    const ws = bulk(500);
    const lead = ws.data.leads[7]!;
    expect(everything(ws, { q: 'Zebedee-Quux' }).ids).toEqual([]);
    ws.updateLead(lead, { lastname: 'Zebedee-Quux' });
    expect(everything(ws, { q: 'zebedee-quux' }).ids).toEqual(byDate(ws.data.conversations.filter((c) => c.leadId === lead.id)));
    expect(leadMatchesText(lead, ` ${lead.firstname} zebedee `)).toBe(true);

    const added = { ...lead, id: 'lead_added', lastname: 'Addedlater', proEmail: null, persoEmail: null, pronetUrl: null };
    ws.addLead(added);
    ws.addConversation({ ...ws.data.conversations[0]!, id: 'conv_added', leadId: added.id });
    expect(everything(ws, { q: 'addedlater' }).ids).toEqual(['conv_added']);
  });

  describe('free text q through the index, against the rule applied lead by lead', () => {
    const ws = bulk(2000);
    const sample = ws.leads.get(ws.data.conversations[5]!.leadId)!;
    const someLeads = ws.data.leads.slice(0, 40).map((l) => l.id);
    /** The old scan: every conversation whose lead the rule matches, plus the other filter. */
    const expectFor = (raw: Record<string, string>, keep: (c: ConversationRecord) => boolean = () => true) => {
      const dir = raw.sortDirection === '1' ? 1 : -1;
      const expected = ws.data.conversations.filter((c) => leadMatchesText(ws.leads.get(c.leadId)!, raw.q!) && keep(c));
      const found = everything(ws, raw);
      expect(found.ids, JSON.stringify(raw)).toEqual(sortConversations(expected, 'lastMessageAt', dir).map((c) => c.id));
      expect(found.total, JSON.stringify(raw)).toBe(expected.length);
      return expected.length;
    };
    const cases: [string, Record<string, string>, ((c: ConversationRecord) => boolean)?][] = [
      ['one word', { q: sample.lastname }],
      ['two words', { q: `${sample.firstname} ${sample.lastname}` }],
      ['upper case', { q: sample.lastname.toUpperCase() }],
      ['part of a word', { q: sample.lastname.slice(1, 4) }],
      ['across first and last name', { q: `${sample.firstname.slice(-1)} ${sample.lastname.slice(0, 3)}` }],
      ['an email', { q: sample.proEmail ?? sample.lastname }],
      ['a company word', { q: 'robotics' }],
      ['punctuation', { q: '@' }],
      ['accents, not folded', { q: 'müller' }],
      ['no match', { q: 'zzqqxx' }],
      ['with a status', { q: sample.lastname, status: 'OPEN' }, (c) => c.status === 'OPEN'],
      ['with leadIds', { q: 'a', leadIds: someLeads.join(',') }, (c) => someLeads.includes(c.leadId)],
      ['with leadIds none of which matches', { q: 'zzqqxx', leadIds: someLeads.join(',') }, (c) => someLeads.includes(c.leadId)],
      ['oldest first', { q: sample.lastname, sortDirection: '1' }],
    ];

    it.each(cases)('%s', (_name, raw, keep) => {
      expectFor(raw, keep);
    });

    it('after a lead is renamed, a lead is added with a conversation, and a lead replies', () => {
      expect(expectFor({ q: sample.lastname })).toBeGreaterThan(1);
      const renamed = ws.data.leads.find((l) => l.lastname === sample.lastname && l.id !== sample.id && ws.conversationsOfLead(l.id).length > 0)!;
      ws.updateLead(renamed, { lastname: 'Zebedee', companyName: 'Quux Works' });
      const added = { ...sample, id: 'lead_added', firstname: 'Added', lastname: `Later${sample.lastname}`, proEmail: null, persoEmail: null };
      ws.addLead(added);
      ws.addConversation({ ...ws.data.conversations[0]!, id: 'conv_added', leadId: added.id, lastMessageAt: NOW - 1 });
      // An inbound message moves the sample's conversation to the top of the order.
      const replied = ws.conversationsOfLead(sample.id)[0]!;
      ws.addMessage({ id: 'msg_in', conversationId: replied.id, direction: 'RECEIVED', channel: 'EMAIL', status: 'RECEIVED', subject: null, content: 'hi', createdAt: NOW, memberId: null, attachments: [] });

      for (const q of [sample.lastname, 'zebedee', 'quux works', 'added later', `later${sample.lastname}`]) expectFor({ q });
      expect(everything(ws, { q: 'zebedee' }).ids).toEqual(byDate([...ws.conversationsOfLead(renamed.id)]));
      expect(everything(ws, { q: sample.lastname }).ids[0]).toBe(replied.id);
      expectFor({ q: sample.lastname, status: 'OPEN' }, (c) => c.status === 'OPEN');
    });
  });
});
