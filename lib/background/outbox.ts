/**
 * The outbox: every mutation (note, archive, unarchive, snooze, unsnooze, add to audience) is written
 * to IndexedDB before it is sent, then sent until it succeeds or fails for good.
 *
 * - Order: mutations of one conversation (one "lane"; add to audience: one lane per profile; a lead
 *   status: one lane per lead and campaign) go one
 *   at a time, in the order they were made. Different lanes go in parallel (up to `concurrency`).
 *   A failed mutation blocks its lane until the user retries or discards it, so that a later
 *   mutation never overtakes an earlier one.
 * - Retries: network errors, 429 and 5xx are retried with exponential backoff (Retry-After wins),
 *   without limit; any other 4xx fails for good and keeps the service's message.
 * - Crash safety: a record is marked `sending` (and, for an append, `uncertain`) before the call; a
 *   new instance over the same database finds it so and treats its outcome as unknown.
 * - No double append, no message sent twice: before an append whose outcome is unknown is sent
 *   again, the conversation is read back (`GET /leads/{leadId}/conversations`) and the note compared;
 *   before a reply is, its messages (`outbox-reply.ts`), no sooner than the client timeout after the
 *   send, even after a 5xx (a gateway may fail after the service applied it). Every other mutation is
 *   idempotent on the service (the same replace, archive, snooze date ...), so it is simply resent.
 * - A "This page" batch's add (issue 35) whose outcome is unknown is read back by the person's address
 *   (then name and company) before it is sent again (`outbox-audience.ts`).
 * - A whole search's import (issue 43) whose outcome is unknown is read back (GET /audiences) before
 *   it is sent again (`outbox-import.ts`): a second send is a second import.
 * - "Enrich the selected" (issue 43): an enrichment whose answer was lost is never sent again; no
 *   read-back can tell whether it spent (`outbox-enrich.ts`): it ends as "outcome unknown".
 * - Late application: a send that got no answer holds its lane until the client timeout has passed
 *   since it went out (`outbox-send.ts`), so that nothing is read back, resent or overtaken while
 *   the service may still apply it.
 */
import type { RetryPolicy } from '../api/backoff';
import type { OutboxAction, OutboxRecord } from '../store/db';
import { RequestError } from './error-view';
import { afterFailure } from './outbox-failure';
import { inBatch } from './outbox-audience';
import { spendUnknown } from './outbox-enrich';
import { readBackAddOf, readBackAppend, readBackImportOf, readBackReplyOf, sendMutation, type Outcome } from './outbox-send';
import type { Outbox, OutboxOptions, OutboxStats } from './outbox-types';

export type { OutboxApi, OutboxCallOptions, Outcome } from './outbox-send';
export type { Outbox, OutboxOptions, OutboxStats } from './outbox-types';

export const DEFAULT_OUTBOX_POLICY: RetryPolicy = { maxAttempts: Infinity, baseMs: 1_000, capMs: 300_000, random: Math.random };

export function laneOf(r: OutboxAction): string {
  if (r.kind === 'add-to-audience' || r.kind === 'remove-from-audience') return `profile:${r.profileUrl}`;
  // A lead's statuses go in their own lane: a refused one does not hold up the conversation's notes.
  if (r.kind === 'qualify') return `status:${r.leadId}:${r.campaign}`;
  if (r.kind === 'import-audience') return `import:${r.audience.toLowerCase()}`;
  if (r.kind === 'enrich-person') return `enrich:${r.profileUrl}`;
  return `conversation:${r.conversationId}`;
}

export function createOutbox(opts: OutboxOptions): Outbox {
  const concurrency = opts.concurrency ?? 4;
  /** Lane → id of the record being attempted in it. */
  const busy = new Map<string, number>();
  const isBusy = (id: number) => [...busy.values()].includes(id);
  /** Ids being discarded: an attempt that starts meanwhile leaves them alone. */
  const discarding = new Set<number>();
  /** The earliest a record may go: a reply not before its undo window ends. */
  const earliest = (r: OutboxRecord, at: number) => (r.kind === 'reply' ? Math.max(at, r.holdUntil) : at);
  const stats: OutboxStats = { applied: 0, retries: 0, rateLimited: 0, readBacks: 0, readBackHits: 0, failed: 0 };
  let timer: { handle: unknown; at: number } | null = null;
  let stopped = false;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  const idleWaiters: (() => void)[] = [];

  const changed = () => opts.onChange?.();

  function clearTimer() {
    if (timer) opts.timers.clearTimeout(timer.handle);
    timer = null;
  }

  function scheduleWake(at: number | null) {
    opts.onNextWake?.(at);
    if (at === null) {
      clearTimer();
      return;
    }
    if (timer && timer.at === at) return;
    clearTimer();
    timer = {
      at,
      handle: opts.timers.setTimeout(() => {
        timer = null;
        wake();
      }, Math.max(0, at - opts.clock.now())),
    };
  }

  /** One pass: start every lane head that is due, schedule the next wake-up. */
  async function pass(): Promise<void> {
    const records = await opts.store.all();
    const now = opts.clock.now();
    const heads = new Map<string, OutboxRecord>();
    for (const r of records.sort((a, b) => a.id - b.id)) {
      const lane = laneOf(r);
      if (!heads.has(lane)) heads.set(lane, r);
    }
    let nextAt: number | null = null;
    for (const [lane, head] of heads) {
      if (head.state === 'failed' || busy.has(lane)) continue;
      if (head.nextAttemptAt > now) {
        nextAt = nextAt === null ? head.nextAttemptAt : Math.min(nextAt, head.nextAttemptAt);
        continue;
      }
      if (busy.size >= concurrency) continue;
      busy.set(lane, head.id);
      void attempt(head.id)
        // Storage failing under us (a closing database): the record stays as stored, retried later.
        .catch((error: unknown) => console.error('outbox attempt failed', error))
        .finally(() => {
          busy.delete(lane);
          wake();
        });
    }
    if (!stopped) scheduleWake(nextAt);
    if (busy.size === 0 && (nextAt === null || nextAt > opts.clock.now())) {
      for (const resolve of idleWaiters.splice(0)) resolve();
    }
  }

  function wake() {
    if (stopped) return;
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = (async () => {
      do {
        pumpAgain = false;
        try {
          await pass();
        } catch (error) {
          console.error('outbox pass failed', error);
        }
      } while (pumpAgain && !stopped);
      pumping = null;
    })();
  }

  async function attempt(id: number): Promise<void> {
    // Re-read: the record may have been sent, discarded or failed since the pass listed it.
    const record = await opts.store.get(id);
    if (!record || discarding.has(id) || record.state === 'failed' || record.nextAttemptAt > opts.clock.now()) return;
    const first = record.attempts === 0;
    const sentAt = opts.clock.now();
    record.state = 'sending';
    record.attempts += 1;
    if (record.kind === 'note' && record.mode === 'append') {
      if (first && record.baseNote === undefined && opts.currentNote) {
        record.baseNote = (await opts.currentNote(record.leadId, record.conversationId)) ?? null;
      }
      if (record.uncertain) {
        stats.readBacks += 1;
        await opts.store.put(record);
        changed();
        const outcome = await readBack(record);
        if (outcome === 'landed') return;
        if (outcome === 'error') return;
      }
      // From here until an answer, a crash leaves the outcome unknown.
      record.uncertain = true;
    }
    if (record.kind === 'reply') {
      record.sentAt ??= sentAt;
      if (record.uncertain) {
        stats.readBacks += 1;
        await opts.store.put(record);
        changed();
        if ((await readBackReply(record)) !== 'send') return;
      }
      record.uncertain = true;
    }
    if (record.kind === 'import-audience') {
      // A resend is a second import of the whole search: never without reading back first.
      if (record.uncertain) {
        stats.readBacks += 1;
        await opts.store.put(record);
        changed();
        if ((await readBackThen(record, () => readBackImportOf(opts.api, record))) !== 'send') return;
      }
      record.uncertain = true;
    }
    if (inBatch(record)) {
      if (record.uncertain) {
        stats.readBacks += 1;
        await opts.store.put(record);
        changed();
        if ((await readBackAdd(record)) !== 'send') return;
        record.unknownBefore = true;
      }
      record.uncertain = true;
    }
    if (record.kind === 'enrich-person') {
      // Its credits may be spent and nothing can read that back (`outbox-enrich.ts`): never sent again.
      if (spendUnknown(record)) {
        await succeed(record, { kind: 'enrich-unknown', ...(record.leadId !== undefined ? { leadId: record.leadId } : {}) });
        return;
      }
      // Until its enrichment goes out, an attempt that fails sent nothing that spends.
      delete record.spentAt;
    }
    await opts.store.put(record);
    changed();
    try {
      const outcome = await sendMutation(opts.api, record, async (spending) => {
        if (spending.kind === 'enrich-person') spending.spentAt = opts.clock.now();
        spending.uncertain = true;
        await opts.store.put(spending);
      });
      await succeed(record, outcome);
    } catch (error) {
      await failed(record, error, 'send', sentAt);
    }
  }

  /**
   * Reads an uncertain mutation back (`read`: what it made, if it is there, else null). 'landed': it is
   * done; 'send': not there, send it; 'error': the read failed, rescheduled.
   */
  async function readBackThen(record: OutboxRecord, read: () => Promise<Outcome | null>): Promise<'landed' | 'send' | 'error'> {
    try {
      const found = await read();
      if (found) {
        stats.readBackHits += 1;
        await succeed(record, found);
        return 'landed';
      }
      record.uncertain = false;
      return 'send';
    } catch (error) {
      await failed(record, error, 'read-back');
      return 'error';
    }
  }

  const readBackReply = (record: Extract<OutboxRecord, { kind: 'reply' }>) =>
    readBackThen(record, async () => {
      const found = await readBackReplyOf(opts.api, record);
      return found ? { kind: 'sent', messageId: found.id } : null;
    });

  // It was no lead by its address when the batch was made: the lead in the audience is this add's.
  const readBackAdd = (record: Extract<OutboxRecord, { kind: 'add-to-audience' }>) =>
    readBackThen(record, async () => {
      const leadId = await readBackAddOf(opts.api, record);
      return leadId !== null ? { kind: 'lead', leadId, joined: true } : null;
    });

  /** Reads an uncertain append back. 'landed': it is done; 'send': send it; 'error': rescheduled. */
  async function readBack(record: Extract<OutboxRecord, { kind: 'note' }>): Promise<'landed' | 'send' | 'error'> {
    try {
      const found = await readBackAppend(opts.api, record);
      if (found.landed) {
        stats.readBackHits += 1;
        await succeed(record, { kind: 'note', note: found.note ?? '' });
        return 'landed';
      }
      // Not there: what we read is now the base our append will be compared to.
      record.baseNote = found.note;
      record.uncertain = false;
      return 'send';
    } catch (error) {
      await failed(record, error, 'read-back');
      return 'error';
    }
  }

  async function succeed(record: OutboxRecord, outcome: Outcome) {
    const step = async () => {
      await opts.store.delete(record.id);
      stats.applied += 1;
      await opts.onApplied?.(record, outcome);
    };
    try {
      await (opts.settle ? opts.settle(step) : step());
    } finally {
      changed();
    }
  }

  /** After a failed call (`outbox-failure.ts` says what the record becomes). */
  async function failed(record: OutboxRecord, error: unknown, phase: 'send' | 'read-back' = 'send', sentAt?: number) {
    const secret = opts.secret?.();
    const result = afterFailure(record, error, phase, { now: opts.clock.now(), policy: opts.policy, uncertainForMs: opts.uncertainForMs, ...(secret !== undefined ? { secret } : {}), ...(sentAt !== undefined ? { sentAt } : {}) });
    if (result === 'applied') {
      await succeed(record, { kind: 'unknown' });
      return;
    }
    if (result === 'failed') stats.failed += 1;
    else {
      stats.retries += 1;
      if (result === 'rate-limited') stats.rateLimited += 1;
    }
    await opts.store.put(record);
    changed();
  }

  return {
    async enqueue(action) {
      const record = await opts.store.add(action, opts.clock.now());
      changed();
      wake();
      return record;
    },
    list: async () => (await opts.store.all()).sort((a, b) => a.id - b.id),
    async retry(id, amend) {
      const record = await opts.store.get(id);
      if (!record) throw new RequestError('not-found', 'outbox-item-gone');
      if (record.state === 'failed') {
        amend?.(record);
        record.state = 'pending';
        record.error = null;
        record.nextAttemptAt = opts.clock.now();
        await opts.store.put(record);
        changed();
      } else if (record.state === 'pending' && !isBusy(id)) {
        record.nextAttemptAt = Math.min(record.nextAttemptAt, earliest(record, opts.clock.now()));
        await opts.store.put(record);
      }
      wake();
      return record;
    },
    async discard(id, onlyIf) {
      // Checked and marked before any await: no attempt can start on it from here on.
      if (isBusy(id) || discarding.has(id)) throw new RequestError('bad-request', 'being-sent');
      discarding.add(id);
      try {
        const record = await opts.store.get(id);
        if (!record) return undefined;
        if (onlyIf && !onlyIf(record)) throw new RequestError('bad-request', 'being-sent');
        await opts.store.delete(id);
        changed();
        wake();
        return record;
      } finally {
        discarding.delete(id);
      }
    },
    async start() {
      stopped = false;
      for (const r of await opts.store.all()) {
        if (r.state === 'sending') {
          r.state = 'pending';
          r.uncertain = true;
          // It went out at the latest now, and may still be applied until the timeout after.
          r.nextAttemptAt = opts.clock.now() + opts.uncertainForMs;
          await opts.store.put(r);
        }
      }
      changed();
      wake();
    },
    wake,
    async hurry() {
      const now = opts.clock.now();
      for (const r of await opts.store.all()) {
        if (r.state === 'pending' && r.nextAttemptAt > earliest(r, now) && !isBusy(r.id)) {
          r.nextAttemptAt = earliest(r, now);
          await opts.store.put(r);
        }
      }
      wake();
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wake();
      });
    },
    stats: () => ({ ...stats }),
    stop() {
      stopped = true;
      clearTimer();
    },
  };
}
