import { z } from 'zod/mini';
import { Int } from './common';

// The whole `engagementStats` tree of spec §2. All numbers are integers; the `activated`,
// `proUpgrade` and `businessUpgrade` flags are booleans. Every listed field is required.

/** `{a, aPercent, b, bPercent, ...}` for the given counts. */
function countsWithPercents<const K extends string>(keys: readonly K[]) {
  const shape = {} as Record<K | `${K}Percent`, typeof Int>;
  for (const k of keys) {
    shape[k] = Int;
    shape[`${k}Percent`] = Int;
  }
  return shape;
}

export const RepliesStats = z.object({
  contacted: Int,
  replied: Int,
  pronetContacted: Int,
  emailContacted: Int,
  pronetReplied: Int,
  emailReplied: Int,
  contactedPercent: Int,
  totalReplyPercent: Int,
  contactedReplyPercent: Int,
  pronetContactedReplyPercent: Int,
  emailContactedReplyPercent: Int,
});

export const RelationsStats = z.object({
  activated: z.boolean(),
  requestSent: Int,
  relations: Int,
  newRelations: Int,
  alreadyConnected: Int,
  requestSentPercent: Int,
  relationsPercent: Int,
  totalRelationsPercent: Int,
  newRelationsPercent: Int,
  alreadyConnectedPercent: Int,
});

export const EmailChannelStats = z.object({
  activated: z.boolean(),
  ...countsWithPercents(['sent', 'received', 'opened', 'replied', 'clicked', 'bounced'] as const),
});

export const PronetChannelStats = z.object({
  activated: z.boolean(),
  contactRequest: z.object({
    activated: z.boolean(),
    sent: Int,
    newRelations: Int,
    alreadyContact: Int,
    sentPercent: Int,
    newRelationsPercent: Int,
    alreadyContactPercent: Int,
  }),
  message: z.object({
    sent: Int,
    replied: Int,
    sentPercent: Int,
    repliedPercent: Int,
  }),
});

export const MicroblogChannelStats = z.object({
  activated: z.boolean(),
  sent: Int,
  retweet: Int,
  favorited: Int,
  followed: Int,
  followBack: Int,
  followedPercent: Int,
  followBackPercent: Int,
});

export const EnrichChannelStats = z.object({
  activated: z.boolean(),
  proUpgrade: z.boolean(),
  businessUpgrade: z.boolean(),
  enriched: Int,
  enrichedPercent: Int,
  found: z.object({
    profile: Int,
    profileSearch: Int,
    website: Int,
    proEmail: Int,
    persoEmail: Int,
    phone: Int,
    microblog: Int,
    profilePercent: Int,
    profileSearchPercent: Int,
    profileOnProfileSearchPercent: Int,
    websitePercent: Int,
    proEmailPercent: Int,
    persoEmailPercent: Int,
    phonePercent: Int,
    microblogPercent: Int,
  }),
});

export const StatusActivatedStats = z.object({
  total: Int,
  activated: Int,
  enriched: Int,
  contacted: Int,
  completed: Int,
  outOfOffice: Int,
  activatedPercent: Int,
  enrichedPercent: Int,
  contactedPercent: Int,
  completedPercent: Int,
  audiencePercent: Int,
  contactedAudiencePercent: Int,
  outOfOfficePercent: Int,
});

export const StatusRepliedStats = z.object({
  total: Int,
  toQualify: Int,
  wrongTiming: Int,
  toQualifyPercent: Int,
  wrongTimingPercent: Int,
  audiencePercent: Int,
  activatedPercent: Int,
  contactedPercent: Int,
});

export const StatusWonStats = z.object({
  total: Int,
  ...countsWithPercents(['interested', 'callBooked', 'negotiating', 'readyToBuy', 'converted'] as const),
  audiencePercent: Int,
  repliedPercent: Int,
});

export const StatusLostStats = z.object({
  total: Int,
  ...countsWithPercents(['wrongTarget', 'notInterested', 'alreadyEquipped', 'unsubscribed'] as const),
  audiencePercent: Int,
  repliedPercent: Int,
});

export const TemplateStats = z.object({
  sent: Int,
  opened: Int,
  clicked: Int,
  replied: Int,
  bounced: Int,
  openedPercent: Int,
  clickedPercent: Int,
  repliedPercent: Int,
  bouncedPercent: Int,
  /** Value seen: MAILBOX; others not shown, so any string. */
  channel: z.string(),
  createdAt: Int,
  /** May contain HTML. */
  description: z.string(),
  name: z.string(),
  subjectHtml: z.string(),
  /** Value seen: TEXT. */
  type: z.string(),
  position: Int,
  templateId: z.string(),
});
export type TemplateStats = z.infer<typeof TemplateStats>;

export const EngagementStats = z.object({
  campaignId: z.string(),
  audienceSize: Int,
  converted: Int,
  completed: Int,
  started: Int,
  replies: RepliesStats,
  relations: RelationsStats,
  channel: z.object({
    email: EmailChannelStats,
    pronet: PronetChannelStats,
    microblog: MicroblogChannelStats,
    enrich: EnrichChannelStats,
  }),
  status: z.object({
    activated: StatusActivatedStats,
    replied: StatusRepliedStats,
    won: StatusWonStats,
    lost: StatusLostStats,
  }),
  templates: z.array(TemplateStats),
});
export type EngagementStats = z.infer<typeof EngagementStats>;
