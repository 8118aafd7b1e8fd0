/**
 * Stage 4 of a seeded workspace (workspace.ts): conversations and their messages, which follow the
 * lead's statsleads counters (a reply counted is a reply in the thread).
 */
import type {
  CampaignRecord,
  ConversationRecord,
  ConversationStatus,
  LeadLogRecord,
  LeadRecord,
  LeadStatsRecord,
  MessageRecord,
  WorkspaceData,
} from '../model';
import {
  LEAD_REPLIES,
  MEMBER_ANSWERS,
  NOTE_SNIPPETS,
  fillPlaceholders,
} from './content';
import { type Rng } from './prng';

import { type BuildContext, DAY_MS, HOUR_MS } from './workspace';

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
