/** How a queued reply stands, for the composer to word: in its undo window, on its way, waiting for the network, or refused. */
import type { OutboxItemView } from '../../lib/views';

export type ReplyItemStatus = { kind: 'window'; seconds: number } | { kind: 'sending' } | { kind: 'offline' } | { kind: 'failed' };

/** `online`: the browser's word on the network (`navigator.onLine`). */
export function replyItemStatus(item: OutboxItemView, now: number, online = true): ReplyItemStatus {
  if (item.state === 'failed') return { kind: 'failed' };
  const holdUntil = item.reply?.holdUntil ?? 0;
  // The undo window holds offline too: Undo still works, and nothing would go before it ends anyway.
  if (item.state === 'pending' && item.attempts === 0 && now < holdUntil) return { kind: 'window', seconds: Math.max(1, Math.ceil((holdUntil - now) / 1000)) };
  // "Sending" for as long as the network is gone reads as stuck (issue 45): say it waits, and why.
  if (!online || (item.state === 'pending' && item.error?.code === 'offline')) return { kind: 'offline' };
  return { kind: 'sending' };
}

/** The reply items of one conversation, oldest first. */
export function repliesOf(items: readonly OutboxItemView[], conversationId: string): OutboxItemView[] {
  return items.filter((i) => i.kind === 'reply' && i.conversationId === conversationId).sort((a, b) => Number(a.id) - Number(b.id));
}
