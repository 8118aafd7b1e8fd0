/**
 * Who is this person, really (issue 13): the demo's duplicates and possible matches.
 *
 * - Barbara Liskov was imported twice: two leads share her canonical pronetUrl; the older one has a
 *   conversation in the "Identity check" campaign, the newer one none (the lead search answers both).
 * - Radia Perlman is a lead without pronetUrl: her profile on the look-alike site is no lead by URL,
 *   but a search by her name and company finds her (Possible match, Link).
 * - Barbara's conversation lead has more logs than the lead search returns (Activity, Show more).
 *
 * Ids come from a factory of their own, so the rest of the demo keeps its ids.
 */
import type { LeadRecord, PronetProfile, WorkspaceData } from '../model';
import { createIdFactory } from './ids';
import type { Rng } from './prng';
import { type BuildContext, DAY_MS, type ProgressOverrides, addCampaigns, addConversation, computeCampaignStats, pronetUrlOf } from './workspace';

export const BARBARA: PronetProfile = {
  slug: 'barbara-liskov',
  firstname: 'Barbara',
  lastname: 'Liskov',
  headline: 'Principal Architect at Clu Systems | Data abstraction',
  companyName: 'Clu Systems',
  location: 'Boston, Massachusetts, United States',
  about: 'Types are promises. I design the contracts that let big teams replace one part without breaking another.',
  picture: null,
};

export const RADIA: PronetProfile = {
  slug: 'radia-perlman',
  firstname: 'Radia',
  lastname: 'Perlman',
  headline: 'Network Architect at Spanning Networks',
  companyName: 'Spanning Networks',
  location: 'Seattle, Washington, United States',
  about: 'I make networks that heal themselves. Ask me about trees, and about poems that explain them.',
  picture: null,
};

/** The names the e2e tests and the site look for. */
export const LEAD_IDENTITY_NAMES = {
  campaign: 'Identity check',
  audience: 'Identity check',
  duplicateAudience: 'Imported twice',
} as const;

/** Logs seeded on Barbara's conversation lead beyond those of her conversation (oldest first). */
export const BARBARA_EXTRA_LOGS = [
  { type: 'ADDED_TO_AUDIENCE', description: 'Added to audience Identity check' },
  { type: 'EMAIL_OPENED', description: 'Opened the first email' },
  { type: 'EMAIL_OPENED', description: 'Opened the follow-up email' },
  { type: 'NOTE_UPDATED', description: 'Note updated' },
  { type: 'STATUS_CHANGED', description: 'Status set to TO_QUALIFY' },
  { type: 'PRONET_MESSAGE_SENT', description: 'Follow-up sent' },
] as const;

function lead(ids: BuildContext['ids'], p: PronetProfile, over: Partial<LeadRecord> & Pick<LeadRecord, 'createdAt'>): LeadRecord {
  return {
    id: ids.next('lead'),
    firstname: p.firstname,
    lastname: p.lastname,
    proEmail: null,
    persoEmail: null,
    pronetUrl: pronetUrlOf(p.slug),
    microblog: null,
    companyName: p.companyName,
    companyUrl: null,
    jobTitle: null,
    phone: null,
    location: p.location,
    industry: 'Computer Software',
    gender: 'female',
    shortBio: p.headline,
    dateOfBirth: null,
    picture: null,
    crmIds: {},
    audienceIds: [],
    statusByCampaign: {},
    unsubscribed: false,
    modifiedAt: over.createdAt,
    ...over,
  };
}

/** Adds the people of this module to the demo's Pro workspace; returns their site profiles. */
export function addLeadIdentityPeople(base: BuildContext, rng: Rng, ws: WorkspaceData, identityId: string): PronetProfile[] {
  const ctx: BuildContext = { ...base, ids: createIdFactory(0x13c0ffee) };
  const now = ctx.now;
  const audience = { id: ctx.ids.next('aud'), name: LEAD_IDENTITY_NAMES.audience, description: 'People checked by hand', type: 'MANUAL', sourceUrl: null, createdAt: now - 60 * DAY_MS };
  const second = { id: ctx.ids.next('aud'), name: LEAD_IDENTITY_NAMES.duplicateAudience, description: 'A second import of a trade-show list', type: 'API', sourceUrl: null, createdAt: now - 20 * DAY_MS };
  ws.audiences.push(audience, second);

  const barbaraA = lead(ctx.ids, BARBARA, { createdAt: now - 40 * DAY_MS, audienceIds: [audience.id], jobTitle: 'Principal Architect', proEmail: 'barbara@clu.example' });
  const barbaraB = lead(ctx.ids, BARBARA, { createdAt: now - 12 * DAY_MS, audienceIds: [second.id], companyName: 'CLU Systems Inc.' });
  const radia = lead(ctx.ids, RADIA, { createdAt: now - 30 * DAY_MS, audienceIds: [audience.id], pronetUrl: null, proEmail: 'radia@spanning.example', jobTitle: 'Network Architect' });
  ws.leads.push(barbaraA, barbaraB, radia);
  ctx.slugs.add(BARBARA.slug);
  ctx.slugs.add(RADIA.slug);

  const plans = addCampaigns(ctx, rng.fork('campaigns'), ws, [
    { name: LEAD_IDENTITY_NAMES.campaign, status: 'RUNNING', audienceId: audience.id, identityId, channels: { pronet: true, email: true } },
  ]);
  const plan = plans[0];
  if (!plan) throw new Error('the identity check campaign was not built');
  const overrides: ProgressOverrides = new Map();
  overrides.set(barbaraA.id, new Map([[plan.record.id, { replied: true, outcome: 'TO_QUALIFY' }]]));
  overrides.set(radia.id, new Map([[plan.record.id, { contacted: true, replied: false }]]));
  computeCampaignStats(rng.fork('stats'), ws, plans, { overrides, pinned: new Set([barbaraA.id, radia.id]) });

  const item = plan.record.statsLeads.find((s) => s.id === barbaraA.id) ?? null;
  addConversation(ctx, rng.fork('conversations'), ws, {
    lead: barbaraA, campaign: plan.record, identityId, item,
    status: 'OPEN', note: 'Imported twice: this is the lead the campaign writes to.',
    replyBody: 'Thanks for reaching out. Happy to compare notes on how your API versions its contracts.',
    extraExchanges: 0, read: false, favourite: false, lastSendFailed: false, callCompletedAt: null,
  });
  BARBARA_EXTRA_LOGS.forEach((l, i) => {
    ws.leadLogs.push({
      id: ctx.ids.next('log'),
      leadId: barbaraA.id,
      identityId,
      campaignId: plan.record.id,
      type: l.type,
      description: l.description,
      // Before the conversation's own logs (its newest message is at least an hour old).
      createdAt: now - 50 * DAY_MS + i * DAY_MS,
    });
  });
  return [BARBARA, RADIA];
}
