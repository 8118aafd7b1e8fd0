/**
 * What an inbox webhook event (relayed live, issue 36) says about its conversation, as the service
 * itself moves it when a message is added (spec §6): the newest message's date, status and channel;
 * a lead's message makes the conversation replied and unread. An event older than what is already
 * known changes nothing (the relay replays, the service retries). Pure.
 */
import type { InboxWebhookPayload } from '../api/schemas';

export interface LivePatch {
  lastMessageAt: number;
  lastMessageStatus: 'RECEIVED' | 'SENT';
  lastMessageType: 'PRONET' | 'EMAIL';
  leadReplied?: true;
  read?: false;
}

/** The change the event makes, or null when `known` is already as new (or newer). */
export function livePatch(event: InboxWebhookPayload, known?: { lastMessageAt: number | null } | null): LivePatch | null {
  if (known && known.lastMessageAt !== null && known.lastMessageAt > event.createdAt) return null;
  return {
    lastMessageAt: event.createdAt,
    lastMessageStatus: event.received ? 'RECEIVED' : 'SENT',
    lastMessageType: event.messageChannel,
    ...(event.received ? { leadReplied: true as const, read: false as const } : {}),
  };
}

/** A relayed message as the panels list it. */
export interface LiveMessage {
  id: string;
  direction: 'SENT' | 'RECEIVED';
  channel: string;
  status: string;
  subject: string | null;
  content: string;
  createdAt: number;
}

/** The conversation's newest messages the event carries (up to 20), newest first. */
export function liveMessages(event: InboxWebhookPayload): LiveMessage[] {
  const all = event.messages.length > 0 ? event.messages : [event];
  return all
    .filter((m) => m.conversationId === event.conversationId)
    .map((m) => ({
      id: m.messageId,
      direction: m.received ? ('RECEIVED' as const) : ('SENT' as const),
      channel: m.messageChannel,
      status: m.received ? 'RECEIVED' : 'SENT',
      subject: m.messageSubject ?? null,
      content: m.messageBody,
      createdAt: m.createdAt,
    }))
    .sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * A kept page of newest messages (newest first, at most `pageSize`) with the event's folded in: those
 * it did not hold go on top; `total` grows by as many. Null when the event adds nothing.
 */
export function foldMessages<M extends { id: string; createdAt: number }>(
  kept: { messages: readonly M[]; total: number },
  incoming: readonly M[],
  pageSize: number,
): { messages: M[]; total: number } | null {
  const have = new Set(kept.messages.map((m) => m.id));
  const oldestKept = kept.messages.at(-1)?.createdAt ?? -Infinity;
  // Older than the page's oldest: already counted in `total`, beyond this page.
  const added = incoming.filter((m) => !have.has(m.id) && (kept.messages.length < pageSize ? true : m.createdAt >= oldestKept));
  if (added.length === 0) return null;
  const messages = [...added, ...kept.messages].sort((a, b) => b.createdAt - a.createdAt).slice(0, pageSize);
  return { messages, total: kept.total + added.length };
}

/**
 * What a page of the newest messages (newest first) says of its conversation, as a relayed event
 * would (`livePatch`): null when it holds nothing newer than `known`.
 */
export function messagesPatch(
  messages: readonly { direction: string; channel: string; createdAt: number }[],
  known: { lastMessageAt: number | null } | null | undefined,
): LivePatch | null {
  const newest = messages.find((m) => m.channel === 'PRONET' || m.channel === 'EMAIL');
  if (!newest || (known && known.lastMessageAt !== null && known.lastMessageAt >= newest.createdAt)) return null;
  const received = newest.direction === 'RECEIVED';
  return {
    lastMessageAt: newest.createdAt,
    lastMessageStatus: received ? 'RECEIVED' : 'SENT',
    lastMessageType: newest.channel as 'PRONET' | 'EMAIL',
    ...(received ? { leadReplied: true as const, read: false as const } : {}),
  };
}
