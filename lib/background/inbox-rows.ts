/**
 * The queue's rows: one from a conversation found by a search, and (issue 36) one from a relayed
 * event (the kept one patched, else built from the event: the payload carries the lead's name,
 * company and profile), with the kept first pages folded (a new reply goes on top of the waiting
 * view it belongs to, and counts).
 */
import type { ConversationSummary, InboxWebhookPayload, Lead } from '../api/schemas';
import { liveMessages, type LivePatch } from '../inbox/live-event';
import { inView, type QueueFacts, type QueueQuery } from '../inbox/queue';
import { firstLine, leadLastMessage, type InboxPreviewView, type InboxRowView } from '../views';

const orNull = (s: string) => (s.trim() === '' ? null : s);

function leadName(lead: Lead): string | null {
  const name = [lead.firstname, lead.lastname].filter((p) => p && p.trim()).join(' ').trim();
  return name === '' ? null : name;
}

/** What a row shows of its lead (undefined: never looked up). */
export function leadFields(lead: Lead | null | undefined) {
  return { name: lead ? leadName(lead) : null, company: lead?.companyName ?? null, profileUrl: lead?.pronetUrl ?? null, leadKnown: lead !== undefined };
}

/**
 * A search's conversation as a row. A page costs one call: the names the extension does not know yet
 * are looked up for the rows on screen only (`inbox-leads`, asked by the panel as rows scroll into view).
 */
export function summaryRow(c: ConversationSummary, lead: Lead | null | undefined, identityName: string | null): InboxRowView {
  return {
    conversationId: c.id,
    leadId: c.leadId,
    ...leadFields(lead),
    campaignName: c.campaignName,
    identityId: c.identityId,
    identityName,
    status: c.status,
    snoozeUntil: c.snoozeUntil,
    lastMessageAt: c.lastMessageAt,
    lastMessageStatus: c.lastMessageStatus,
    lastMessageType: c.lastMessageType,
    leadReplied: c.leadReplied,
    read: c.read,
  };
}

/** The row an event shows: the one a kept page holds, patched, else one built from the event. */
export function liveRowOf(event: InboxWebhookPayload, patch: LivePatch, known: QueueFacts, pages: readonly { rows: readonly InboxRowView[] }[], identityName: string | null): InboxRowView {
  const kept = pages.flatMap((p) => p.rows).find((r) => r.conversationId === event.conversationId);
  if (kept) return { ...kept, ...patch };
  const lead = event.lead;
  return {
    conversationId: event.conversationId,
    leadId: event.leadId,
    name: orNull([lead.firstName, lead.lastName].filter((x) => x.trim() !== '').join(' ')),
    company: orNull(lead.companyName),
    profileUrl: orNull(lead.pronet),
    leadKnown: true,
    campaignName: orNull(event.campaignName),
    identityId: event.identityId,
    identityName,
    status: known.status,
    snoozeUntil: null,
    lastMessageAt: patch.lastMessageAt,
    lastMessageStatus: patch.lastMessageStatus,
    lastMessageType: patch.lastMessageType,
    leadReplied: patch.leadReplied ?? known.leadReplied,
    read: patch.read ?? known.read,
  };
}

/** The first line of the lead's newest message the event carries (the row's preview), null when none. */
export function livePreviewOf(event: InboxWebhookPayload): InboxPreviewView | null {
  const last = leadLastMessage(liveMessages(event));
  return last ? { conversationId: event.conversationId, firstLine: firstLine(last.content), at: last.createdAt } : null;
}

/** Folds `row` into the kept first pages, in place. */
export function foldIntoPages(pages: Iterable<{ rows: InboxRowView[]; total: number | null; query?: QueueQuery }>, row: InboxRowView, after: QueueFacts): void {
  for (const page of pages) {
    const i = page.rows.findIndex((r) => r.conversationId === row.conversationId);
    const q = page.query;
    if (i >= 0) page.rows = page.rows.map((r, j) => (j === i ? row : r));
    else if (q?.view === 'waiting' && !q.campaignId && (!q.identityId || q.identityId === row.identityId) && inView('waiting', after, 0)) {
      page.rows = [row, ...page.rows];
      page.total = page.total === null ? null : page.total + 1;
    }
  }
}
