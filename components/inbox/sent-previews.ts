import type { ActionPatch } from '../../lib/inbox/queue';
import type { OutboxItemView } from '../../lib/views';
import type { RowPreview } from './InboxRow';

/** A reply's first non-empty line, as a row shows a message. */
const firstLineOf = (text: string) => text.split('\n').find((l) => l.trim())?.trim() ?? text;

/**
 * The previews of the rows a reply turned (issue 41): the reply as their last message, not the lead's
 * it answered. Its text is the outbox's while it waits there, then what the queue's composer sent.
 */
export function withSentPreviews(
  previews: ReadonlyMap<string, RowPreview>,
  patches: ReadonlyMap<string, ActionPatch>,
  outbox: readonly OutboxItemView[],
  sent: ReadonlyMap<string, string>,
): ReadonlyMap<string, RowPreview> {
  const texts = new Map(sent);
  for (const item of outbox) if (item.reply && item.conversationId && item.state !== 'failed') texts.set(item.conversationId, item.reply.text);
  const merged = new Map(previews);
  for (const [conversationId, patch] of patches) {
    const text = texts.get(conversationId);
    if ('lastMessageStatus' in patch && text !== undefined) merged.set(conversationId, { conversationId, firstLine: firstLineOf(text), at: patch.lastMessageAt ?? null, mine: true });
  }
  return merged;
}
