import { describe, expect, it } from 'vitest';
import type { Campaign, LeadStatsItem } from '../../api/schemas';
import { STANDING_FRESH_MS, STANDING_MAX_PAGES } from '../../inbox/campaign-lead-index';
import type { OutboxCallOptions } from '../outbox';
import { campaignStandingHandlers, standingOf } from './campaign-standing';

const ctx = { sender: 'page' } as never;

function item(id: string, over: Partial<LeadStatsItem> = {}): LeadStatsItem {
  return {
    id, firstname: 'F', lastname: 'L', email: '', pronetUrl: '', companyName: null, companyUrl: null, phone: null, jobTitle: null,
    profilePicture: null, note: null, gender: null, industry: null, acceptationDate: null, status: 'STARTED', relationStatus: 'NOT_SENT',
    pronet_relation_status: 'NOT_SENT', replied: 0, action_todo: '', email_sent: 0, email_opened: 0, email_clicked: 0, email_replied: 0,
    pronet_visit: 0, pronet_dm_sent: 0, pronet_audio_sent: 0, pronet_replied: 0, microblog_posted: 0, microblog_reposted: 0,
    microblog_favourited: 0, microblog_followed: 0, microblog_unfollowed: 0, microblog_dm_sent: 0, post_sent: 0, tag: 'IN_PROGRESS',
    outOfOfficeReturnDate: null, outOfOfficeNextActionDate: null, ...over,
  };
}

function setup(leads: number) {
  let now = 5_000_000;
  const calls: { what: string; priority: unknown }[] = [];
  const all = Array.from({ length: leads }, (_, i) => item(`L${i}`, i === 3 ? { action_todo: 'TO_CALL,TO_QUALIFY', email_sent: 3, email_opened: 3, email_clicked: 1 } : {}));
  const m = new Map<string, unknown>();
  const handlers = campaignStandingHandlers({
    api: {
      campaign: async (id: string, o: OutboxCallOptions) => {
        calls.push({ what: 'campaign', priority: o.priority });
        return { id, name: 'UK analytics leaders', status: 'RUNNING' } as Campaign;
      },
      campaignStatsLeads: async (_id: string, after: string | null, o: OutboxCallOptions) => {
        calls.push({ what: `page after ${after}`, priority: o.priority });
        const from = after === null ? 0 : all.findIndex((l) => l.id === after) + 1;
        const page = all.slice(from, from + 25);
        return { statusCode: 200, leads: page, count: all.length, hasMore: from + 25 < all.length, hasLess: from > 0 };
      },
    },
    meta: { get: async <T>(k: string) => m.get(k) as T | undefined, set: async (k: string, v: unknown) => void m.set(k, structuredClone(v)) },
    clock: { now: () => now },
    key: () => 'key_one',
  });
  const ask = (leadId: string, further?: boolean) => handlers['campaign-standing']({ type: 'campaign-standing', leadId, campaignId: 'cmp_1', ...(further ? { further } : {}) }, ctx);
  return { ask, calls, tick: (ms: number) => (now += ms) };
}

describe('campaign-standing', () => {
  it('reads the campaign and the first page at list priority, and words the lead item', async () => {
    const s = setup(60);
    const view = await s.ask('L3');
    expect(view.campaign).toEqual({ id: 'cmp_1', name: 'UK analytics leaders', status: 'RUNNING' });
    expect(view.item).toMatchObject({ todo: ['TO_CALL', 'TO_QUALIFY'], email: { sent: 3, opened: 3, clicked: 1, replied: 0 } });
    expect(s.calls).toEqual([
      { what: 'campaign', priority: 'list' },
      { what: 'page after null', priority: 'list' },
    ]);
  });

  it('shares the pages read among the leads of a campaign, read on where the last view stopped', async () => {
    const s = setup(60);
    await s.ask('L3');
    await s.ask('L10');
    expect(s.calls).toHaveLength(2);
    const far = await s.ask('L40');
    expect(far.item).not.toBeNull();
    expect(s.calls.map((c) => c.what)).toEqual(['campaign', 'page after null', 'page after L24']);
    expect(far).toMatchObject({ leadsRead: 50, leadsTotal: 60, complete: false });
  });

  it('reads one campaign at a time: two panels asking at once pay for a page once', async () => {
    const s = setup(60);
    await Promise.all([s.ask('L3'), s.ask('L5')]);
    expect(s.calls.filter((c) => c.what.startsWith('page'))).toHaveLength(1);
  });

  it('reads at most a share of pages a view, and on when the user asks, above list work', async () => {
    const s = setup(25 * (STANDING_MAX_PAGES + 5));
    const first = await s.ask(`L${25 * (STANDING_MAX_PAGES + 2)}`);
    expect(first).toMatchObject({ item: null, complete: false, leadsRead: 25 * STANDING_MAX_PAGES });
    const further = await s.ask(`L${25 * (STANDING_MAX_PAGES + 2)}`, true);
    expect(further.item).not.toBeNull();
    expect(s.calls.at(-1)?.priority).toBe('background');
  });

  it('says when the whole campaign was read and the lead is not in it; reads afresh once stale', async () => {
    const s = setup(30);
    expect(await s.ask('nobody')).toMatchObject({ item: null, complete: true, leadsRead: 30 });
    const before = s.calls.length;
    await s.ask('nobody');
    expect(s.calls).toHaveLength(before);
    s.tick(STANDING_FRESH_MS);
    await s.ask('L3');
    expect(s.calls.slice(before).map((c) => c.what)).toEqual(['campaign', 'page after null']);
  });
});

describe('standingOf', () => {
  it('keeps what a salesperson acts on, with out of office as a date', () => {
    const back = Date.UTC(2026, 11, 20);
    const view = standingOf(item('L1', { action_todo: 'TO_REVIEW, to_call ,BOGUS', pronet_visit: 2, pronet_dm_sent: 1, outOfOfficeReturnDate: new Date(back).toISOString() }), 42);
    expect(view).toEqual({
      id: 'L1', todo: ['TO_REVIEW', 'TO_CALL'], email: { sent: 0, opened: 0, clicked: 0, replied: 0 },
      pronet: { visits: 2, messages: 1, voice: 0, replied: 0 }, tag: 'IN_PROGRESS', outOfOfficeUntil: back, readAt: 42,
    });
    expect(standingOf(item('L2', { outOfOfficeReturnDate: 'not a date' }), 1).outOfOfficeUntil).toBeNull();
  });
});
