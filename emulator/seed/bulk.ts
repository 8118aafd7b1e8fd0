/**
 * The `bulk` workspace (`--leads N`): N leads for benchmarks, built in one linear pass. Every
 * per-lead step is a handful of PRNG draws and string concatenations; strings that need not differ
 * (about texts, message bodies) are shared, so 100 000 leads stay cheap in time and memory.
 */
import type {
  ConversationRecord,
  ConversationStatus,
  LastMessageStatus,
  LeadRecord,
  MessageChannel,
  MessageRecord,
  PronetProfile,
  WorkspaceData,
} from '../model';
import { LEAD_REPLIES } from './content';
import { aboutText, companyPool, jobTitle, LOCATIONS, personName, slugify } from './people';
import { createRng } from './prng';
import { type BuildContext, DAY_MS, type WorkspaceSpec, addAudiences, baseWorkspace, pronetUrlOf } from './workspace';
import { type CampaignSpec, addCampaigns, computeCampaignStats } from './campaigns';

export const BULK_SPEC: WorkspaceSpec = {
  label: 'bulk',
  name: 'bulk',
  plan: 'BUSINESS',
  crmSync: true,
  crmAConnected: true,
  crmBConnected: false,
  credits: { total: 100_000, perishable: 5_000 },
  companyName: 'Scale Outreach Inc',
  members: [
    { name: 'Dana Scott', label: 'Owner' },
    { name: 'Eli Novak', label: 'Admin' },
    { name: 'Fran Costa', label: 'Member' },
  ],
  identities: [
    { firstname: 'Dana', lastname: 'Scott', jobTitle: 'Head of Sales', pronetConnected: true },
    { firstname: 'Eli', lastname: 'Novak', jobTitle: 'Account Executive', pronetConnected: true },
    { firstname: 'Fran', lastname: 'Costa', jobTitle: 'SDR', pronetConnected: true },
    { firstname: 'Gil', lastname: 'Haddad', jobTitle: 'SDR', pronetConnected: false },
  ],
};

/** Cap on statsleads per campaign: the stats are scaled from this sample to the audience. */
export const BULK_STATS_LEADS_CAP = 1000;

const CAMPAIGN_STATUSES = ['RUNNING', 'PAUSED', 'RUNNING', 'COMPLETED', 'READY'] as const;

/** Less common message kinds, so that every filter value of the conversation search matches something. */
const RARE_LAST: readonly { channel: MessageChannel; status: LastMessageStatus }[] = [
  { channel: 'PRONET', status: 'SENDING' },
  { channel: 'EMAIL', status: 'SEND_FAILED' },
  { channel: 'INFO_TEMPLATE_SNOOZE', status: 'INFO' },
  { channel: 'PLATFORM', status: 'SENT' },
  { channel: 'COMMENT', status: 'SENT' },
  { channel: 'MANUAL_TASK', status: 'INFO' },
  { channel: 'AUTO_QUALIFY', status: 'INFO' },
];

const STATUSES: readonly ConversationStatus[] = ['OPEN', 'OPEN', 'OPEN', 'ARCHIVED', 'ARCHIVED', 'SNOOZED'];

/** A bijection on 32-bit integers: lead i gets a slug suffix no other lead has. */
function scramble(i: number): number {
  let x = (i + 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

export function buildBulk(ctx: BuildContext, count: number): { ws: WorkspaceData; profiles: PronetProfile[] } {
  const rng = createRng('bulk');
  const now = ctx.now;
  const ws = baseWorkspace(ctx, BULK_SPEC);
  const audiences = addAudiences(ctx, rng.fork('audiences'), ws, 4);
  const companies = companyPool(rng.fork('companies'), 300);
  const aboutPool: string[] = [];
  const aboutRng = rng.fork('about');
  for (let i = 0; i < 64; i++) {
    const c = companies[i % companies.length];
    if (c) aboutPool.push(aboutText(aboutRng, { company: c.name, industry: c.industry }));
  }
  const titlePool: string[] = [];
  for (let i = 0; i < 80; i++) titlePool.push(jobTitle(aboutRng));

  const profiles: PronetProfile[] = [];
  const leadRng = rng.fork('leads');
  for (let i = 0; i < count; i++) {
    const name = personName(leadRng);
    const company = companies[leadRng.int(0, companies.length - 1)] ?? companies[0];
    if (!company) break;
    const first = slugify(name.firstname);
    const last = slugify(name.lastname);
    const slug = `${first}-${last}-${scramble(i).toString(16).padStart(8, '0')}`;
    const title = titlePool[i % titlePool.length] as string;
    const headline = `${title} at ${company.name}`;
    const location = LOCATIONS[leadRng.int(0, LOCATIONS.length - 1)] as string;
    const createdAt = now - leadRng.int(1, 120) * DAY_MS;
    const primary = (audiences[i % audiences.length] as { id: string }).id;
    const audienceIds = i % 7 === 0 ? [primary, (audiences[(i + 1) % audiences.length] as { id: string }).id] : [primary];
    const lead: LeadRecord = {
      id: ctx.ids.next('lead'),
      firstname: name.firstname,
      lastname: name.lastname,
      proEmail: `${first}.${last}.${i.toString(36)}@${company.slug}.example`,
      persoEmail: null,
      pronetUrl: pronetUrlOf(slug),
      microblog: null,
      companyName: company.name,
      companyUrl: company.website,
      jobTitle: title,
      phone: null,
      location,
      industry: company.industry,
      gender: name.gender,
      shortBio: headline,
      dateOfBirth: null,
      picture: null,
      crmIds: {},
      audienceIds,
      statusByCampaign: {},
      unsubscribed: i % 97 === 0,
      createdAt,
      modifiedAt: createdAt,
    };
    ws.leads.push(lead);
    profiles.push({
      slug,
      firstname: name.firstname,
      lastname: name.lastname,
      headline,
      companyName: company.name,
      location,
      about: aboutPool[i % aboutPool.length] ?? '',
      picture: null,
    });
  }

  const specs: CampaignSpec[] = CAMPAIGN_STATUSES.map((status, i) => ({
    status,
    audienceId: (audiences[i % audiences.length] as { id: string }).id,
    identityId: (ws.identities[i % ws.identities.length] as { id: string }).id,
  }));
  const plans = addCampaigns(ctx, rng.fork('campaigns'), ws, specs);
  computeCampaignStats(rng.fork('stats'), ws, plans, {
    overrides: new Map(),
    pinned: new Set(),
    maxItems: BULK_STATS_LEADS_CAP,
  });

  // The started campaign of each audience, if any: it owns the audience's conversations.
  const campaignOfAudience = new Map<string, (typeof ws.campaigns)[number]>();
  for (const c of ws.campaigns) if (c.status !== 'READY' && !campaignOfAudience.has(c.audienceId)) campaignOfAudience.set(c.audienceId, c);

  const convRng = rng.fork('conversations');
  const sentBodies = ['<p>Hi, I would love to connect and share how teams like yours save time.</p>', '<p>Following up on my last message. Worth a quick call?</p>'];
  for (let i = 0; i < ws.leads.length; i++) {
    const lead = ws.leads[i] as LeadRecord;
    const roll = convRng.next();
    const threads = roll < 0.08 ? 0 : roll < 0.92 ? 1 : 2;
    for (let t = 0; t < threads; t++) {
      const campaign = t === 0 ? campaignOfAudience.get(lead.audienceIds[0] ?? '') : undefined;
      const identityId = campaign
        ? campaign.identityId
        : (ws.identities[(i + t + 1) % ws.identities.length] as { id: string }).id;
      const conversationId = ctx.ids.next('conv');
      const memberId = (ws.members[i % ws.members.length] as { id: string }).id;
      const firstAt = now - convRng.int(1, 89) * DAY_MS - convRng.int(0, DAY_MS - 1);
      const channel: MessageChannel = convRng.chance(0.6) ? 'PRONET' : 'EMAIL';
      const first: MessageRecord = {
        id: ctx.ids.next('msg'),
        conversationId,
        direction: 'SENT',
        channel,
        status: 'SENT',
        subject: channel === 'EMAIL' ? 'Quick idea' : null,
        content: sentBodies[i % 2] as string,
        createdAt: firstAt,
        memberId,
        attachments: [],
      };
      let last = first;
      ws.messages.push(first);
      const kind = convRng.next();
      if (kind < 0.3) {
        last = {
          id: ctx.ids.next('msg'),
          conversationId,
          direction: 'RECEIVED',
          channel,
          status: 'RECEIVED',
          subject: channel === 'EMAIL' ? 'Re: Quick idea' : null,
          content: LEAD_REPLIES[i % LEAD_REPLIES.length] as string,
          createdAt: Math.min(now - 60_000, firstAt + convRng.int(1, 72) * 3_600_000),
          memberId: null,
          attachments: [],
        };
        ws.messages.push(last);
      } else if (kind < 0.36) {
        const rare = RARE_LAST[i % RARE_LAST.length] as (typeof RARE_LAST)[number];
        last = {
          id: ctx.ids.next('msg'),
          conversationId,
          direction: 'SENT',
          channel: rare.channel,
          status: rare.status,
          subject: rare.channel === 'EMAIL' ? 'Re: Quick idea' : null,
          content: rare.status === 'INFO' ? `<i>${rare.channel.toLowerCase().replace(/_/g, ' ')}</i>` : sentBodies[1] as string,
          createdAt: Math.min(now - 60_000, firstAt + convRng.int(1, 72) * 3_600_000),
          memberId,
          attachments: [],
        };
        ws.messages.push(last);
      }
      const status = STATUSES[convRng.int(0, STATUSES.length - 1)] as ConversationStatus;
      const conversation: ConversationRecord = {
        id: conversationId,
        leadId: lead.id,
        identityId,
        campaignId: campaign?.id ?? null,
        audienceId: campaign?.audienceId ?? null,
        externalConversationId: `ext_${conversationId}`,
        status,
        snoozeUntil: status === 'SNOOZED' ? now + convRng.int(1, 30) * DAY_MS : null,
        lastMessageAt: last.createdAt,
        lastMessageStatus: last.status,
        lastMessageType: last.channel,
        leadReplied: last.direction === 'RECEIVED',
        favourite: i % 50 === 0,
        read: last.direction === 'SENT' || convRng.chance(0.5),
        callCompletedAt: last.direction === 'RECEIVED' && i % 11 === 0 ? Math.min(now - 60_000, last.createdAt + DAY_MS) : null,
        note: i % 13 === 0 ? 'Imported from the previous CRM.' : null,
        createdAt: firstAt,
      };
      ws.conversations.push(conversation);
    }
  }
  return { ws, profiles };
}
