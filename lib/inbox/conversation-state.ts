/**
 * Conversation states and their transitions (service-api.md, section 3; endpoints.md: after
 * unarchive, unsnooze and snooze expiry the status is OPEN). One implementation: the emulator applies
 * it, the UI asks it which buttons to show.
 *
 * Every transition first reads the effective state at `now` (an expired snooze is OPEN), and is
 * idempotent: an action that does not apply (archive an archived conversation, unarchive or unsnooze
 * an open one) returns the same state instead of failing, as a second click or a retried request
 * should do no harm. Only a snooze date that is not in the future is an error.
 */

export type ConversationStatus = 'OPEN' | 'SNOOZED' | 'ARCHIVED';
export const CONVERSATION_STATUSES: readonly ConversationStatus[] = ['OPEN', 'SNOOZED', 'ARCHIVED'];

export interface ConversationState {
  status: ConversationStatus;
  /** Epoch ms; set only while SNOOZED. */
  snoozeUntil: number | null;
}

/** The actions a conversation takes; which ones apply in a state is `availableActions`. */
export const CONVERSATION_ACTIONS = ['archive', 'unarchive', 'snooze', 'unsnooze'] as const;
export type ConversationAction = (typeof CONVERSATION_ACTIONS)[number];

export class SnoozeInPastError extends Error {
  readonly kind = 'snooze-in-past';
  constructor(
    readonly until: number,
    readonly now: number,
  ) {
    super(`The snooze date must be in the future (${describeTime(until)} is not after ${describeTime(now)}).`);
    this.name = 'SnoozeInPastError';
  }
}

function describeTime(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString() : String(ms);
}

const OPEN: ConversationState = { status: 'OPEN', snoozeUntil: null };

/**
 * The state at `now`: a snooze whose date is reached wakes the conversation (OPEN, no date). A
 * SNOOZED record without a date could never wake, so it reads as OPEN too; a date left on another
 * status is dropped.
 */
export function effectiveState(c: ConversationState, now: number): ConversationState {
  if (c.status === 'SNOOZED') {
    return c.snoozeUntil !== null && c.snoozeUntil > now ? { status: 'SNOOZED', snoozeUntil: c.snoozeUntil } : { ...OPEN };
  }
  return { status: c.status, snoozeUntil: null };
}

/** Archive from any state; archiving a snoozed conversation drops its snooze date. */
export function archive(_c: ConversationState, _now: number): ConversationState {
  return { status: 'ARCHIVED', snoozeUntil: null };
}

/** Back to the inbox (OPEN) from ARCHIVED; any other state is left as it is. */
export function unarchive(c: ConversationState, now: number): ConversationState {
  const s = effectiveState(c, now);
  return s.status === 'ARCHIVED' ? { ...OPEN } : s;
}

/**
 * Hide until `until` (epoch ms, strictly after `now`). Allowed from every state: a snoozed one gets
 * the new date, and an archived one leaves the archive to come back to the inbox at that date, the
 * way mail clients treat snoozing an archived thread.
 */
export function snooze(_c: ConversationState, until: number, now: number): ConversationState {
  if (!Number.isFinite(until)) throw new RangeError('The snooze date is not a finite time.');
  if (until <= now) throw new SnoozeInPastError(until, now);
  return { status: 'SNOOZED', snoozeUntil: until };
}

/** Wake early (OPEN) from SNOOZED; any other state is left as it is. */
export function unsnooze(c: ConversationState, now: number): ConversationState {
  const s = effectiveState(c, now);
  return s.status === 'SNOOZED' ? { ...OPEN } : s;
}

/**
 * The actions that change the conversation at `now`, in display order. This is the one place that
 * says which buttons apply: snooze is always offered (it also changes the date of a snoozed one).
 */
export function availableActions(c: ConversationState, now: number): ConversationAction[] {
  switch (effectiveState(c, now).status) {
    case 'OPEN':
      return ['archive', 'snooze'];
    case 'SNOOZED':
      return ['archive', 'snooze', 'unsnooze'];
    case 'ARCHIVED':
      return ['unarchive', 'snooze'];
  }
}

/** Applies an action by name (the emulator's four endpoints and the outbox share this dispatch). */
export function applyAction(
  c: ConversationState,
  action: ConversationAction,
  now: number,
  snoozeUntil?: number,
): ConversationState {
  switch (action) {
    case 'archive':
      return archive(c, now);
    case 'unarchive':
      return unarchive(c, now);
    case 'unsnooze':
      return unsnooze(c, now);
    case 'snooze':
      if (snoozeUntil === undefined) throw new RangeError('A snooze needs a date.');
      return snooze(c, snoozeUntil, now);
  }
}
