/**
 * Who is this person, really (issue 13): the demo's duplicates and possible matches.
 *
 * - Jean Sammet was imported twice: two leads share her canonical pronetUrl; the older one has a
 *   conversation in the "Identity check" campaign, the newer one none (the lead search answers both).
 * - Joan Clarke is a lead without pronetUrl: her profile on the look-alike site is no lead by URL,
 *   but a search by her name and company finds her (Possible match, Link).
 * - Jean's conversation lead has more logs than the lead search returns (Activity, Show more).
 *
 * Ids come from a factory of their own, so the rest of the demo keeps its ids.
 */
import type { LeadRecord, PronetProfile, WorkspaceData } from '../model';
import { createIdFactory } from './ids';
import type { Rng } from './prng';
import { type BuildContext, DAY_MS, pronetUrlOf } from './workspace';
import { type ProgressOverrides, addCampaigns, computeCampaignStats } from './campaigns';
import { addConversation } from './conversations';

export const JEAN: PronetProfile = {
  slug: 'jean-sammet',
  firstname: 'Jean',
  lastname: 'Sammet',
  headline: 'Language Designer at Cobol Works | Programming languages',
  companyName: 'Cobol Works',
  location: 'New York, New York, United States',
  about: 'I design languages that read like English, so that business people can check what the machine will do.',
  picture: null,
};

export const JOAN: PronetProfile = {
  slug: 'joan-clarke',
  firstname: 'Joan',
  lastname: 'Clarke',
  headline: 'Cryptanalyst at Hut Eight Analytics',
  companyName: 'Hut Eight Analytics',
  location: 'Bletchley, England, United Kingdom',
  about: 'I break codes for a living, and explain statistics to people who would rather not hear about them.',
  picture: null,
};

/** The names the e2e tests and the site look for. */
export const LEAD_IDENTITY_NAMES = {
  campaign: 'Identity check',
  audience: 'Identity check',
  duplicateAudience: 'Imported twice',
} as const;

/** Logs seeded on Jean's conversation lead beyond those of her conversation (oldest first). */
export const JEAN_EXTRA_LOGS = [
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

  const jeanA = lead(ctx.ids, JEAN, { createdAt: now - 40 * DAY_MS, audienceIds: [audience.id], jobTitle: 'Language Designer', proEmail: 'jean@cobol.example' });
  const jeanB = lead(ctx.ids, JEAN, { createdAt: now - 12 * DAY_MS, audienceIds: [second.id], companyName: 'COBOL Works Inc.' });
  const joan = lead(ctx.ids, JOAN, { createdAt: now - 30 * DAY_MS, audienceIds: [audience.id], pronetUrl: null, proEmail: 'joan@hut8.example', jobTitle: 'Cryptanalyst' });
  ws.leads.push(jeanA, jeanB, joan);
  ctx.slugs.add(JEAN.slug);
  ctx.slugs.add(JOAN.slug);

  const plans = addCampaigns(ctx, rng.fork('campaigns'), ws, [
    { name: LEAD_IDENTITY_NAMES.campaign, status: 'RUNNING', audienceId: audience.id, identityId, channels: { pronet: true, email: true } },
  ]);
  const plan = plans[0];
  if (!plan) throw new Error('the identity check campaign was not built');
  const overrides: ProgressOverrides = new Map();
  overrides.set(jeanA.id, new Map([[plan.record.id, { replied: true, outcome: 'TO_QUALIFY' }]]));
  overrides.set(joan.id, new Map([[plan.record.id, { contacted: true, replied: false }]]));
  computeCampaignStats(rng.fork('stats'), ws, plans, { overrides, pinned: new Set([jeanA.id, joan.id]) });

  const item = plan.record.statsLeads.find((s) => s.id === jeanA.id) ?? null;
  addConversation(ctx, rng.fork('conversations'), ws, {
    lead: jeanA, campaign: plan.record, identityId, item,
    status: 'OPEN', note: 'Imported twice: this is the lead the campaign writes to.',
    replyBody: 'Thanks for reaching out. Happy to compare notes on how your tool reads its reports.',
    extraExchanges: 0, read: false, favourite: false, lastSendFailed: false, callCompletedAt: null,
  });
  JEAN_EXTRA_LOGS.forEach((l, i) => {
    ws.leadLogs.push({
      id: ctx.ids.next('log'),
      leadId: jeanA.id,
      identityId,
      campaignId: plan.record.id,
      type: l.type,
      description: l.description,
      // Before the conversation's own logs (its newest message is at least an hour old).
      createdAt: now - 50 * DAY_MS + i * DAY_MS,
    });
  });
  return [JEAN, JOAN];
}
