/**
 * The `demo` seed: a Pro workspace with CRM sync holding the profiles of design.md in their stated
 * states amid a few hundred filler leads, a Pro workspace without CRM sync, and a Starter workspace
 * (which the API refuses). Deterministic: the same `now` gives the same world.
 */
import type { LeadRecord, PronetProfile, WorkspaceData, WorldData } from '../model';
import { HOSTILE_REPLIES, LEAD_REPLIES } from './content';
import { ADA, ALAN, EDSGER, FAMOUS_PEOPLE, type FamousPerson, GRACE, KATHERINE, MARGARET, famousProfile } from './famous';
import { createIdFactory } from './ids';
import { addInboxQueue } from './inbox-queue';
import { addLeadIdentityPeople } from './lead-identity';
import { addSalesPeople } from './sales-people';
import { listPeople } from './list-people';
import { createRng, type Rng } from './prng';
import type { LeadProgress } from './stats';
import { type BuildContext, DAY_MS, type WorkspaceSpec, addAudiences, addCrmRecords, addFillerLeads, baseWorkspace, pronetUrlOf } from './workspace';
import { type CampaignSpec, type ProgressOverrides, addCampaigns, campaignSpecs, computeCampaignStats } from './campaigns';
import { addConversation, addGeneratedConversations } from './conversations';

/** Sizes of the demo's main workspace: enough for real paging everywhere. */
export const DEMO_SIZES = { leads: 400, campaigns: 30, audiences: 12, companies: 120 } as const;

export const DEMO_PRO: WorkspaceSpec = {
  label: 'demo-pro',
  name: 'demo-pro',
  plan: 'PRO',
  crmSync: true,
  crmAConnected: true,
  crmBConnected: true,
  credits: { total: 120, perishable: 20 },
  companyName: 'Lumen Growth',
  members: [
    { name: 'Sam Rivera', label: 'Owner' },
    { name: 'Jordan Blake', label: 'Admin' },
    { name: 'Priya Natarajan', label: 'Member' },
    { name: 'Chris Moreau', label: 'Member' },
  ],
  identities: [
    { firstname: 'Sam', lastname: 'Rivera', jobTitle: 'Account Executive', pronetConnected: true },
    { firstname: 'Jordan', lastname: 'Blake', jobTitle: 'Sales Development Representative', pronetConnected: true },
    { firstname: 'Priya', lastname: 'Natarajan', jobTitle: 'Head of Sales', pronetConnected: true },
    { firstname: 'Tom', lastname: 'Keller', jobTitle: 'Partnerships Manager', pronetConnected: true },
    { firstname: 'Lina', lastname: 'Ahmed', jobTitle: 'Marketing Manager', pronetConnected: false },
  ],
};

export const DEMO_PRO_NO_CRM: WorkspaceSpec = {
  label: 'demo-pro-nocrm',
  name: 'demo-pro-nocrm',
  plan: 'PRO',
  crmSync: false,
  crmAConnected: false,
  crmBConnected: false,
  credits: { total: 40, perishable: 0 },
  companyName: 'Cedar Consulting',
  members: [
    { name: 'Alex Martin', label: 'Owner' },
    { name: 'Robin Weber', label: 'Member' },
  ],
  identities: [
    { firstname: 'Alex', lastname: 'Martin', jobTitle: 'Founder', pronetConnected: true },
    { firstname: 'Robin', lastname: 'Weber', jobTitle: 'Business Developer', pronetConnected: false },
  ],
};

export const DEMO_STARTER: WorkspaceSpec = {
  label: 'demo-starter',
  name: 'demo-starter',
  plan: 'STARTER',
  crmSync: false,
  crmAConnected: false,
  crmBConnected: false,
  credits: { total: 10, perishable: 10 },
  companyName: 'Tiny Bakery Co',
  members: [{ name: 'Morgan Lee', label: 'Owner' }],
  identities: [{ firstname: 'Morgan', lastname: 'Lee', jobTitle: 'Founder', pronetConnected: true }],
};

/** The Pro workspace's campaigns that carry the fixed profiles, in this order. */
const FIXED_CAMPAIGNS = [
  { name: 'UK analytics leaders', status: 'RUNNING', identity: 0 },
  { name: 'Compiler & developer tools', status: 'RUNNING', identity: 0 },
  { name: 'Public sector modernisation', status: 'PAUSED', identity: 1 },
  { name: 'Research labs — Europe', status: 'PAUSED', identity: 2 },
  { name: 'Aerospace engineering teams', status: 'RUNNING', identity: 3 },
  { name: 'Conference speakers 2025', status: 'READY', identity: 2 },
] as const;

function famousLead(ctx: BuildContext, p: FamousPerson, audienceIds: string[], createdAt: number): LeadRecord {
  ctx.slugs.add(p.slug);
  ctx.emails.add(p.proEmail);
  return {
    id: ctx.ids.next('lead'),
    firstname: p.firstname,
    lastname: p.lastname,
    proEmail: p.proEmail,
    persoEmail: null,
    pronetUrl: pronetUrlOf(p.slug),
    microblog: p.microblog,
    companyName: p.companyName,
    companyUrl: p.companyUrl,
    jobTitle: p.jobTitle,
    phone: p.phone,
    location: p.location,
    industry: p.industry,
    gender: p.gender,
    shortBio: p.headline,
    dateOfBirth: p.dateOfBirth,
    picture: null,
    crmIds: {},
    audienceIds,
    statusByCampaign: {},
    unsubscribed: false,
    createdAt,
    modifiedAt: createdAt,
  };
}

function setOverride(overrides: ProgressOverrides, leadId: string, campaignId: string, progress: LeadProgress): void {
  const byCampaign = overrides.get(leadId) ?? new Map<string, LeadProgress>();
  byCampaign.set(campaignId, progress);
  overrides.set(leadId, byCampaign);
}

/** A note close to the 1500-character limit, so that an append visibly drops the oldest text. */
function longNote(): string {
  const lines: string[] = [];
  for (let i = 1; lines.join('\n').length < 1400; i++) {
    lines.push(`Call ${i}: discussed rollout for team ${i}; follow-up on pricing, security review and onboarding dates.`);
  }
  return lines.join('\n').slice(0, 1480);
}

function buildDemoPro(ctx: BuildContext, rng: Rng): { ws: WorkspaceData; profiles: PronetProfile[] } {
  const ws = baseWorkspace(ctx, DEMO_PRO);
  const audiences = addAudiences(ctx, rng.fork('audiences'), ws, DEMO_SIZES.audiences);
  const aud = (i: number): string => (audiences[i] as { id: string }).id;
  const idt = (i: number): string => (ws.identities[i] as { id: string }).id;

  const profiles = addFillerLeads(ctx, rng.fork('leads'), ws, DEMO_SIZES.leads, DEMO_SIZES.companies);
  // One big audience (statsleads and audience leads span several pages).
  ws.leads.forEach((lead, i) => {
    if (i % 5 === 0 && !lead.audienceIds.includes(aud(0))) lead.audienceIds.push(aud(0));
  });
  const fillers = ws.leads.slice();

  const created = ctx.now - 45 * DAY_MS;
  const ada = famousLead(ctx, ADA, [aud(0)], created);
  const grace = famousLead(ctx, GRACE, [aud(1), aud(2)], created + DAY_MS);
  const alan = famousLead(ctx, ALAN, [aud(3)], created + 2 * DAY_MS);
  const katherine = famousLead(ctx, KATHERINE, [aud(4)], created + 3 * DAY_MS);
  const edsger = famousLead(ctx, EDSGER, [aud(5)], created + 4 * DAY_MS);
  // Fixed people first: the first statsleads page and the first audience page show them.
  ws.leads.unshift(ada, grace, alan, katherine, edsger);

  const specs: CampaignSpec[] = FIXED_CAMPAIGNS.map((c, i) => ({
    name: c.name,
    status: c.status,
    audienceId: aud(i),
    identityId: idt(c.identity),
    channels: { pronet: true, email: true, microblog: false },
  }));
  specs.push(...campaignSpecs(rng.fork('campaign-specs'), ws, DEMO_SIZES.campaigns - specs.length));
  const plans = addCampaigns(ctx, rng.fork('campaigns'), ws, specs);
  const campaign = (i: number) => (plans[i] as (typeof plans)[number]).record;

  // Filler leads with a fixed story: the long thread, a hostile reply, a note near the limit.
  const inAudience0 = fillers.filter((l) => l.audienceIds.includes(aud(0)) && l.pronetUrl !== null);
  const inAudience1 = fillers.filter((l) => l.audienceIds.includes(aud(1)) && l.pronetUrl !== null);
  const longThread = inAudience0[0] as LeadRecord;
  const hostile = inAudience0[1] as LeadRecord;
  const nearLimit = inAudience1[0] as LeadRecord;

  const overrides: ProgressOverrides = new Map();
  setOverride(overrides, ada.id, campaign(0).id, { replied: true, outcome: 'INTERESTED' });
  setOverride(overrides, grace.id, campaign(1).id, { contacted: true, replied: false });
  setOverride(overrides, grace.id, campaign(2).id, { replied: true, outcome: 'TO_QUALIFY' });
  setOverride(overrides, alan.id, campaign(3).id, { replied: true, outcome: 'WRONG_TIMING' });
  setOverride(overrides, katherine.id, campaign(4).id, { replied: true, outcome: 'ALREADY_EQUIPPED' });
  setOverride(overrides, longThread.id, campaign(0).id, { replied: true, outcome: 'NEGOTIATING' });
  setOverride(overrides, hostile.id, campaign(0).id, { replied: true, outcome: 'TO_QUALIFY' });
  setOverride(overrides, nearLimit.id, campaign(1).id, { contacted: true, replied: false });
  const pinned = new Set([ada, grace, alan, katherine, edsger, longThread, hostile, nearLimit].map((l) => l.id));

  const statsRng = rng.fork('stats');
  computeCampaignStats(statsRng, ws, plans, { overrides, pinned });

  const item = (lead: LeadRecord, i: number) => campaign(i).statsLeads.find((s) => s.id === lead.id) ?? null;
  // Ada said yes and asked for a call: the campaign asks the user to call her (the panel's demo, issue 44).
  const adaItem = item(ada, 0);
  if (adaItem) adaItem.action_todo = 'TO_CALL';
  const convRng = rng.fork('conversations');
  addConversation(ctx, convRng, ws, {
    lead: ada, campaign: campaign(0), identityId: campaign(0).identityId, item: item(ada, 0),
    status: 'OPEN',
    note: 'Met at the Analytical Society dinner. Wants a demo of the API & pricing for 3 seats.',
    replyBody: '<p>Hello! Yes, I would <b>love</b> to see how it works. Could we talk on Thursday?</p>',
    extraExchanges: 1,
    // Her yes, the invite, then her question after the call: a thread that reads in order, whatever
    // weekdays the seed clock puts the messages on.
    exchangeBodies: [
      [
        '<p>Wonderful! I just sent you an invite for our call. I will show you the API and how the pricing works for three seats.</p>',
        'Thank you for the call, it was very clear. Could you send the pricing for three seats in writing, so that I can share it with my team?',
      ],
    ], read: false, favourite: true, lastSendFailed: false, callCompletedAt: null,
  });
  addConversation(ctx, convRng, ws, {
    lead: grace, campaign: campaign(1), identityId: campaign(1).identityId, item: item(grace, 1),
    status: 'OPEN', note: null, read: true, favourite: false, lastSendFailed: false, callCompletedAt: null,
  });
  addConversation(ctx, convRng, ws, {
    lead: grace, campaign: campaign(2), identityId: campaign(2).identityId, item: item(grace, 2),
    status: 'OPEN', note: 'Second thread, from the public sector campaign.',
    replyBody: HOSTILE_REPLIES[0] as string, extraExchanges: 0, read: false, favourite: false,
    lastSendFailed: false, callCompletedAt: null,
  });
  addConversation(ctx, convRng, ws, {
    lead: alan, campaign: campaign(3), identityId: campaign(3).identityId, item: item(alan, 3),
    status: 'SNOOZED', snoozeUntil: ctx.now + 3 * DAY_MS,
    note: 'Asked to be contacted again after the marathon season.',
    replyBody: 'Busy with a marathon and a paper right now. Could you come back to me in a few days?',
    extraExchanges: 0, read: true, favourite: false, lastSendFailed: false, callCompletedAt: null,
  });
  addConversation(ctx, convRng, ws, {
    lead: katherine, campaign: campaign(4), identityId: campaign(4).identityId, item: item(katherine, 4),
    status: 'ARCHIVED', note: 'Already equipped; archived.',
    replyBody: 'Thank you, but our team already has a solution for this.',
    extraExchanges: 0, read: true, favourite: false, lastSendFailed: false, callCompletedAt: null,
  });
  addConversation(ctx, convRng, ws, {
    lead: longThread, campaign: campaign(0), identityId: campaign(0).identityId, item: item(longThread, 0),
    status: 'OPEN', replyBody: LEAD_REPLIES[2] as string, extraExchanges: 31, read: true,
    lastSendFailed: false, note: 'Long negotiation, see thread.', callCompletedAt: ctx.now - 2 * DAY_MS,
  });
  addConversation(ctx, convRng, ws, {
    lead: hostile, campaign: campaign(0), identityId: campaign(0).identityId, item: item(hostile, 0),
    status: 'OPEN', replyBody: HOSTILE_REPLIES[1] as string, extraExchanges: 0, read: false, lastSendFailed: false,
  });
  addConversation(ctx, convRng, ws, {
    lead: nearLimit, campaign: campaign(1), identityId: campaign(1).identityId, item: item(nearLimit, 1),
    status: 'OPEN', note: longNote(), read: true, lastSendFailed: false,
  });
  addGeneratedConversations(ctx, convRng, ws, pinned);

  for (const lead of ws.leads) {
    if (Object.values(lead.statusByCampaign).includes('UNSUBSCRIBED')) lead.unsubscribed = true;
  }
  const crmRng = rng.fork('crm');
  addCrmRecords(ctx, crmRng, ws, [ada, ...fillers.slice(10, 20)]);
  // Ada's CRM contact matches by email and by pronetUrl alike; Grace's only by pronetUrl.
  const adaRecord = ws.crm.records[0];
  if (adaRecord) adaRecord.pronetUrl = ada.pronetUrl;
  addCrmRecords(ctx, crmRng, ws, [grace]);
  const graceRecord = ws.crm.records[ws.crm.records.length - 1];
  if (graceRecord) {
    graceRecord.email = null;
    graceRecord.pronetUrl = grace.pronetUrl;
  }
  // Issue 44: crmB too. Katherine is in both CRMs, Alan in crmB only (by address), and Margaret,
  // not a lead, in crmB by name and company only: no address, no email in her record.
  addCrmRecords(ctx, crmRng, ws, [katherine]);
  const crmB = (id: string, p: { firstname: string; lastname: string; companyName: string | null }, email: string | null, pronetUrl: string | null) =>
    ws.crm.records.push({ crm: 'crmB', id, url: `https://crm-b.example/people/${id}`, name: `${p.firstname} ${p.lastname}`, email, firstname: p.firstname, lastname: p.lastname, companyName: p.companyName, pronetUrl });
  for (const lead of [alan, katherine]) {
    const id = ctx.ids.next('crm');
    crmB(id, lead, lead.proEmail, lead.pronetUrl);
    lead.crmIds.crmB = id;
  }
  crmB(ctx.ids.next('crm'), MARGARET, null, null);
  profiles.push(...addLeadIdentityPeople(ctx, rng.fork('lead-identity'), ws, idt(0)));
  profiles.push(...addSalesPeople(ctx, ws));
  return { ws, profiles };
}

/** A small workspace with generated content only. */
function buildSmall(
  ctx: BuildContext,
  rng: Rng,
  spec: WorkspaceSpec,
  sizes: { leads: number; campaigns: number; audiences: number },
): { ws: WorkspaceData; profiles: PronetProfile[] } {
  const ws = baseWorkspace(ctx, spec);
  addAudiences(ctx, rng.fork('audiences'), ws, sizes.audiences);
  const profiles = addFillerLeads(ctx, rng.fork('leads'), ws, sizes.leads, 30);
  const plans = addCampaigns(ctx, rng.fork('campaigns'), ws, campaignSpecs(rng.fork('campaign-specs'), ws, sizes.campaigns));
  computeCampaignStats(rng.fork('stats'), ws, plans, { overrides: new Map(), pinned: new Set() });
  addGeneratedConversations(ctx, rng.fork('conversations'), ws, new Set());
  return { ws, profiles };
}

/** The account of the demo's two Pro workspaces (GET /workspaces, the `X-Workspace` header). */
export const DEMO_ACCOUNT_ID = 'acct-demo-agency';

/** A fresh build context (one per world: ids and slugs are unique across all its workspaces). */
export function newContext(now: number, salt: number): BuildContext {
  return { ids: createIdFactory(salt), now, slugs: new Set(), emails: new Set() };
}

/**
 * The demo's seed clock: the start of the UTC day of `now`. Every past date of the demo counts back
 * from it, so an emulator restarted the same day shows the same times ("replied Tuesday 14:05", not
 * a time that moves with each start); future dates (snoozes) still lie ahead of `now`.
 */
export function demoSeedClock(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

export function buildDemo(now: number): WorldData {
  const ctx = newContext(demoSeedClock(now), 0x2f6b9a1d);
  const rng = createRng('demo');
  // Reserve the famous slugs first so no filler person can take one.
  for (const p of FAMOUS_PEOPLE) ctx.slugs.add(p.slug);
  const pro = buildDemoPro(ctx, rng.fork('demo-pro'));
  const noCrm = buildSmall(ctx, rng.fork('demo-pro-nocrm'), DEMO_PRO_NO_CRM, { leads: 40, campaigns: 4, audiences: 3 });
  const starter = buildSmall(ctx, rng.fork('demo-starter'), DEMO_STARTER, { leads: 20, campaigns: 2, audiences: 2 });
  // Later today on the emulator's clock: from `now` itself, not from the start of the day.
  addInboxQueue(ctx, rng.fork('inbox-queue'), pro.ws, now);
  // One account holds both Pro workspaces: either key reaches the other with `X-Workspace`.
  pro.ws.accountId = DEMO_ACCOUNT_ID;
  noCrm.ws.accountId = DEMO_ACCOUNT_ID;
  return {
    workspaces: [pro.ws, starter.ws, noCrm.ws],
    profiles: [...FAMOUS_PEOPLE.map(famousProfile), ...pro.profiles, ...noCrm.profiles, ...starter.profiles, ...listPeople(ctx, pro.profiles)],
  };
}
