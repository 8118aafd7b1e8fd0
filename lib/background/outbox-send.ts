/**
 * What the outbox sends and reads back, and when an uncertain outcome may be looked at again. The
 * state machine (lanes, retries, storage) is `outbox.ts`.
 *
 * A request the client gave up on (no answer, a dropped connection, a killed worker) may still be
 * applied by the service later, as late as the client would have waited for it: reading it back or
 * sending it (or the next mutation of its conversation) again before then could see "not applied",
 * and be overtaken by it (an archive landing after the unarchive that followed it, an append landing
 * twice). So an uncertain outcome holds its lane until the client timeout has passed since it was
 * sent (`settledAt`).
 */
import { ApiError, NetworkError } from '../api/errors';
import type { ConversationSummary } from '../api/schemas';
import type { ConversationAction } from '../inbox/conversation-state';
import type { NoteMode } from '../inbox/note-rules';
import type { OutboxRecord } from '../store/db';
import { appendLanded } from './append-check';
import { RequestError } from './error-view';
import { readBackAdd, sendAdd, sendRemove, type AddRecord, type AudienceApi, type LeadOutcome } from './outbox-audience';
import { sendEnrich, type EnrichApi, type EnrichOutcome } from './outbox-enrich';
import { readBackImport, sendImport, type ImportApi, type ImportOutcome, type ImportRecord } from './outbox-import';
import { sendQualify, type QualifyApi, type QualifyOutcome } from './outbox-qualify';
import { readBackReply, sendReply, type ReplyApi, type ReplyRecord, type SentOutcome } from './outbox-reply';
import type { ResolveCallOptions } from './resolver';

export type OutboxCallOptions = ResolveCallOptions;

/** The calls the outbox makes (adapted from the client in `api.ts`). */
export interface OutboxApi extends QualifyApi, ReplyApi, AudienceApi, ImportApi, EnrichApi {
  note(conversationId: string, text: string, mode: NoteMode, opts: OutboxCallOptions): Promise<{ note: string }>;
  action(
    kind: ConversationAction,
    conversationId: string,
    until: number | undefined,
    opts: OutboxCallOptions,
  ): Promise<ConversationSummary>;
  leadConversations(leadId: string, opts: OutboxCallOptions): Promise<ConversationSummary[]>;
}

/** What a successful mutation produced, for the cache and the panels. */
export type Outcome =
  | { kind: 'note'; note: string }
  | { kind: 'conversation'; conversation: ConversationSummary }
  | LeadOutcome
  | { kind: 'removed' }
  | QualifyOutcome
  | SentOutcome
  | ImportOutcome
  | EnrichOutcome
  /** Applied, but the answer could not be read: refetch. */
  | { kind: 'unknown' };

/** A user is waiting on every mutation: they go at the user's priority. */
const CALL = { priority: 'user' as const };

/**
 * Sends one mutation. `beforeSpend`: an enrichment stores itself marked as spending before its call
 * goes out (`outbox-enrich.ts`).
 */
export async function sendMutation(api: OutboxApi, record: OutboxRecord, beforeSpend: (record: OutboxRecord) => Promise<void> = async () => undefined): Promise<Outcome> {
  switch (record.kind) {
    case 'note': {
      const res = await api.note(record.conversationId, record.text, record.mode, CALL);
      return { kind: 'note', note: res.note };
    }
    case 'archive':
    case 'unarchive':
    case 'unsnooze':
      return { kind: 'conversation', conversation: await api.action(record.kind, record.conversationId, undefined, CALL) };
    case 'snooze':
      return { kind: 'conversation', conversation: await api.action('snooze', record.conversationId, record.until, CALL) };
    case 'add-to-audience':
      return sendAdd(api, record);
    case 'remove-from-audience':
      return sendRemove(api, record);
    case 'qualify':
      return sendQualify(api, record, CALL);
    case 'reply':
      return sendReply(api, record, CALL);
    case 'import-audience':
      return sendImport(api, record);
    case 'enrich-person':
      return sendEnrich(api, record, beforeSpend);
  }
}

/**
 * Reads an uncertain append back: `landed` with the note when it is there, else the note it will be
 * compared to next time. Throws what the read throws (the outcome stays unknown).
 */
export async function readBackAppend(
  api: OutboxApi,
  record: Extract<OutboxRecord, { kind: 'note' }>,
): Promise<{ landed: boolean; note: string | null }> {
  const conversations = await api.leadConversations(record.leadId, CALL);
  const conversation = conversations.find((c) => c.id === record.conversationId);
  if (!conversation) throw new RequestError('not-found', 'conversation-gone');
  return { landed: appendLanded(conversation.note, record.text, record.baseNote), note: conversation.note };
}

/** Reads an uncertain batch add back: the lead in the batch's audience, or null (`outbox-audience.ts`). */
export async function readBackAddOf(api: OutboxApi, record: AddRecord) {
  return readBackAdd(api, record);
}

/** Reads an uncertain import back: the import (it landed), or null (send it) (`outbox-import.ts`). */
export async function readBackImportOf(api: OutboxApi, record: ImportRecord) {
  return readBackImport(api, record);
}

/** Reads an uncertain reply back, at the user's priority: the message that is it, or null. */
export async function readBackReplyOf(api: OutboxApi, record: ReplyRecord) {
  return readBackReply(api, record, CALL);
}

/**
 * How much longer than the client's timeout a request the client gave up on may still be applied:
 * the service counts its time from when the request reached it and was taken up, which a slow network
 * or a loaded machine puts after the moment our clock recorded it as sent. Without it, a late apply
 * could land after the read-back that found nothing: a contract run at load 10 sent one reply of 300
 * twice, where the service applied 1.4 s after it received a send that the client timed out at 1.5 s.
 */
export const LATE_APPLY_GRACE_MS = 1_000;

/** How long after it went out a request whose outcome is unknown may still be applied (the outbox's `uncertainForMs`). */
export const uncertainFor = (timeoutMs: number): number => timeoutMs + LATE_APPLY_GRACE_MS;

/**
 * When a send whose outcome is unknown can no longer be applied late: the client timeout after it
 * went on the wire (the error knows when; else `fallbackSentAt`, the latest it can have gone).
 * Null when the service answered (a 5xx): it is done with the request, whatever it did.
 */
export function settledAt(error: unknown, fallbackSentAt: number, timeoutMs: number): number | null {
  if (error instanceof ApiError) return null;
  const sentAt = error instanceof NetworkError && error.sentAt !== undefined ? error.sentAt : fallbackSentAt;
  return sentAt + timeoutMs;
}
