/**
 * Builds one realistic workspace in stages (people and accounts, leads, campaigns with their stats,
 * conversations with their messages), so that the demo seed can slot its fixed profiles in between
 * the stages and everything stays consistent: a conversation's messages follow the lead's
 * statsleads counters, a campaign's stats follow its leads.
 */
import type {
  AudienceRecord,
  CampaignRecord,
  ConversationRecord,
  ConversationStatus,
  CrmRecord,
  IdentityRecord,
  LeadLogRecord,
  LeadRecord,
  LeadStatsRecord,
  MemberRecord,
  MessageRecord,
  Plan,
  PronetProfile,
  WorkspaceData,
} from '../model';
import { PRONET_CANONICAL_ORIGIN } from '../../lib/pronet/canonical-url';
import {
  AUDIENCE_NAMES,
  CAMPAIGN_THEMES,
  LANGUAGES,
  LEAD_REPLIES,
  MEMBER_ANSWERS,
  NOTE_SNIPPETS,
  campaignTemplates,
  fillPlaceholders,
} from './content';
import type { IdFactory } from './ids';
import {
  type Company,
  aboutText,
  companyPool,
  emailFor,
  headline,
  jobTitle,
  personName,
  phoneNumber,
  pickLocation,
  slugify,
} from './people';
import { type Rng, createRng } from './prng';
import { type CampaignShape, type LeadProgress, engagementStats, leadStatsItem } from './stats';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Shared by every workspace of one build: ids and slugs must be unique across the world. */
export interface BuildContext {
  ids: IdFactory;
  now: number;
  slugs: Set<string>;
  emails: Set<string>;
}

/** The canonical pronetUrl of a slug (lower-case ASCII slugs are already in canonical form). */
export function pronetUrlOf(slug: string): string {
  return `${PRONET_CANONICAL_ORIGIN}/in/${encodeURIComponent(slug)}/`;
}

/** A member's sign-in email: `first.last@<workspace label>.example`. */
export function memberEmailFor(workspaceLabel: string, name: string): string {
  const local = name.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().toLowerCase().split(/\s+/).join('.');
  return `${local}@${workspaceLabel}.example`;
}

/** Deterministic demo password of a member (printed at start), independent of the clock. */
export function demoPasswordFor(email: string): string {
  return `demo-${createRng(`password:${email}`).hex(12)}`;
}

/** Deterministic, printable API key of a workspace, independent of the clock. */
export function apiKeyFor(label: string): string {
  return `key_${label}_${createRng(`api-key:${label}`).hex(32)}`;
}

export interface WorkspaceSpec {
  /** Short label: seeds the PRNG and names the key (`key_<label>_<hex>`). */
  label: string;
  name: string;
  plan: Plan;
  crmSync: boolean;
  crmAConnected: boolean;
  crmBConnected: boolean;
  credits: { total: number; perishable: number };
  members: readonly { name: string; label: string }[];
  identities: readonly { firstname: string; lastname: string; jobTitle: string; pronetConnected: boolean }[];
  companyName: string;
}

/** Stage 1: the workspace with its members and identities, nothing else. */
export function baseWorkspace(ctx: BuildContext, spec: WorkspaceSpec): WorkspaceData {
  const members: MemberRecord[] = spec.members.map((m) => {
    const email = memberEmailFor(spec.label, m.name);
    return { id: ctx.ids.next('mem'), name: m.name, label: m.label, email, password: demoPasswordFor(email) };
  });
  const identities: IdentityRecord[] = spec.identities.map((i) => ({
    id: ctx.ids.next('idt'),
    name: `${i.firstname} ${i.lastname}`,
    firstname: i.firstname,
    lastname: i.lastname,
    companyName: spec.companyName,
    jobTitle: i.jobTitle,
    pronetConnected: i.pronetConnected,
  }));
  return {
    id: ctx.ids.next('ws'),
    name: spec.name,
    plan: spec.plan,
    apiKey: apiKeyFor(spec.label),
    crmSync: spec.crmSync,
    crm: { crmA: { connected: spec.crmAConnected }, crmB: { connected: spec.crmBConnected }, records: [] },
    credits: { ...spec.credits },
    members,
    identities,
    audiences: [],
    campaigns: [],
    leads: [],
    conversations: [],
    messages: [],
    webhooks: [],
    enrichRequests: [],
    leadLogs: [],
  };
}

/** Stage 2a: audiences. */
export function addAudiences(ctx: BuildContext, rng: Rng, ws: WorkspaceData, count: number): AudienceRecord[] {
  const types = ['MANUAL', 'PRONET_SEARCH', 'PRONET_POST', 'API', 'VISITORS'];
  const out: AudienceRecord[] = [];
  for (let i = 0; i < count; i++) {
    const type = types[i % types.length] as string;
    const name = AUDIENCE_NAMES[i % AUDIENCE_NAMES.length] as string;
    out.push({
      id: ctx.ids.next('aud'),
      name: i < AUDIENCE_NAMES.length ? name : `${name} ${Math.floor(i / AUDIENCE_NAMES.length) + 1}`,
      description: rng.chance(0.3) ? '' : `${name}: imported ${type === 'MANUAL' ? 'by hand' : 'from pronet'}`,
      type,
      sourceUrl:
        type === 'PRONET_SEARCH'
          ? `${PRONET_CANONICAL_ORIGIN}/search/results/people/?keywords=${encodeURIComponent(name)}`
          : type === 'PRONET_POST'
            ? `${PRONET_CANONICAL_ORIGIN}/posts/activity-${rng.int(1e9, 9e9)}/`
            : null,
      createdAt: ctx.now - rng.int(90, 200) * DAY_MS,
    });
  }
  ws.audiences.push(...out);
  return out;
}

/** A filler person as a lead (not yet in any audience) and their site profile. */
export function fillerLead(
  ctx: BuildContext,
  rng: Rng,
  companies: readonly Company[],
  opts: { withPronet: number; withEmail: number },
): { lead: LeadRecord; profile: PronetProfile | null } {
  const name = personName(rng);
  const company = rng.pick(companies);
  let slug = '';
  const withPronet = rng.chance(opts.withPronet);
  if (withPronet) {
    do slug = `${slugify(name.firstname)}-${slugify(name.lastname)}-${rng.hex(6)}`;
    while (ctx.slugs.has(slug));
    ctx.slugs.add(slug);
  }
  let proEmail: string | null = null;
  if (rng.chance(opts.withEmail)) {
    let candidate = emailFor(name, company);
    for (let n = 2; ctx.emails.has(candidate); n++) candidate = candidate.replace(/\d*@/, `${n}@`);
    ctx.emails.add(candidate);
    proEmail = candidate;
  }
  const title = jobTitle(rng);
  const bio = headline(rng, title, company.name);
  const createdAt = ctx.now - rng.int(20, 120) * DAY_MS - rng.int(0, DAY_MS);
  const lead: LeadRecord = {
    id: ctx.ids.next('lead'),
    firstname: name.firstname,
    lastname: name.lastname,
    proEmail,
    persoEmail: rng.chance(0.1) ? `${slugify(name.firstname)}${rng.int(10, 99)}@mail.example` : null,
    pronetUrl: withPronet ? pronetUrlOf(slug) : null,
    microblog: rng.chance(0.3) ? `${slugify(name.firstname)}_${slugify(name.lastname)}`.replace(/-/g, '_') : null,
    companyName: company.name,
    companyUrl: company.website,
    jobTitle: title,
    phone: rng.chance(0.3) ? phoneNumber(rng) : null,
    location: pickLocation(rng),
    industry: company.industry,
    gender: name.gender,
    shortBio: bio,
    dateOfBirth: rng.chance(0.4) ? `${rng.int(1, 28)} ${rng.pick(MONTHS)}` : null,
    picture: null,
    crmIds: {},
    audienceIds: [],
    statusByCampaign: {},
    unsubscribed: false,
    createdAt,
    modifiedAt: createdAt + rng.int(0, 10) * DAY_MS,
  };
  const profile: PronetProfile | null = withPronet
    ? {
        slug,
        firstname: name.firstname,
        lastname: name.lastname,
        headline: bio,
        companyName: company.name,
        location: lead.location ?? '',
        about: aboutText(rng, { company: company.name, industry: company.industry }),
        picture: null,
      }
    : null;
  return { lead, profile };
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** Filler leads, each placed in one to three audiences. */
export function addFillerLeads(
  ctx: BuildContext,
  rng: Rng,
  ws: WorkspaceData,
  count: number,
  companiesCount: number,
): PronetProfile[] {
  const companies = companyPool(rng, companiesCount);
  const profiles: PronetProfile[] = [];
  for (let i = 0; i < count; i++) {
    const { lead, profile } = fillerLead(ctx, rng, companies, { withPronet: 0.9, withEmail: 0.8 });
    const k = rng.pick([1, 1, 2, 2, 3]);
    lead.audienceIds = rng.sample(ws.audiences, k).map((a) => a.id);
    ws.leads.push(lead);
    if (profile) profiles.push(profile);
  }
  return profiles;
}

/** Everything a campaign needs besides its record: what its sequence looks like. */
export interface CampaignPlan {
  record: CampaignRecord;
  shape: CampaignShape;
}

export interface CampaignSpec {
  status: string;
  audienceId: string;
  identityId: string;
  name?: string;
  /** Fixed channels (demo campaigns); drawn at random otherwise. */
  channels?: { pronet: boolean; email: boolean; microblog?: boolean };
}

const STATUS_ROTATION = [
  'RUNNING', 'PAUSED', 'READY', 'PAUSED', 'RUNNING', 'PAUSED', 'READY', 'COMPLETED', 'PAUSED', 'READY',
] as const;

/** The campaign specs of a workspace: statuses rotate so that every status is present. */
export function campaignSpecs(rng: Rng, ws: WorkspaceData, count: number): CampaignSpec[] {
  const specs: CampaignSpec[] = [];
  for (let i = 0; i < count; i++) {
    const audience = ws.audiences[i % ws.audiences.length];
    const identity = ws.identities[rng.int(0, ws.identities.length - 1)];
    if (!audience || !identity) break;
    specs.push({ status: STATUS_ROTATION[i % STATUS_ROTATION.length] as string, audienceId: audience.id, identityId: identity.id });
  }
  return specs;
}

/** Stage 3a: campaign records and sequences (stats come in stage 3b, once every lead is placed). */
export function addCampaigns(ctx: BuildContext, rng: Rng, ws: WorkspaceData, specs: readonly CampaignSpec[]): CampaignPlan[] {
  const plans: CampaignPlan[] = [];
  specs.forEach((spec, i) => {
    const identity = ws.identities.find((x) => x.id === spec.identityId);
    // An identity without a pronet connection can only run email sequences.
    const pronet = spec.channels?.pronet ?? ((identity?.pronetConnected ?? false) && rng.chance(0.8));
    const email = spec.channels?.email ?? (!pronet || rng.chance(0.6));
    const microblog = spec.channels?.microblog ?? rng.chance(0.15);
    const pronetSteps = pronet ? rng.int(2, 4) : 0;
    const emailSteps = email ? rng.int(2, 4) : 0;
    const createdAt = ctx.now - rng.int(15, 110) * DAY_MS - rng.int(0, DAY_MS);
    const started = spec.status !== 'READY';
    const launchedAt = started ? Math.min(ctx.now - 5 * DAY_MS, createdAt + rng.int(1, 10) * DAY_MS) : 0;
    const channels = ['PLATFORM', ...(email ? ['MAILBOX'] : []), ...(pronet ? ['PRONET'] : []), ...(microblog ? ['MICROBLOG'] : [])];
    const crm = ws.crmSync && ws.crm.crmA.connected && rng.chance(0.4);
    const id = ctx.ids.hex24();
    const templates = campaignTemplates(rng, () => ctx.ids.next('tpl'), { pronetSteps, emailSteps, microblog });
    const shape: CampaignShape = { started, email, pronet, microblog, enrich: false, emailSteps, pronetSteps, launchedAt, now: ctx.now };
    const record: CampaignRecord = {
      id,
      name: spec.name ?? `${CAMPAIGN_THEMES[i % CAMPAIGN_THEMES.length] as string}${i >= CAMPAIGN_THEMES.length ? ` #${Math.floor(i / CAMPAIGN_THEMES.length) + 1}` : ''}`,
      description: rng.chance(0.4) ? '' : `Sequence of ${pronetSteps + emailSteps} steps${pronet ? ' starting with a pronet invitation' : ''}.`,
      language: rng.pick(LANGUAGES),
      createdAt,
      modifiedAt: Math.min(ctx.now - HOUR_MS, createdAt + rng.int(1, 14) * DAY_MS),
      launchedAt,
      userId: rng.pick(ws.members).id,
      status: spec.status,
      audienceId: spec.audienceId,
      channels,
      identityId: spec.identityId,
      converted: 0,
      activated: 0,
      crmA: crm,
      crmB: false,
      enrich: rng.chance(0.35),
      autoRescheduleOutOfOffice: rng.chance(0.6),
      ignoreEmojiOnlyReply: rng.chance(0.5),
      skipAlreadyContacted: rng.chance(0.7),
      // Replaced by computeCampaignStats once every lead is in place.
      stats: engagementStats([], { rng, audienceSize: 0, shape, templates, createdAt }),
      statsLeads: [],
      templates,
    };
    shape.enrich = record.enrich;
    ws.campaigns.push(record);
    plans.push({ record, shape });
  });
  return plans;
}

/** Fixed progress of some leads in some campaigns: leadId → campaignId → progress. */
export type ProgressOverrides = Map<string, Map<string, LeadProgress>>;

/** Leads whose items in campaigns not listed in the overrides stay untouched (the demo's fixed people). */
export interface StatsOptions {
  overrides: ProgressOverrides;
  pinned: ReadonlySet<string>;
  /** Cap on statsLeads per campaign (bulk seed); the stats are scaled to the audience. */
  maxItems?: number;
}

/** Stage 3b: statsleads items and stats of every campaign, from the leads of its audience. */
export function computeCampaignStats(
  rng: Rng,
  ws: WorkspaceData,
  plans: readonly CampaignPlan[],
  opts: StatsOptions,
): void {
  const byAudience = new Map<string, LeadRecord[]>();
  for (const lead of ws.leads) {
    for (const audienceId of lead.audienceIds) {
      let list = byAudience.get(audienceId);
      if (!list) byAudience.set(audienceId, (list = []));
      list.push(lead);
    }
  }
  for (const { record, shape } of plans) {
    const members = byAudience.get(record.audienceId) ?? [];
    const sample = opts.maxItems !== undefined ? members.slice(0, opts.maxItems) : members;
    const items: LeadStatsRecord[] = sample.map((lead) => {
      const fixed = opts.overrides.get(lead.id)?.get(record.id);
      const progress: LeadProgress = fixed ?? (opts.pinned.has(lead.id) ? { untouched: true } : {});
      const item = leadStatsItem(rng, lead, shape, progress);
      lead.statusByCampaign[record.id] = item.status;
      return item;
    });
    record.statsLeads = items;
    record.stats = engagementStats(items, {
      rng,
      audienceSize: members.length,
      shape,
      templates: record.templates,
      createdAt: record.createdAt,
    });
    record.converted = record.stats.converted;
    record.activated = record.stats.started;
  }
}

/** What a conversation is made of, before its messages are drawn. */
export interface ConversationPlan {
  lead: LeadRecord;
  campaign: CampaignRecord | null;
  identityId: string;
  item: LeadStatsRecord | null;
  status?: ConversationStatus;
  snoozeUntil?: number;
  note?: string | null;
  /** Force a reply from the lead, with this body (for demo conversations). */
  replyBody?: string;
  /** Extra back-and-forth messages after the reply (the long thread). */
  extraExchanges?: number;
  /** The words of those exchanges, member's then lead's, for a demo thread that must read true (the rest drawn). */
  exchangeBodies?: readonly (readonly [sent: string, received: string])[];
  read?: boolean;
  favourite?: boolean;
  lastSendFailed?: boolean;
  callCompletedAt?: number | null;
}

/** Stage 4: a conversation and its messages, added to the workspace. */
export function addConversation(ctx: BuildContext, rng: Rng, ws: WorkspaceData, plan: ConversationPlan): ConversationRecord {
  const { lead, campaign, item } = plan;
  const identity = ws.identities.find((i) => i.id === plan.identityId);
  const conversationId = ctx.ids.next('conv');
  const fields = {
    firstname: lead.firstname,
    lastname: lead.lastname,
    companyName: lead.companyName ?? 'your company',
    industry: (lead.industry ?? 'your industry').toLowerCase(),
    identityFirstname: identity?.firstname ?? '',
  };
  const memberId = campaign ? campaign.userId : rng.pick(ws.members).id;

  // The sent steps, in sequence order, as the lead's counters say.
  const steps: { channel: 'PRONET' | 'EMAIL'; content: string; subject: string | null }[] = [];
  if (campaign && item) {
    const pronet = campaign.templates.filter((t) => t.channel === 'PRONET');
    const email = campaign.templates.filter((t) => t.channel === 'EMAIL');
    for (let i = 0; i < item.pronet_dm_sent; i++) {
      const t = pronet[Math.min(i + 1, pronet.length - 1)] ?? pronet[0];
      if (t) steps.push({ channel: 'PRONET', content: fillPlaceholders(t.contentHtml, fields), subject: null });
    }
    for (let i = 0; i < item.email_sent; i++) {
      const t = email[i] ?? email[0];
      if (t) steps.push({ channel: 'EMAIL', content: fillPlaceholders(t.contentHtml, fields), subject: fillPlaceholders(t.subjectHtml, fields) });
    }
  }
  if (steps.length === 0) {
    // A conversation started by hand by a member.
    steps.push({ channel: lead.pronetUrl ? 'PRONET' : 'EMAIL', content: `Hi ${lead.firstname}, nice to meet you at the event last week!`, subject: lead.pronetUrl ? null : 'Nice to meet you' });
  }
  const replied = plan.replyBody !== undefined || (item ? item.replied > 0 : rng.chance(0.3));
  const exchanges = replied ? (plan.extraExchanges ?? (rng.chance(0.6) ? rng.int(1, 4) : 0)) : 0;
  const total = steps.length + (replied ? 1 : 0) + exchanges * 2;

  // Spread the messages over the recent past, the newest at least an hour ago.
  const latest = ctx.now - HOUR_MS - rng.int(0, 40) * DAY_MS - rng.int(0, DAY_MS);
  const earliest = Math.max(campaign && campaign.launchedAt > 0 ? campaign.launchedAt : latest - 30 * DAY_MS, latest - 60 * DAY_MS);
  const gap = Math.max(10 * 60_000, Math.floor((latest - earliest) / Math.max(1, total)));
  let at = latest - gap * (total - 1);
  const messages: MessageRecord[] = [];
  const push = (direction: 'SENT' | 'RECEIVED', channel: 'PRONET' | 'EMAIL', content: string, subject: string | null): void => {
    messages.push({
      id: ctx.ids.next('msg'),
      conversationId,
      direction,
      channel,
      status: direction === 'RECEIVED' ? 'RECEIVED' : 'SENT',
      subject: channel === 'EMAIL' ? (subject ?? '') : null,
      content,
      createdAt: at,
      memberId: direction === 'SENT' ? memberId : null,
      attachments: [],
    });
    at += gap - rng.int(0, Math.floor(gap / 3));
  };
  for (const step of steps) push('SENT', step.channel, step.content, step.subject);
  if (replied) {
    const last = steps[steps.length - 1];
    const channel: 'PRONET' | 'EMAIL' = item ? (item.pronet_replied > 0 ? 'PRONET' : item.email_replied > 0 ? 'EMAIL' : (last?.channel ?? 'PRONET')) : (last?.channel ?? 'PRONET');
    const subject = channel === 'EMAIL' ? `Re: ${steps.find((s) => s.channel === 'EMAIL')?.subject ?? 'your message'}` : null;
    push('RECEIVED', channel, plan.replyBody ?? rng.pick(LEAD_REPLIES), subject);
    for (let i = 0; i < exchanges; i++) {
      // Drawn even when the plan gives the words: every later conversation keeps its draws.
      const answer = rng.pick(MEMBER_ANSWERS);
      push('SENT', channel, plan.exchangeBodies?.[i]?.[0] ?? answer, subject);
      const reply = rng.pick(LEAD_REPLIES);
      push('RECEIVED', channel, plan.exchangeBodies?.[i]?.[1] ?? reply, subject);
    }
  }
  const newest = messages[messages.length - 1] as MessageRecord;
  if (newest.direction === 'SENT' && (plan.lastSendFailed ?? rng.chance(0.04))) newest.status = 'SEND_FAILED';

  const status: ConversationStatus = plan.status ?? rng.pick(['OPEN', 'OPEN', 'OPEN', 'OPEN', 'ARCHIVED', 'ARCHIVED', 'SNOOZED']);
  const conversation: ConversationRecord = {
    id: conversationId,
    leadId: lead.id,
    identityId: plan.identityId,
    campaignId: campaign?.id ?? null,
    audienceId: campaign?.audienceId ?? null,
    externalConversationId: `ext_${rng.hex(20)}`,
    status,
    snoozeUntil: status === 'SNOOZED' ? (plan.snoozeUntil ?? ctx.now + rng.int(1, 21) * DAY_MS + rng.int(0, 23) * HOUR_MS) : null,
    lastMessageAt: newest.createdAt,
    lastMessageStatus: newest.status,
    lastMessageType: newest.channel,
    leadReplied: messages.some((m) => m.direction === 'RECEIVED'),
    favourite: plan.favourite ?? rng.chance(0.08),
    read: plan.read ?? (newest.direction === 'SENT' || rng.chance(0.4)),
    callCompletedAt:
      plan.callCompletedAt !== undefined
        ? plan.callCompletedAt
        : replied && rng.chance(0.15)
          ? Math.min(ctx.now - HOUR_MS, newest.createdAt + rng.int(1, 48) * HOUR_MS)
          : null,
    note: plan.note !== undefined ? plan.note : rng.chance(0.15) ? rng.pick(NOTE_SNIPPETS) : null,
    createdAt: (messages[0] as MessageRecord).createdAt,
  };
  ws.conversations.push(conversation);
  ws.messages.push(...messages);

  const log = (type: string, message: string, createdAt: number): void => {
    const entry: LeadLogRecord = {
      id: ctx.ids.next('log'),
      leadId: lead.id,
      identityId: plan.identityId,
      campaignId: campaign?.id ?? null,
      type,
      description: message,
      createdAt,
    };
    ws.leadLogs.push(entry);
  };
  const first = messages[0] as MessageRecord;
  log(first.channel === 'EMAIL' ? 'EMAIL_SENT' : 'PRONET_MESSAGE_SENT', campaign ? `First step of "${campaign.name}" sent` : 'Message sent by hand', first.createdAt);
  const reply = messages.find((m) => m.direction === 'RECEIVED');
  if (reply) log(reply.channel === 'EMAIL' ? 'EMAIL_RECEIVED' : 'PRONET_MESSAGE_RECEIVED', `${lead.firstname} replied`, reply.createdAt);
  if (item && item.status !== 'STARTED' && item.status !== 'COMPLETED' && item.status !== 'NOT_STARTED') {
    log('STATUS_CHANGED', `Status set to ${item.status}`, Math.min(ctx.now - 60_000, (reply ?? newest).createdAt + HOUR_MS));
  }
  return conversation;
}

/**
 * Stage 4 for the leads with no fixed story: one conversation per lead and identity that a
 * campaign actually contacted (most leads one, a few two), plus a few started by hand.
 */
export function addGeneratedConversations(
  ctx: BuildContext,
  rng: Rng,
  ws: WorkspaceData,
  skip: ReadonlySet<string>,
): void {
  const campaignsByAudience = new Map<string, CampaignRecord[]>();
  for (const c of ws.campaigns) {
    const list = campaignsByAudience.get(c.audienceId) ?? [];
    list.push(c);
    campaignsByAudience.set(c.audienceId, list);
  }
  const itemIndex = new Map<string, Map<string, LeadStatsRecord>>();
  for (const c of ws.campaigns) {
    const byLead = new Map<string, LeadStatsRecord>();
    for (const item of c.statsLeads) byLead.set(item.id, item);
    itemIndex.set(c.id, byLead);
  }
  for (const lead of ws.leads) {
    if (skip.has(lead.id)) continue;
    const identitiesUsed = new Set<string>();
    for (const audienceId of lead.audienceIds) {
      for (const campaign of campaignsByAudience.get(audienceId) ?? []) {
        const item = itemIndex.get(campaign.id)?.get(lead.id);
        if (!item || (item.pronet_dm_sent === 0 && item.email_sent === 0)) continue;
        if (identitiesUsed.has(campaign.identityId)) continue;
        // Most leads are worked by one identity; a second thread is the exception.
        if (identitiesUsed.size >= 1 && !rng.chance(0.12)) continue;
        identitiesUsed.add(campaign.identityId);
        addConversation(ctx, rng, ws, { lead, campaign, identityId: campaign.identityId, item });
      }
    }
    if (identitiesUsed.size === 0 && rng.chance(0.04)) {
      const identity = rng.pick(ws.identities);
      addConversation(ctx, rng, ws, { lead, campaign: null, identityId: identity.id, item: null });
    }
  }
}

/** CRM records for some leads (a connected crmA only). */
export function addCrmRecords(ctx: BuildContext, rng: Rng, ws: WorkspaceData, leads: readonly LeadRecord[]): void {
  if (!ws.crm.crmA.connected) return;
  for (const lead of leads) {
    const id = ctx.ids.next('crm');
    const record: CrmRecord = {
      crm: 'crmA',
      id,
      url: `https://crm-a.example/contacts/${id}`,
      name: `${lead.firstname} ${lead.lastname}`,
      email: lead.proEmail,
      firstname: lead.firstname,
      lastname: lead.lastname,
      companyName: lead.companyName,
      pronetUrl: rng.chance(0.7) ? lead.pronetUrl : null,
    };
    ws.crm.records.push(record);
    lead.crmIds.crmA = id;
  }
}
