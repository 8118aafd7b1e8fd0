/**
 * Where one queued change stands, from the outbox lists a panel was pushed: what a toast or a
 * "Saved" beside a button may say without claiming more than the background knows.
 */
import type { OutboxItemView } from './views';

export interface OutboxLists {
  pending: readonly OutboxItemView[];
  failed: readonly OutboxItemView[];
}

/**
 * - `listed`: still in the outbox (`item` says how: waiting, sending, retrying at a time);
 * - `refused`: the service refused it for good (the outbox list says why);
 * - `landed`: it left the outbox in a push that came after the press;
 * - `unseen`: no push since the press yet (the lists are still `since`): on its way, not landed.
 */
export type ItemProgress = { kind: 'listed'; item: OutboxItemView } | { kind: 'refused' } | { kind: 'landed' } | { kind: 'unseen' };

export function itemProgress(id: string, lists: OutboxLists | null, since: OutboxLists | null): ItemProgress {
  if (lists === null) return { kind: 'unseen' };
  if (lists.failed.some((i) => i.id === id)) return { kind: 'refused' };
  const item = lists.pending.find((i) => i.id === id);
  if (item) return { kind: 'listed', item };
  return lists === since ? { kind: 'unseen' } : { kind: 'landed' };
}

/** An attempt failed (or the service could not be reached): the change waits for it, not merely its turn. */
export const hasFailedAttempt = (item: OutboxItemView): boolean => item.attempts > 0 || item.error !== null;

/**
 * Whether the panel should say now that the service cannot be reached, without waiting for a
 * Refresh: the browser is offline, or an attempt of a change still waiting met no service.
 */
export function serviceUnreachable(pending: readonly OutboxItemView[], browserOnline: boolean): boolean {
  return !browserOnline || pending.some((i) => i.error?.code === 'offline');
}
