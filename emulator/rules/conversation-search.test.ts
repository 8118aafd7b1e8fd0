import { describe, expect, it } from 'vitest';
import { ConversationSearchQuery } from '../../lib/api/schemas';
import type { ConversationRecord } from '../model';
import { buildSeed } from '../seed/index';
import { sortConversations } from '../search-index';
import { WorkspaceStore } from '../store';
import { leadMatchesText, searchConversations } from './conversation-search';

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
    const open = ws.data.conversations.find((c) => c.status === 'OPEN' && c.identityId === identity)!;
    ws.updateConversation(open, { status: 'ARCHIVED', lastMessageAt: NOW + 1 });
    expectFor({ status: 'OPEN' }, (c) => c.status === 'OPEN');
    expectFor({ status: 'ARCHIVED' }, (c) => c.status === 'ARCHIVED');
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
});
