import { describe, expect, it } from 'vitest';
import { CampaignResponse, LeadStatsItem, MessageTemplate } from '../../lib/api/schemas/campaigns';
import { EngagementStats } from '../../lib/api/schemas/engagement-stats';
import { canonicalProfileUrl } from '../../lib/pronet/canonical-url';
import type { ConversationRecord, WorkspaceData, WorldData } from '../model';
import { demoSeedClock } from './demo';
import { buildSeed } from './index';
import { jobTitle } from './people';
import { createRng } from './prng';

const NOW = Date.UTC(2025, 5, 15, 9, 30);
const DAY = 86_400_000;
const demo = buildSeed('demo', { now: NOW });

const pro = (w: WorldData): WorkspaceData => {
  const ws = w.workspaces.find((x) => x.name === 'demo-pro');
  if (!ws) throw new Error('no demo-pro workspace');
  return ws;
};
const url = (slug: string): string => `https://www.pronet.example/in/${slug}/`;

function leadBySlug(ws: WorkspaceData, slug: string) {
  return ws.leads.find((l) => l.pronetUrl === url(slug));
}
function conversationsOf(ws: WorkspaceData, leadId: string): ConversationRecord[] {
  return ws.conversations.filter((c) => c.leadId === leadId);
}

/** The invariants of SEED-CONTRACT.md over a whole world: the list of violations (empty when all hold). */
function violations(world: WorldData, now: number): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, what: string): void => {
    if (!ok && problems.length < 20) problems.push(what);
  };
  const ids = new Set<string>();
  const unique = (id: string): void => {
    check(!ids.has(id), `duplicate id ${id}`);
    ids.add(id);
  };
  const keys = new Set<string>();
  for (const ws of world.workspaces) {
    check(!keys.has(ws.apiKey), `duplicate key of ${ws.name}`);
    keys.add(ws.apiKey);
    unique(ws.id);
    for (const list of [ws.members, ws.identities, ws.audiences, ws.leads, ws.conversations, ws.messages, ws.leadLogs, ws.crm.records]) {
      for (const x of list) unique(x.id);
    }
    for (const c of ws.campaigns) {
      unique(c.id);
      check(/^[0-9a-f]{24}$/.test(c.id), `campaign id ${c.id}`);
    }
    const memberIds = new Set(ws.members.map((m) => m.id));
    const identityIds = new Set(ws.identities.map((i) => i.id));
    const audienceIds = new Set(ws.audiences.map((a) => a.id));
    const leadIds = new Set(ws.leads.map((l) => l.id));
    const campaigns = new Map(ws.campaigns.map((c) => [c.id, c]));
    for (const lead of ws.leads) {
      if (lead.pronetUrl !== null) check(canonicalProfileUrl(lead.pronetUrl) === lead.pronetUrl, `pronetUrl ${lead.pronetUrl}`);
      for (const e of [lead.proEmail, lead.persoEmail]) if (e !== null) check(e === e.toLowerCase(), `email ${e}`);
      for (const a of lead.audienceIds) check(audienceIds.has(a), `lead ${lead.id} audience ${a}`);
    }
    for (const c of ws.campaigns) {
      check(audienceIds.has(c.audienceId) && identityIds.has(c.identityId), `campaign ${c.id} references`);
      check(new Set(c.statsLeads.map((s) => s.id)).size === c.statsLeads.length, `campaign ${c.id} statsLeads ids`);
    }
    const newest = new Map<string, (typeof ws.messages)[number]>();
    const received = new Set<string>();
    for (const m of ws.messages) {
      const prev = newest.get(m.conversationId);
      if (!prev || m.createdAt >= prev.createdAt) newest.set(m.conversationId, m);
      check(m.createdAt < now, `message ${m.id} in the future`);
      if (m.direction === 'RECEIVED') {
        received.add(m.conversationId);
        check(m.status === 'RECEIVED' && m.memberId === null, `received message ${m.id}`);
      } else {
        check(memberIds.has(m.memberId ?? ''), `sent message ${m.id} member`);
      }
      check(m.channel === 'EMAIL' || m.subject === null, `subject on ${m.channel} message ${m.id}`);
    }
    for (const c of ws.conversations) {
      check(leadIds.has(c.leadId) && identityIds.has(c.identityId), `conversation ${c.id} references`);
      if (c.campaignId !== null) {
        const campaign = campaigns.get(c.campaignId);
        check(campaign?.audienceId === c.audienceId && campaign.identityId === c.identityId, `conversation ${c.id} campaign`);
      }
      const last = newest.get(c.id);
      check(
        c.lastMessageAt === (last?.createdAt ?? null) &&
          c.lastMessageStatus === (last?.status ?? null) &&
          c.lastMessageType === (last?.channel ?? null),
        `conversation ${c.id} last message`,
      );
      check(c.leadReplied === received.has(c.id), `conversation ${c.id} leadReplied`);
      check((c.status === 'SNOOZED') === (c.snoozeUntil !== null), `conversation ${c.id} snooze`);
      check(c.snoozeUntil === null || c.snoozeUntil > now, `conversation ${c.id} snooze in the past`);
      check((c.note ?? '').length <= 1500, `conversation ${c.id} note length`);
    }
  }
  return problems;
}

describe('demo seed: the profiles of design.md', () => {
  const ws = pro(demo);

  it('is a Pro workspace with CRM sync and both CRMs connected', () => {
    expect(ws.plan).toBe('PRO');
    expect(ws.crmSync).toBe(true);
    expect(ws.crm.crmA.connected).toBe(true);
    expect(ws.crm.crmB.connected).toBe(true);
    // Issue 44: one in crmA, one in crmB, one in both, a non-lead by name only.
    const ids = (crm: string) => ws.crm.records.filter((r) => r.crm === crm).map((r) => r.name);
    expect(ids('crmB')).toEqual(expect.arrayContaining(['Alan Turing', 'Katherine Johnson', 'Margaret Hamilton']));
    expect(ids('crmA')).toEqual(expect.arrayContaining(['Ada Lovelace', 'Katherine Johnson']));
    expect(ws.crm.records.find((r) => r.name === 'Margaret Hamilton')).toMatchObject({ email: null, pronetUrl: null });
    expect(ws.credits).toEqual({ total: 120, perishable: 20 });
  });

  it('ada-lovelace: one OPEN conversation, lead replied, a note, messages both ways', () => {
    const ada = leadBySlug(ws, 'ada-lovelace');
    expect(ada?.proEmail).toBe('ada@analytical.example');
    const convs = conversationsOf(ws, ada?.id ?? '');
    expect(convs).toHaveLength(1);
    const [c] = convs;
    expect(c?.status).toBe('OPEN');
    expect(c?.leadReplied).toBe(true);
    expect(c?.note).toBeTruthy();
    const messages = ws.messages.filter((m) => m.conversationId === c?.id);
    expect(messages.length).toBeGreaterThanOrEqual(3);
    expect(new Set(messages.map((m) => m.direction))).toEqual(new Set(['SENT', 'RECEIVED']));
    expect(ws.crm.records.some((r) => r.email === 'ada@analytical.example')).toBe(true);
    expect(ws.crm.records.some((r) => r.pronetUrl === url('ada-lovelace'))).toBe(true);
  });

  it('grace-hopper: two OPEN conversations, two identities, two campaigns with different names', () => {
    const convs = conversationsOf(ws, leadBySlug(ws, 'grace-hopper')?.id ?? '');
    expect(convs).toHaveLength(2);
    expect(convs.every((c) => c.status === 'OPEN')).toBe(true);
    expect(new Set(convs.map((c) => c.identityId)).size).toBe(2);
    const names = convs.map((c) => ws.campaigns.find((k) => k.id === c.campaignId)?.name);
    expect(names.every((n) => typeof n === 'string')).toBe(true);
    expect(new Set(names).size).toBe(2);
  });

  it('alan-turing: one conversation SNOOZED three days ahead', () => {
    const convs = conversationsOf(ws, leadBySlug(ws, 'alan-turing')?.id ?? '');
    // Three days from the seed clock (the start of the day): after now, and the same on every restart that day.
    expect(convs.map((c) => [c.status, c.snoozeUntil])).toEqual([['SNOOZED', demoSeedClock(NOW) + 3 * DAY]]);
  });

  it('katherine-johnson: one ARCHIVED conversation', () => {
    const convs = conversationsOf(ws, leadBySlug(ws, 'katherine-johnson')?.id ?? '');
    expect(convs.map((c) => c.status)).toEqual(['ARCHIVED']);
  });

  it('edsger-dijkstra: a lead with no conversation', () => {
    const edsger = leadBySlug(ws, 'edsger-dijkstra');
    expect(edsger).toBeDefined();
    expect(conversationsOf(ws, edsger?.id ?? '')).toEqual([]);
  });

  it('margaret-hamilton: a profile on the site and no lead anywhere', () => {
    expect(demo.profiles.some((p) => p.slug === 'margaret-hamilton')).toBe(true);
    for (const w of demo.workspaces) expect(leadBySlug(w, 'margaret-hamilton')).toBeUndefined();
  });

  it('gives every design.md person and most leads a site profile', () => {
    const slugs = new Set(demo.profiles.map((p) => p.slug));
    for (const s of ['ada-lovelace', 'grace-hopper', 'alan-turing', 'katherine-johnson', 'edsger-dijkstra', 'margaret-hamilton']) {
      expect(slugs.has(s)).toBe(true);
    }
    expect(slugs.size).toBe(demo.profiles.length);
    const withUrl = ws.leads.filter((l) => l.pronetUrl !== null);
    expect(withUrl.length / ws.leads.length).toBeGreaterThan(0.8);
    for (const l of withUrl) expect(slugs.has(l.pronetUrl?.split('/')[4] ?? '')).toBe(true);
  });
});

describe('demo seed: volume and variety', () => {
  const ws = pro(demo);
  const convs = ws.conversations;

  it('holds hundreds of leads, dozens of campaigns and thousands of messages', () => {
    expect(ws.leads.length).toBeGreaterThanOrEqual(400);
    expect(ws.campaigns.length).toBeGreaterThanOrEqual(30);
    expect(ws.messages.length).toBeGreaterThanOrEqual(2000);
    expect(ws.members.length).toBeGreaterThanOrEqual(3);
    expect(ws.identities.some((i) => !i.pronetConnected)).toBe(true);
    expect(new Set(ws.campaigns.map((c) => c.status))).toEqual(new Set(['READY', 'PAUSED', 'RUNNING', 'COMPLETED']));
  });

  it('has every conversation state, flag and channel the filters need', () => {
    for (const s of ['OPEN', 'SNOOZED', 'ARCHIVED'] as const) expect(convs.filter((c) => c.status === s).length).toBeGreaterThan(5);
    expect(convs.filter((c) => c.leadReplied).length).toBeGreaterThan(5);
    expect(convs.filter((c) => !c.read).length).toBeGreaterThan(5);
    expect(convs.some((c) => c.favourite)).toBe(true);
    expect(convs.some((c) => c.callCompletedAt !== null)).toBe(true);
    expect(convs.some((c) => c.lastMessageType === 'PRONET')).toBe(true);
    expect(convs.some((c) => c.lastMessageType === 'EMAIL')).toBe(true);
    expect(convs.some((c) => c.lastMessageStatus === 'SEND_FAILED')).toBe(true);
    expect(ws.leads.some((l) => l.unsubscribed)).toBe(true);
    expect(ws.leadLogs.length).toBeGreaterThan(0);
  });

  it('has pages to turn: a long thread, a big campaign, a big audience', () => {
    const perConversation = new Map<string, number>();
    for (const m of ws.messages) perConversation.set(m.conversationId, (perConversation.get(m.conversationId) ?? 0) + 1);
    expect(Math.max(...perConversation.values())).toBeGreaterThanOrEqual(60);
    expect(Math.max(...ws.campaigns.map((c) => c.statsLeads.length))).toBeGreaterThanOrEqual(60);
    const audienceSizes = ws.audiences.map((a) => ws.leads.filter((l) => l.audienceIds.includes(a.id)).length);
    expect(Math.max(...audienceSizes)).toBeGreaterThanOrEqual(30);
  });

  it('carries harmless and hostile HTML in messages, and a note near the limit', () => {
    const bodies = ws.messages.map((m) => m.content);
    expect(bodies.some((b) => b.includes('<b>'))).toBe(true);
    expect(bodies.some((b) => b.includes('onerror='))).toBe(true);
    expect(bodies.some((b) => b.includes('<script>'))).toBe(true);
    expect(Math.max(...convs.map((c) => (c.note ?? '').length))).toBeGreaterThan(1400);
  });

  it('fills message templates with merge placeholders and sends them filled', () => {
    const templates = ws.campaigns.flatMap((c) => c.templates);
    expect(templates.some((t) => t.contentHtml.includes('{{firstname}}'))).toBe(true);
    expect(new Set(templates.map((t) => t.channel))).toEqual(new Set(['EMAIL', 'PRONET', 'MICROBLOG']));
    expect(ws.messages.some((m) => m.content.includes('{{'))).toBe(false);
    for (const c of ws.campaigns) {
      expect(c.templates.map((t) => t.order)).toEqual(c.templates.map((_, i) => i));
      if (c.templates.length > 0) expect(c.templates[0]?.type).toBe('INITIAL');
      for (const t of c.templates) expect(MessageTemplate.safeParse(t).success).toBe(true);
    }
  });

  it('gives every campaign a full stats tree that parses and matches its audience', () => {
    for (const w of demo.workspaces) {
      for (const c of w.campaigns) {
        const parsed = EngagementStats.safeParse({ campaignId: c.id, ...c.stats });
        expect(parsed.success, parsed.error?.message).toBe(true);
        expect(c.stats.audienceSize).toBe(w.leads.filter((l) => l.audienceIds.includes(c.audienceId)).length);
        expect(c.converted).toBe(c.stats.converted);
        expect(c.activated).toBe(c.stats.started);
        for (const item of c.statsLeads) expect(LeadStatsItem.safeParse(item).success).toBe(true);
        const audience = w.audiences.find((a) => a.id === c.audienceId);
        const identity = w.identities.find((i) => i.id === c.identityId);
        const wire = {
          ...c,
          audienceName: audience?.name,
          audienceSize: c.stats.audienceSize,
          identityFirstname: identity?.firstname,
          identityLastname: identity?.lastname,
        };
        expect(CampaignResponse.safeParse({ statusCode: 200, campaign: wire }).success).toBe(true);
      }
    }
  });

  it('has a Starter workspace and a Pro workspace without CRM sync', () => {
    const starter = demo.workspaces.find((w) => w.plan === 'STARTER');
    expect(starter?.name).toBe('demo-starter');
    expect(starter?.members.length).toBeGreaterThan(0);
    expect(demo.workspaces.some((w) => w.plan === 'PRO' && !w.crmSync)).toBe(true);
  });

  it('keeps every invariant of the seed contract', () => {
    expect(violations(demo, NOW)).toEqual([]);
  });
});

describe('determinism', () => {
  it('builds the same world twice', () => {
    expect(JSON.stringify(buildSeed('demo', { now: NOW }))).toBe(JSON.stringify(demo));
  });

  it('moves every date with the clock but keeps ids and keys', () => {
    const later = buildSeed('demo', { now: NOW + 7 * DAY });
    const a = pro(demo);
    const b = pro(later);
    expect(b.apiKey).toBe(a.apiKey);
    expect(b.leads.map((l) => l.id)).toEqual(a.leads.map((l) => l.id));
    expect(b.conversations.map((c) => c.lastMessageAt)).toEqual(a.conversations.map((c) => (c.lastMessageAt ?? 0) + 7 * DAY));
  });

  it('prints deterministic keys', () => {
    for (const ws of demo.workspaces) expect(ws.apiKey).toMatch(/^key_[a-z0-9-]+_[0-9a-f]{32}$/);
  });
});

describe('demo seed: reads as real data', () => {
  it('keeps every past time when the emulator restarts later the same day (a fixed seed clock)', () => {
    const later = pro(buildSeed('demo', { now: NOW + 9 * 3_600_000 }));
    const a = pro(demo);
    expect(later.messages.map((m) => m.createdAt)).toEqual(a.messages.map((m) => m.createdAt));
    expect(later.leadLogs.map((l) => l.createdAt)).toEqual(a.leadLogs.map((l) => l.createdAt));
    // The snoozes that wake later today still wake after the later start.
    const wakes = later.conversations.filter((c) => c.snoozeUntil !== null).map((c) => c.snoozeUntil as number);
    expect(Math.min(...wakes)).toBeGreaterThan(NOW + 9 * 3_600_000);
  });

  it("tells Ada's thread in an order that makes sense: the offer, her yes, the invite, her question after the call", () => {
    const ws = pro(demo);
    const ada = leadBySlug(ws, 'ada-lovelace')!;
    const [conversation] = conversationsOf(ws, ada.id);
    const thread = ws.messages.filter((m) => m.conversationId === conversation!.id).sort((x, y) => x.createdAt - y.createdAt);
    const received = thread.filter((m) => m.direction === 'RECEIVED').map((m) => m.content);
    const sentAfterReply = thread.slice(thread.findIndex((m) => m.direction === 'RECEIVED')).filter((m) => m.direction === 'SENT');
    expect(received[0]).toMatch(/love.*Thursday/);
    expect(sentAfterReply.map((m) => m.content).join(' ')).toMatch(/invite/);
    expect(sentAfterReply.map((m) => m.content).join(' ')).not.toMatch(/removed you|next quarter/i);
    expect(received.at(-1)).toMatch(/pricing/i);
  });

  it('makes job titles that never repeat their role ("Engineering Engineer")', () => {
    const rng = createRng('titles');
    const stem = (w: string) => w.toLowerCase().slice(0, 6);
    const titles = Array.from({ length: 3000 }, () => jobTitle(rng));
    const odd = titles.filter((title) => {
      const words = title.split(' ');
      return new Set(words.map(stem)).size !== words.length;
    });
    expect(odd).toEqual([]);
    const everyLead = demo.workspaces.flatMap((w) => w.leads.map((l) => l.jobTitle ?? ''));
    expect(everyLead.filter((t) => /\bEngineering Engineer\b/.test(t))).toEqual([]);
  });
});

describe('empty seed', () => {
  const empty = buildSeed('empty', { now: NOW });

  it('has workspaces with a member and an identity and no data', () => {
    const [main] = empty.workspaces;
    expect(main?.name).toBe('empty');
    expect(main?.plan).toBe('PRO');
    expect(main?.crmSync).toBe(false);
    expect(main?.credits).toEqual({ total: 10, perishable: 0 });
    for (const ws of empty.workspaces) {
      expect(ws.members).toHaveLength(1);
      expect(ws.identities).toHaveLength(1);
      expect([ws.leads, ws.campaigns, ws.conversations, ws.messages, ws.audiences]).toEqual([[], [], [], [], []]);
    }
  });

  it('keeps the demo keys, so a configured extension survives a reset', () => {
    expect(empty.workspaces.find((w) => w.plan === 'PRO')?.apiKey).toBe(pro(demo).apiKey);
    expect(empty.workspaces.find((w) => w.plan === 'STARTER')?.apiKey).toBe(
      demo.workspaces.find((w) => w.plan === 'STARTER')?.apiKey,
    );
  });

  it('still has the design.md profiles on the site', () => {
    expect(empty.profiles.map((p) => p.slug)).toContain('margaret-hamilton');
    expect(empty.profiles).toHaveLength(6);
  });
});

describe('bulk workspace (--leads N)', () => {
  it('adds N leads, about one conversation each, and a profile per lead', { timeout: 120_000 }, () => {
    const n = 100_000;
    const world = buildSeed('demo', { now: NOW, leads: n });
    const bulk = world.workspaces.find((w) => w.name === 'bulk');
    expect(bulk?.plan).toBe('BUSINESS');
    expect(bulk?.crmSync).toBe(true);
    expect(bulk?.leads).toHaveLength(n);
    const convs = bulk?.conversations.length ?? 0;
    expect(convs).toBeGreaterThan(n * 0.9);
    expect(convs).toBeLessThan(n * 1.2);
    expect(world.profiles.length).toBe(demo.profiles.length + n);
    for (const c of bulk?.campaigns ?? []) {
      expect(c.statsLeads.length).toBeLessThanOrEqual(1000);
      expect(EngagementStats.safeParse({ campaignId: c.id, ...c.stats }).success).toBe(true);
    }
    const statuses = new Set(bulk?.conversations.map((c) => c.status));
    expect(statuses).toEqual(new Set(['OPEN', 'SNOOZED', 'ARCHIVED']));
    expect(new Set(bulk?.conversations.map((c) => c.lastMessageStatus))).toEqual(
      new Set(['RECEIVED', 'SENDING', 'SENT', 'SEND_FAILED', 'INFO']),
    );
    expect(violations(world, NOW)).toEqual([]);
  });
});
