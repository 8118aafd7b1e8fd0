import { describe, expect, it } from 'vitest';
import { LeadStatsItem } from '../../lib/api/schemas/campaigns';
import { EngagementStats } from '../../lib/api/schemas/engagement-stats';
import type { LeadRecord } from '../model';
import { createRng } from './prng';
import { engagementStats } from './engagement-stats';
import { type CampaignShape, REPLY_OUTCOMES, leadStatsItem, pct } from './stats';

const NOW = Date.UTC(2025, 5, 15, 12);
const DAY = 86_400_000;

function lead(i: number, extra: Partial<LeadRecord> = {}): LeadRecord {
  return {
    id: `lead_${i}`, firstname: 'Ann', lastname: `Doe${i}`, proEmail: `ann${i}@x.example`, persoEmail: null,
    pronetUrl: `https://www.pronet.example/in/ann-${i}/`, microblog: `ann${i}`, companyName: 'X', companyUrl: null,
    jobTitle: null, phone: null, location: null, industry: null, gender: null, shortBio: null, dateOfBirth: null,
    picture: null, crmIds: {}, audienceIds: [], statusByCampaign: {}, unsubscribed: false, createdAt: 0, modifiedAt: 0,
    ...extra,
  };
}

const shape = (over: Partial<CampaignShape> = {}): CampaignShape => ({
  started: true, email: true, pronet: true, microblog: true, enrich: true, emailSteps: 3, pronetSteps: 2,
  launchedAt: NOW - 30 * DAY, now: NOW, ...over,
});

function percents(value: unknown, path = ''): [string, number][] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    k.endsWith('Percent') && typeof v === 'number' ? [[`${path}${k}`, v] as [string, number]] : percents(v, `${path}${k}.`),
  );
}

describe('pct', () => {
  it('rounds to an integer and is 0 for an empty whole', () => {
    expect(pct(1, 3)).toBe(33);
    expect(pct(2, 3)).toBe(67);
    expect(pct(5, 0)).toBe(0);
  });
});

describe('leadStatsItem', () => {
  it('leaves every counter at zero in a campaign that has not started', () => {
    const item = leadStatsItem(createRng(1), lead(1), shape({ started: false }));
    expect(item.status).toBe('NOT_STARTED');
    expect(item.email_sent + item.pronet_dm_sent + item.replied).toBe(0);
    expect(LeadStatsItem.safeParse(item).success).toBe(true);
  });

  it('uses only the channels of the campaign', () => {
    const rng = createRng(2);
    for (let i = 0; i < 50; i++) {
      const item = leadStatsItem(rng, lead(i), shape({ pronet: false, microblog: false }));
      expect(item.pronet_dm_sent + item.pronet_visit + item.pronet_replied).toBe(0);
      expect(item.microblog_followed + item.microblog_dm_sent).toBe(0);
      expect(item.email_sent).toBeLessThanOrEqual(3);
    }
  });

  it('honours a forced reply and outcome, on a channel the lead was contacted on', () => {
    const rng = createRng(3);
    for (let i = 0; i < 30; i++) {
      const item = leadStatsItem(rng, lead(i), shape(), { replied: true, outcome: 'INTERESTED' });
      expect(item.replied).toBe(1);
      expect(item.status).toBe('INTERESTED');
      expect(item.pronet_replied === 1 ? item.pronet_dm_sent : item.email_sent).toBeGreaterThan(0);
    }
  });

  it('keeps a forced-contacted lead without email reachable over pronet', () => {
    const item = leadStatsItem(createRng(4), lead(1, { proEmail: null }), shape(), { contacted: true, replied: false });
    expect(item.pronet_dm_sent).toBeGreaterThan(0);
    expect(item.replied).toBe(0);
  });
});

describe('engagementStats', () => {
  const rng = createRng(5);
  const s = shape();
  const items = Array.from({ length: 300 }, (_, i) => leadStatsItem(rng, lead(i), s));
  const tree = engagementStats(items, {
    rng, audienceSize: 300, shape: s, createdAt: NOW - 40 * DAY,
    templates: [
      { id: 't0', type: 'INITIAL', channel: 'PRONET', contentHtml: '<p>hi</p>', subjectHtml: '', order: 0, active: true },
      { id: 't1', type: 'FOLLOW_UP', channel: 'EMAIL', contentHtml: '<p>hi</p>', subjectHtml: 'Hello', order: 1, active: true },
      { id: 't2', type: 'FOLLOW_UP', channel: 'EMAIL', contentHtml: '<p>again</p>', subjectHtml: 'Re: Hello', order: 2, active: true },
    ],
  });

  it('parses with the wire schema once the campaign id is added', () => {
    expect(EngagementStats.safeParse({ campaignId: 'c', ...tree }).success).toBe(true);
  });

  it('counts from the leads and agrees with itself', () => {
    expect(tree.replies.replied).toBe(items.filter((i) => i.replied > 0).length);
    expect(tree.replies.replied).toBe(tree.status.replied.total + tree.status.won.total + tree.status.lost.total);
    expect(tree.replies.pronetReplied + tree.replies.emailReplied).toBe(tree.replies.replied);
    expect(tree.replies.contacted).toBeLessThanOrEqual(tree.replies.pronetContacted + tree.replies.emailContacted);
    expect(tree.relations.relations).toBe(tree.relations.newRelations + tree.relations.alreadyConnected);
    expect(tree.converted).toBe(tree.status.won.converted);
    expect(tree.channel.email.received).toBe(tree.channel.email.sent - tree.channel.email.bounced);
    expect(tree.replies.contactedReplyPercent).toBe(pct(tree.replies.replied, tree.replies.contacted));
    const outcomes = [...REPLY_OUTCOMES.replied, ...REPLY_OUTCOMES.won, ...REPLY_OUTCOMES.lost] as string[];
    expect(items.filter((i) => i.replied > 0).every((i) => outcomes.includes(i.status))).toBe(true);
  });

  it('keeps every percentage between 0 and 100', () => {
    const all = percents(tree);
    expect(all.length).toBeGreaterThan(60);
    for (const [path, value] of all) {
      expect(value, path).toBeGreaterThanOrEqual(0);
      expect(value, path).toBeLessThanOrEqual(100);
    }
  });

  it('has one template entry per email step, in order', () => {
    expect(tree.templates.map((t) => [t.templateId, t.position, t.channel])).toEqual([
      ['t1', 0, 'MAILBOX'],
      ['t2', 1, 'MAILBOX'],
    ]);
    const [first, second] = tree.templates;
    expect(second?.sent ?? 0).toBeLessThanOrEqual(first?.sent ?? 0);
  });

  it('scales a sample to the audience size', () => {
    const scaled = engagementStats(items.slice(0, 100), {
      rng: createRng(6), audienceSize: 1000, shape: s, templates: [], createdAt: 0,
    });
    expect(scaled.audienceSize).toBe(1000);
    expect(scaled.started).toBe(1000);
    expect(EngagementStats.safeParse({ campaignId: 'c', ...scaled }).success).toBe(true);
  });
});
