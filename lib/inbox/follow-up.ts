/**
 * A follow-up on send (issue 36): "Remind me in N days if no answer". Once the reply lands, the
 * conversation is snoozed until N days later: the service wakes it on that date (spec §3), and a
 * lead's answer before then shows at once (relay) or at the next revalidation. Pure.
 */
export const FOLLOW_UP_DEFAULT_DAYS = 3;
export const FOLLOW_UP_DAYS_MAX = 30;
const DAY_MS = 86_400_000;

/** The snooze a landed reply asks for, or null when it asked for none. */
export function followUpSnooze(reply: { kind: string; remindInDays?: number }, landedAt: number): { until: number } | null {
  if (reply.kind !== 'reply' || reply.remindInDays === undefined) return null;
  return { until: landedAt + reply.remindInDays * DAY_MS };
}
