/**
 * The outbox's `reply` mutation: POST /inbox/pronet or /inbox/email as the conversation's identity,
 * and the read-back that tells, before an uncertain reply is sent again, whether it already landed
 * (`reply-check.ts`). A message cannot be taken back, so unlike the other mutations it is never
 * resent blindly. Once one landed, the follow-up it asked for (issue 36) is queued as a snooze.
 */
import { ApiError } from '../api/errors';
import type { Message } from '../api/schemas';
import { followUpSnooze, type FollowUpMark } from '../inbox/follow-up';
import { textToEmailHtml } from '../inbox/reply-rules';
import type { OutboxAction, OutboxRecord } from '../store/db';
import { replyLanded } from './reply-check';
import type { ResolveCallOptions } from './resolver';

export type ReplyRecord = Extract<OutboxRecord, { kind: 'reply' }>;

export interface ReplyApi {
  sendPronet(input: { identityId: string; memberId: string; leadId: string; message: string }, opts: ResolveCallOptions): Promise<{ messageId: string }>;
  sendEmail(
    input: { identityId: string; leadId: string; message: { html: string; text: string }; subject?: string; replyInLastThread?: true },
    opts: ResolveCallOptions,
  ): Promise<{ messageId: string }>;
  conversationMessages(conversationId: string, page: number, opts: ResolveCallOptions): Promise<{ data: Message[]; total: number }>;
}

export interface SentOutcome {
  kind: 'sent';
  messageId: string;
}

/**
 * How much older than our clock's start of the send the service's time of our message may be (the
 * two clocks differ). The price: the same words sent twice to one conversation within this time
 * could be taken for each other.
 */
export const REPLY_CLOCK_SKEW_MS = 60_000;
/** Pages of messages read back at most (50 each, newest first). */
const READ_BACK_PAGES = 4;

export async function sendReply(api: ReplyApi, r: ReplyRecord, opts: ResolveCallOptions): Promise<SentOutcome> {
  if (r.channel === 'PRONET') {
    if (!r.memberId) throw new TypeError('a pronet reply needs a memberId');
    const res = await api.sendPronet({ identityId: r.identityId, memberId: r.memberId, leadId: r.leadId, message: r.text }, opts);
    return { kind: 'sent', messageId: res.messageId };
  }
  const message = { html: textToEmailHtml(r.text), text: r.text };
  const thread = r.subject ? { subject: r.subject } : { replyInLastThread: true as const };
  const res = await api.sendEmail({ identityId: r.identityId, leadId: r.leadId, message, ...thread }, opts);
  return { kind: 'sent', messageId: res.messageId };
}

/**
 * The service's refusal of a pronet message sent as a member who is no longer in the workspace
 * (404 "No member mem_…."): nothing was sent; it can go once the user says who they are.
 */
export function memberGone(error: unknown, r: ReplyRecord): boolean {
  return r.channel === 'PRONET' && error instanceof ApiError && error.status === 404 && /\bmember\b/i.test(error.serviceMessage);
}

/** The message that is this reply, read back from its conversation; null when it is not there. Throws what the reads throw. */
export async function readBackReply(api: ReplyApi, r: ReplyRecord, opts: ResolveCallOptions): Promise<Message | null> {
  const after = (r.sentAt ?? r.createdAt) - REPLY_CLOCK_SKEW_MS;
  const probe = { channel: r.channel, identityId: r.identityId, text: r.text, after };
  for (let page = 0; page < READ_BACK_PAGES; page += 1) {
    const { data, total } = await api.conversationMessages(r.conversationId, page, opts);
    const found = replyLanded(data, probe);
    if (found) return found;
    const oldest = data.at(-1);
    // Newest first: once a page reaches before the send, older pages cannot hold it.
    if (!oldest || oldest.createdAt < after || (page + 1) * data.length >= total) return null;
  }
  return null;
}

/**
 * Follow-up on send (issue 36): a landed reply that asked for one queues its conversation's snooze,
 * remembered as the product's own (`follow-ups.ts`), so that the lead's answer takes it back.
 * On a later turn: the snooze goes in outside the lock the reply settled under (`onApplied` runs inside it).
 */
export function queueFollowUp(
  record: OutboxRecord,
  landedAt: number,
  enqueue: (action: OutboxAction) => Promise<unknown>,
  remember: (mark: FollowUpMark) => Promise<void> = async () => undefined,
): void {
  const snooze = followUpSnooze(record, landedAt);
  if (!snooze || record.kind !== 'reply') return;
  const { conversationId, leadId, profileUrl } = record;
  void Promise.resolve()
    // Remembered first: an answer the worker learns of takes back this snooze, not one set by hand (issue 41).
    .then(() => remember({ conversationId, leadId, profileUrl, until: snooze.until, setAt: landedAt }))
    .then(() => enqueue({ kind: 'snooze', conversationId, leadId, profileUrl, until: snooze.until }))
    .catch((error: unknown) => console.warn('The follow-up snooze could not be queued', error));
}
