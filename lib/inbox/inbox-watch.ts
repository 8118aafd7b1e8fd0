/**
 * What the toolbar count and the desktop notifications decide (issue 12), pure: how a queued action
 * moves the waiting count, what changed since the last check (a new reply waiting, a snooze that
 * woke), and the identities the user sends as listed first.
 */
import type { ConversationStatus } from './conversation-state';
import { actionPatch, inView, type QueueFacts } from './queue';

/** How an action on a conversation moves the waiting count: -1, 0 or +1 (0 when its state is not known). */
export function waitingDelta(before: QueueFacts | undefined, kind: string, until?: number): number {
  const patch = actionPatch(kind, until);
  if (!before || !patch) return 0;
  const was = inView('waiting', before, 0);
  const is = inView('waiting', { ...before, ...patch }, 0);
  return Number(is) - Number(was);
}

/** A conversation as a check sees it. */
export interface WatchedConversation {
  id: string;
  leadId: string;
  status: ConversationStatus;
  lastMessageAt: number | null;
  snoozeUntil: number | null;
}

/** What the last check saw, kept in storage between checks (and worker restarts). */
export interface WatchState {
  at: number;
  /** The newest reply waiting at the last check (epoch ms), null when none. */
  newestReplyAt: number | null;
  /** The waiting conversations seen at that instant (a reply of the same instant is not new). */
  seenAtNewest: string[];
  /** The snoozes known to wake later, soonest first. */
  snoozes: { id: string; leadId: string; until: number }[];
}

export interface WatchNews {
  /** Waiting conversations whose reply came after the last check, newest first. */
  replies: WatchedConversation[];
  /** Snoozes the last check knew that have woken since (their date passed, no longer snoozed). */
  woke: { id: string; leadId: string; until: number }[];
}

const SNOOZES_KEPT = 50;

/**
 * Compares a check with the last one. `waiting`: the newest waiting conversations (newest first);
 * `snoozed`: the soonest snoozed ones (null: not asked this time, the known snoozes stay). The first
 * check (no previous state) only records what it saw: nothing is news.
 */
export function watchDiff(previous: WatchState | null, now: number, waiting: readonly WatchedConversation[], snoozed: readonly WatchedConversation[] | null): { next: WatchState; news: WatchNews } {
  const newest = waiting.reduce<number | null>((max, c) => (c.lastMessageAt !== null && (max === null || c.lastMessageAt > max) ? c.lastMessageAt : max), null);
  const newestReplyAt = previous?.newestReplyAt != null && (newest === null || previous.newestReplyAt > newest) ? previous.newestReplyAt : newest;
  const seenAtNewest = waiting.filter((c) => c.lastMessageAt !== null && c.lastMessageAt === newestReplyAt).map((c) => c.id);
  if (newestReplyAt === previous?.newestReplyAt) seenAtNewest.push(...previous.seenAtNewest.filter((id) => !seenAtNewest.includes(id)));
  const stillSnoozed = snoozed ? new Set(snoozed.filter((c) => c.status === 'SNOOZED').map((c) => c.id)) : null;
  const snoozes = snoozed
    ? snoozed
        .filter((c) => c.status === 'SNOOZED' && c.snoozeUntil !== null && c.snoozeUntil > now)
        .map((c) => ({ id: c.id, leadId: c.leadId, until: c.snoozeUntil as number }))
        .sort((a, b) => a.until - b.until)
        .slice(0, SNOOZES_KEPT)
    : (previous?.snoozes.filter((s) => s.until > now) ?? []);
  const next: WatchState = { at: now, newestReplyAt, seenAtNewest, snoozes };
  if (!previous) return { next, news: { replies: [], woke: [] } };
  // Nothing was waiting last time: only a reply after that check is new (not an old one unarchived).
  const bar = previous.newestReplyAt ?? previous.at;
  const replies = waiting.filter(
    (c) => c.lastMessageAt !== null && (c.lastMessageAt > bar || (c.lastMessageAt === previous.newestReplyAt && !previous.seenAtNewest.includes(c.id))),
  );
  const woke = previous.snoozes.filter((s) => s.until <= now && !(stillSnoozed?.has(s.id) ?? false));
  return { next, news: { replies, woke } };
}

/** The identities the user sends as first (in the order the service gave), then the others. */
export function mineFirst<T extends { id: string }>(identities: readonly T[], mine: readonly string[]): (T & { mine: boolean })[] {
  const own = new Set(mine);
  const marked = identities.map((i) => ({ ...i, mine: own.has(i.id) }));
  return [...marked.filter((i) => i.mine), ...marked.filter((i) => !i.mine)];
}
