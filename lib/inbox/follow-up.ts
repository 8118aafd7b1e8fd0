/**
 * A follow-up on send (issue 36, 41): "Remind me in N days if no answer". Once the reply lands, the
 * conversation is snoozed until the morning (09:00, the user's time) N days on: the service wakes it
 * then (spec §3). It is a reminder, not a hiding place: once the lead answers, the product takes back
 * the snooze it set itself (`followUpVerdict`), and leaves alone a snooze the user set by hand. Pure.
 */
import type { ConversationSummary } from '../api/schemas';

export const FOLLOW_UP_DEFAULT_DAYS = 3;
export const FOLLOW_UP_DAYS_MAX = 30;
/** The hour of the user's day a follow-up wakes the conversation. */
export const FOLLOW_UP_HOUR = 9;

/** 09:00 of the user's day N days after `landedAt`, in the time zone the code runs in (the worker's is the user's). */
export function followUpMorning(landedAt: number, days: number): number {
  const d = new Date(landedAt);
  d.setDate(d.getDate() + days);
  d.setHours(FOLLOW_UP_HOUR, 0, 0, 0);
  return d.getTime();
}

/** The snooze a landed reply asks for, or null when it asked for none. */
export function followUpSnooze(reply: { kind: string; remindInDays?: number }, landedAt: number): { until: number } | null {
  if (reply.kind !== 'reply' || reply.remindInDays === undefined) return null;
  return { until: followUpMorning(landedAt, reply.remindInDays) };
}

/** A follow-up snooze the product set, remembered until the lead answers or it no longer stands. */
export interface FollowUpMark {
  conversationId: string;
  leadId: string;
  profileUrl: string | null;
  until: number;
  /** When the reply landed: an answer after it is the one the reminder waited for. */
  setAt: number;
}

/** A date the service gives back may be rounded (seconds): within a minute is the one we set. */
const SAME_DATE_MS = 60_000;

/**
 * What a conversation read (an event, a panel's read, the queue) makes of a follow-up mark: `unsnooze`
 * when the lead answered while our snooze still holds it; `forget` when the mark no longer stands (the
 * date passed, the conversation archived, or snoozed again by hand to another date); else `keep`
 * (an answer seen before our snooze landed keeps the mark, so that the snooze is taken back once it does).
 */
export function followUpVerdict(
  mark: FollowUpMark,
  c: Pick<ConversationSummary, 'status' | 'snoozeUntil' | 'lastMessageStatus' | 'lastMessageAt'>,
  now: number,
): 'keep' | 'forget' | 'unsnooze' {
  if (now >= mark.until || c.status === 'ARCHIVED') return 'forget';
  const ours = c.status === 'SNOOZED' && c.snoozeUntil !== null && Math.abs(c.snoozeUntil - mark.until) < SAME_DATE_MS;
  if (c.status === 'SNOOZED' && !ours) return 'forget';
  const answered = c.lastMessageStatus === 'RECEIVED' && (c.lastMessageAt ?? 0) > mark.setAt;
  return answered && ours ? 'unsnooze' : 'keep';
}
