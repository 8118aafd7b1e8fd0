/**
 * Records of the model → the wire shapes of endpoints.md (types from lib/api/schemas, so a drift
 * between the emulator and the client's schemas fails to compile). Derived fields are computed
 * here: audience size and name, identity names of a campaign, campaign name of a conversation.
 */
import type {
  Audience,
  Campaign,
  CampaignSettings,
  ConversationSummary,
  EngagementStats,
  Identity,
  InboxMessage,
  InboxWebhook,
  Lead,
  LeadLog,
  LeadStatsItem,
  Member,
  Message,
  MessageTemplate,
  WebhookLead,
} from '../lib/api/schemas';
import type {
  AudienceRecord,
  CampaignRecord,
  ConversationRecord,
  IdentityRecord,
  LeadLogRecord,
  LeadRecord,
  MemberRecord,
  MessageRecord,
  WebhookRecord,
} from './model';
import type { WorkspaceStore } from './store';

export function toMember(m: MemberRecord): Member {
  return { id: m.id, name: m.name, label: m.label };
}

export function toIdentity(i: IdentityRecord): Identity {
  return {
    id: i.id,
    name: i.name,
    firstname: i.firstname,
    lastname: i.lastname,
    companyName: i.companyName,
    jobTitle: i.jobTitle,
    pronetConnected: i.pronetConnected,
  };
}

export function toAudience(ws: WorkspaceStore, a: AudienceRecord): Audience {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    size: ws.audienceSize(a.id),
    type: a.type,
    sourceUrl: a.sourceUrl,
    ...(a.autoImport !== undefined ? { autoImport: a.autoImport } : {}),
  };
}

export function toLead(l: LeadRecord): Lead {
  return {
    id: l.id,
    firstname: l.firstname,
    lastname: l.lastname,
    companyName: l.companyName,
    companyUrl: l.companyUrl,
    jobTitle: l.jobTitle,
    proEmail: l.proEmail,
    persoEmail: l.persoEmail,
    pronetUrl: l.pronetUrl,
    microblog: l.microblog,
    phone: l.phone,
    location: l.location,
    picture: l.picture,
    industry: l.industry,
    gender: l.gender,
    crmId: l.crmIds.crmA ?? l.crmIds.crmB ?? null,
    audienceIds: [...l.audienceIds],
    createdAt: l.createdAt,
    ...(l.relationsCount !== undefined && l.relationsCount !== null ? { relationsCount: l.relationsCount } : {}),
    ...(l.customAttributes && Object.keys(l.customAttributes).length > 0 ? { customAttributes: { ...l.customAttributes } } : {}),
  };
}

export function toLeadLog(ws: WorkspaceStore, log: LeadLogRecord): LeadLog {
  return {
    id: log.id,
    leadId: log.leadId,
    type: log.type,
    description: log.description,
    identityId: log.identityId,
    campaignId: log.campaignId,
    campaignName: log.campaignId ? (ws.campaigns.get(log.campaignId)?.name ?? null) : null,
    createdAt: log.createdAt,
  };
}

export function toCampaign(ws: WorkspaceStore, c: CampaignRecord): Campaign {
  const identity = ws.identities.get(c.identityId);
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    language: c.language,
    createdAt: c.createdAt,
    modifiedAt: c.modifiedAt,
    launchedAt: c.launchedAt,
    userId: c.userId,
    status: c.status,
    audienceName: ws.audiences.get(c.audienceId)?.name ?? '',
    audienceSize: ws.audienceSize(c.audienceId),
    channels: [...c.channels],
    identityId: c.identityId,
    identityFirstname: identity?.firstname ?? '',
    identityLastname: identity?.lastname ?? '',
    converted: c.converted,
    activated: c.activated,
    crmA: c.crmA,
    crmB: c.crmB,
    enrich: c.enrich,
    autoRescheduleOutOfOffice: c.autoRescheduleOutOfOffice,
    ignoreEmojiOnlyReply: c.ignoreEmojiOnlyReply,
  };
}

export function toCampaignSettings(c: CampaignRecord): CampaignSettings {
  return {
    name: c.name,
    audienceId: c.audienceId,
    enrich: c.enrich,
    autoRescheduleOutOfOffice: c.autoRescheduleOutOfOffice,
    crmA: c.crmA,
    crmB: c.crmB,
    skipAlreadyContacted: c.skipAlreadyContacted,
    ignoreEmojiOnlyReply: c.ignoreEmojiOnlyReply,
  };
}

export function toEngagementStats(c: CampaignRecord): EngagementStats {
  return { campaignId: c.id, ...structuredClone(c.stats) };
}

export function toLeadStatsItem(s: LeadStatsItem): LeadStatsItem {
  return { ...s };
}

export function toTemplate(t: MessageTemplate): MessageTemplate {
  return { ...t };
}

export function toConversationSummary(ws: WorkspaceStore, c: ConversationRecord): ConversationSummary {
  const campaign = c.campaignId ? ws.campaigns.get(c.campaignId) : undefined;
  return {
    id: c.id,
    leadId: c.leadId,
    identityId: c.identityId,
    campaignId: c.campaignId,
    campaignName: campaign?.name ?? null,
    audienceId: c.audienceId,
    status: c.status,
    snoozeUntil: c.snoozeUntil,
    lastMessageAt: c.lastMessageAt,
    lastMessageStatus: c.lastMessageStatus,
    lastMessageType: c.lastMessageType,
    leadReplied: c.leadReplied,
    unsubscribed: ws.leads.get(c.leadId)?.unsubscribed ?? false,
    favourite: c.favourite,
    read: c.read,
    callCompletedAt: c.callCompletedAt,
    note: c.note,
  };
}

export function toMessage(m: MessageRecord): Message {
  return {
    id: m.id,
    conversationId: m.conversationId,
    direction: m.direction,
    channel: m.channel,
    status: m.status,
    ...(m.subject !== null ? { subject: m.subject } : {}),
    content: m.content,
    createdAt: m.createdAt,
  };
}

export function toInboxWebhook(w: WebhookRecord): InboxWebhook {
  return { id: w.id, url: w.url, name: w.name, campaignIds: [...w.campaignIds], createdAt: w.createdAt };
}

/** The lead as a webhook payload embeds it: every field a string, empty when unknown. */
export function toWebhookLead(l: LeadRecord): WebhookLead {
  const s = (v: string | null) => v ?? '';
  return {
    id: l.id,
    jobTitle: s(l.jobTitle),
    gender: s(l.gender),
    shortBio: s(l.shortBio),
    dateOfBirth: s(l.dateOfBirth),
    persoEmail: s(l.persoEmail),
    picture: s(l.picture),
    firstName: l.firstname,
    lastName: l.lastname,
    companyName: s(l.companyName),
    companyWebsite: s(l.companyUrl),
    industry: s(l.industry),
    email: s(l.proEmail ?? l.persoEmail),
    pronet: s(l.pronetUrl),
    microblog: s(l.microblog),
    phone: s(l.phone),
    location: s(l.location),
  };
}

/** A PRONET or EMAIL message as a webhook carries it; null for other channels. */
export function toInboxMessage(ws: WorkspaceStore, c: ConversationRecord, m: MessageRecord): InboxMessage | null {
  if (m.channel !== 'PRONET' && m.channel !== 'EMAIL') return null;
  const campaign = c.campaignId ? ws.campaigns.get(c.campaignId) : undefined;
  const userId = m.memberId ?? campaign?.userId ?? ws.data.members[0]?.id ?? '';
  return {
    messageChannel: m.channel,
    messageBody: m.content,
    ...(m.channel === 'EMAIL' ? { messageSubject: m.subject ?? '' } : {}),
    messageId: m.id,
    conversationId: c.id,
    externalConversationId: c.externalConversationId,
    leadId: c.leadId,
    attachments: [...m.attachments],
    identityId: c.identityId,
    userId,
    createdAt: m.createdAt,
    sent: m.direction === 'SENT',
    received: m.direction === 'RECEIVED',
    campaignName: campaign?.name ?? '',
  };
}
