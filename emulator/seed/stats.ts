/**
 * Campaign statistics: per-lead stats items (this module), and the engagementStats tree derived
 * from them (engagement-stats.ts), so that every count and percentage of a campaign agrees with its
 * leads and with each other.
 */
import type { LeadRecord, LeadStatsRecord } from '../model';
import type { Rng } from './prng';

/** Integer percentage of part in whole; 0 when whole is 0. */
export function pct(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 100) / whole) : 0;
}

/** What a lead became after replying: exactly one outcome per replying lead. */
export const REPLY_OUTCOMES = {
  replied: ['TO_QUALIFY', 'WRONG_TIMING'],
  won: ['INTERESTED', 'CALL_BOOKED', 'NEGOTIATING', 'READY_TO_BUY', 'CONVERTED'],
  lost: ['WRONG_TARGET', 'NOT_INTERESTED', 'ALREADY_EQUIPPED', 'UNSUBSCRIBED'],
} as const;
const ALL_OUTCOMES: readonly string[] = [...REPLY_OUTCOMES.replied, ...REPLY_OUTCOMES.won, ...REPLY_OUTCOMES.lost];
// Weights: most replies still need qualifying; few convert.
const OUTCOME_WEIGHTS = [30, 10, 14, 8, 5, 3, 4, 8, 10, 5, 3];

export interface CampaignShape {
  /** READY campaigns have not started: their leads are untouched. */
  started: boolean;
  email: boolean;
  pronet: boolean;
  microblog: boolean;
  enrich: boolean;
  /** Number of EMAIL steps in the sequence (bounds email_sent). */
  emailSteps: number;
  /** Number of PRONET message steps (bounds pronet_dm_sent). */
  pronetSteps: number;
  launchedAt: number;
  now: number;
}

function weightedOutcome(rng: Rng): string {
  const total = OUTCOME_WEIGHTS.reduce((a, b) => a + b, 0);
  let roll = rng.int(0, total - 1);
  for (let i = 0; i < ALL_OUTCOMES.length; i++) {
    roll -= OUTCOME_WEIGHTS[i] ?? 0;
    if (roll < 0) return ALL_OUTCOMES[i] as string;
  }
  return 'TO_QUALIFY';
}

/** Constraints on one lead's progress, for leads whose story the demo fixes. */
export interface LeadProgress {
  /** Left untouched by this campaign (added to its audience after launch, say). */
  untouched?: boolean;
  /** Contacted on at least one channel. */
  contacted?: boolean;
  /** Answered (implies contacted), or surely not. */
  replied?: boolean;
  /** The status after the reply (one of REPLY_OUTCOMES). */
  outcome?: string;
}

/** One statsleads item for a lead of a campaign, with counters that respect the campaign's channels. */
export function leadStatsItem(
  rng: Rng,
  lead: LeadRecord,
  shape: CampaignShape,
  progress: LeadProgress = {},
): LeadStatsRecord {
  const email = lead.proEmail ?? lead.persoEmail ?? '';
  const base: LeadStatsRecord = {
    id: lead.id,
    firstname: lead.firstname,
    lastname: lead.lastname,
    email,
    pronetUrl: lead.pronetUrl ?? '',
    companyName: lead.companyName,
    companyUrl: lead.companyUrl,
    phone: lead.phone,
    jobTitle: lead.jobTitle,
    profilePicture: lead.picture,
    note: null,
    gender: lead.gender,
    industry: lead.industry,
    acceptationDate: null,
    status: 'NOT_STARTED',
    relationStatus: 'NOT_SENT',
    pronet_relation_status: 'NOT_SENT',
    replied: 0,
    action_todo: '',
    email_sent: 0, email_opened: 0, email_clicked: 0, email_replied: 0,
    pronet_visit: 0, pronet_dm_sent: 0, pronet_audio_sent: 0, pronet_replied: 0,
    microblog_posted: 0, microblog_reposted: 0, microblog_favourited: 0,
    microblog_followed: 0, microblog_unfollowed: 0, microblog_dm_sent: 0, post_sent: 0,
    tag: 'NOT_STARTED',
    outOfOfficeReturnDate: null,
    outOfOfficeNextActionDate: null,
  };
  if (!shape.started || progress.untouched) return base;

  const item = { ...base, status: 'STARTED', tag: 'IN_PROGRESS' };
  const dayMs = 86_400_000;
  const span = Math.max(dayMs, shape.now - shape.launchedAt);

  if (shape.pronet && lead.pronetUrl) {
    item.pronet_visit = rng.int(1, 2);
    const relation = rng.pick(['NOT_SENT', 'SENT', 'SENT', 'CONNECTED', 'CONNECTED', 'CONNECTED', 'ALREADY_CONNECTED']);
    item.relationStatus = relation;
    item.pronet_relation_status = relation;
    if (relation === 'CONNECTED') item.acceptationDate = shape.launchedAt + rng.int(0, span);
    if (relation === 'CONNECTED' || relation === 'ALREADY_CONNECTED') {
      // Without a reply the sequence mostly runs to its end.
      item.pronet_dm_sent = rng.chance(0.6) ? Math.max(1, shape.pronetSteps) : rng.int(1, Math.max(1, shape.pronetSteps));
      item.pronet_audio_sent = rng.chance(0.1) ? 1 : 0;
    }
  }
  const hasEmail = email !== '';
  let bounced = false;
  if (shape.email && hasEmail) {
    item.email_sent = rng.chance(0.6) ? Math.max(1, shape.emailSteps) : rng.int(1, Math.max(1, shape.emailSteps));
    bounced = rng.chance(0.04);
    if (!bounced) {
      item.email_opened = rng.chance(0.6) ? rng.int(1, item.email_sent) : 0;
      item.email_clicked = item.email_opened > 0 && rng.chance(0.25) ? 1 : 0;
    }
  }
  if (shape.microblog && lead.microblog) {
    item.microblog_followed = rng.chance(0.7) ? 1 : 0;
    item.microblog_unfollowed = item.microblog_followed && rng.chance(0.1) ? 1 : 0;
    item.microblog_favourited = rng.chance(0.5) ? 1 : 0;
    item.microblog_reposted = rng.chance(0.15) ? 1 : 0;
    item.microblog_dm_sent = rng.chance(0.3) ? 1 : 0;
    item.microblog_posted = rng.chance(0.05) ? 1 : 0;
  }
  const mustContact = progress.contacted === true || progress.replied === true;
  if (mustContact && item.pronet_dm_sent === 0 && (item.email_sent === 0 || bounced)) {
    if (shape.pronet && lead.pronetUrl) {
      item.relationStatus = 'CONNECTED';
      item.pronet_relation_status = 'CONNECTED';
      item.acceptationDate = shape.launchedAt + rng.int(0, span);
      item.pronet_visit = Math.max(1, item.pronet_visit);
      item.pronet_dm_sent = 1;
    } else if (shape.email && hasEmail) {
      bounced = false;
      item.email_sent = Math.max(1, item.email_sent);
    }
  }
  item.post_sent = item.pronet_dm_sent > 0 && rng.chance(0.05) ? 1 : 0;

  const contactedByPronet = item.pronet_dm_sent > 0;
  const contactedByEmail = item.email_sent > 0 && !bounced;
  const reachable = contactedByPronet || contactedByEmail;
  const replied = reachable && (progress.replied ?? rng.chance(0.22));
  if (replied) {
    // The reply arrives on one channel the lead was contacted on.
    const onPronet = contactedByPronet && (!contactedByEmail || rng.chance(0.5));
    if (onPronet) item.pronet_replied = 1;
    else item.email_replied = 1;
    item.replied = 1;
    item.status = progress.outcome ?? weightedOutcome(rng);
    item.tag = 'REPLIED';
    const todo = ['TO_REVIEW', 'TO_CALL', 'TO_QUALIFY'].filter(() => rng.chance(0.4));
    item.action_todo = todo.join(',');
  } else if (bounced) {
    item.tag = 'BOUNCED';
    item.status = 'COMPLETED';
  } else if (rng.chance(0.45)) {
    item.tag = 'COMPLETED_WITHOUT_REPLY';
    item.status = 'COMPLETED';
  }
  if (item.status === 'STARTED' && reachable && rng.chance(0.06)) {
    const back = shape.now + rng.int(2, 20) * dayMs;
    item.outOfOfficeReturnDate = back;
    item.outOfOfficeNextActionDate = back + dayMs;
  }
  return item;
}
