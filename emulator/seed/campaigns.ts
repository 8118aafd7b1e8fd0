/**
 * Stage 3 of a seeded workspace (workspace.ts): its campaigns, then the statsleads items and stats of
 * each from the leads of its audience (the demo's fixed people keep the progress it gives them).
 */
import type {
  CampaignRecord,
  LeadRecord,
  LeadStatsRecord,
  WorkspaceData,
} from '../model';
import {
  CAMPAIGN_THEMES,
  LANGUAGES,
  campaignTemplates,
} from './content';
import { type Rng } from './prng';
import { engagementStats } from './engagement-stats';
import { type CampaignShape, type LeadProgress, leadStatsItem } from './stats';

import { type BuildContext, DAY_MS, HOUR_MS } from './workspace';

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
