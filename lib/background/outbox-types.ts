/** What the outbox (`outbox.ts`) takes, counts and offers. */
import type { RetryPolicy } from '../api/backoff';
import type { OutboxAction, OutboxRecord } from '../store/db';
import type { OutboxStore } from '../store/outbox-store';
import type { OutboxApi, Outcome } from './outbox-send';
import type { Timers } from '../timers';

export interface OutboxOptions {
  store: OutboxStore;
  api: OutboxApi;
  clock: { now(): number };
  timers: Timers;
  /** Backoff between attempts (`maxAttempts` is ignored: the outbox never gives up on a transient error). */
  policy: RetryPolicy;
  /** Lanes sent at the same time. */
  concurrency?: number;
  /** The client's timeout: how late a request without an answer may still be applied. */
  uncertainForMs: number;
  /** The note the cache holds for a conversation, the base an append is compared to on read-back. */
  currentNote?(leadId: string, conversationId: string): Promise<string | null | undefined>;
  /** After every change of the queue. */
  onChange?(): void;
  /** After a mutation took effect. */
  onApplied?(record: OutboxRecord, outcome: Outcome): Promise<void> | void;
  /**
   * Runs `step` (the record leaves the store, then `onApplied`) so that no reader sees it half done:
   * one who read the store without the record and the cache without its effect would show the
   * conversation as it was before the action. The service runs it under the lock its views read in.
   */
  settle?(step: () => Promise<void>): Promise<void>;
  /** When the next attempt is due (null: nothing waiting); the entrypoint backs it with an alarm. */
  onNextWake?(at: number | null): void;
  /** The key, to keep it out of stored error messages. */
  secret?(): string | null;
}

export interface OutboxStats {
  /** Mutations that took effect. */
  applied: number;
  /** Attempts that failed transiently and were scheduled again. */
  retries: number;
  /** Of those, attempts answered with 429. */
  rateLimited: number;
  /** Appends read back before a resend. */
  readBacks: number;
  /** Read-backs that found the append already there. */
  readBackHits: number;
  failed: number;
}

export interface Outbox {
  enqueue(action: OutboxAction): Promise<OutboxRecord>;
  list(): Promise<OutboxRecord[]>;
  /**
   * Puts a failed record back in line, to be sent now; `amend` changes it first (and may throw to
   * refuse). A record no longer failed is left as it is.
   */
  retry(id: number, amend?: (failed: OutboxRecord) => void): Promise<OutboxRecord>;
  /**
   * Drops a pending or failed record and answers it (undefined when it was gone). An item on the wire
   * cannot be discarded, nor one `onlyIf` refuses (a reply's Undo: never tried yet).
   */
  discard(id: number, onlyIf?: (r: OutboxRecord) => boolean): Promise<OutboxRecord | undefined>;
  /** Takes over after a restart: records left `sending` have an unknown outcome. Then sends what is due. */
  start(): Promise<void>;
  /** Sends what is due now (an alarm, the network coming back). */
  wake(): void;
  /** Makes every pending record due now (the key was just set, the user asked to retry everything). */
  hurry(): Promise<void>;
  /** Resolves when nothing is on the wire and nothing is due before `clock.now()` (for tests). */
  idle(): Promise<void>;
  stats(): OutboxStats;
  stop(): void;
}
