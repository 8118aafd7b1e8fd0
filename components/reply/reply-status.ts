/** How a queued reply stands, for the composer to word: in its undo window, on its way, or refused. */
import type { OutboxItemView } from '../../lib/views';

export type ReplyItemStatus = { kind: 'window'; seconds: number } | { kind: 'sending' } | { kind: 'failed' };

export function replyItemStatus(item: OutboxItemView, now: number): ReplyItemStatus {
  if (item.state === 'failed') return { kind: 'failed' };
  const holdUntil = item.reply?.holdUntil ?? 0;
  if (item.state === 'pending' && item.attempts === 0 && now < holdUntil) return { kind: 'window', seconds: Math.max(1, Math.ceil((holdUntil - now) / 1000)) };
  return { kind: 'sending' };
}

/** The reply items of one conversation, oldest first. */
export function repliesOf(items: readonly OutboxItemView[], conversationId: string): OutboxItemView[] {
  return items.filter((i) => i.kind === 'reply' && i.conversationId === conversationId).sort((a, b) => Number(a.id) - Number(b.id));
}
