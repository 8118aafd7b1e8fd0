/**
 * Did a reply whose outcome is unknown reach the service? Answered from the conversation's messages
 * read back (no sooner than the client timeout after the send), before the reply is sent again, so
 * that a timeout, a dropped connection or a 5xx after the service applied it never sends it twice.
 *
 * Ours is a message sent (direction SENT) on the reply's channel, from its identity (when the service
 * says which), whose words are the reply's (`bodyKey`: markup and spacing aside), written no earlier
 * than the send started (less the clocks' allowed skew): an earlier message with the same words was
 * another send.
 */
import type { Message } from '../api/schemas';
import { bodyKey, looksLikeHtmlBody, type ReplyChannel } from '../inbox/reply-rules';

export interface ReplyProbe {
  channel: ReplyChannel;
  identityId: string;
  /** The text the user wrote (the email's HTML is made of it). */
  text: string;
  /** When the first attempt started (client clock), less the allowed skew: ours cannot be older. */
  after: number;
}

/** The service keeps an email's HTML and a pronet message's text as typed (`<` and all). */
export function storedAsHtml(m: Pick<Message, 'channel' | 'content'>): boolean {
  return m.channel === 'EMAIL' && looksLikeHtmlBody(m.content);
}

/** The message that is this reply, if it is among `messages`. */
export function replyLanded(messages: readonly (Message & { identityId?: string })[], probe: ReplyProbe): Message | null {
  const key = bodyKey(probe.text, false);
  for (const m of messages) {
    if (m.direction !== 'SENT' || m.channel !== probe.channel) continue;
    if (m.identityId !== undefined && m.identityId !== probe.identityId) continue;
    if (m.createdAt < probe.after) continue;
    if (bodyKey(m.content, storedAsHtml(m)) === key) return m;
  }
  return null;
}
