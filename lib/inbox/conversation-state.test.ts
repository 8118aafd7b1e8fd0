import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_STATUSES,
  SnoozeInPastError,
  applyAction,
  archive,
  availableActions,
  effectiveState,
  snooze,
  unarchive,
  unsnooze,
  type ConversationAction,
  type ConversationState,
} from './conversation-state';

const NOW = 1_700_000_000_000;
const HOUR = 3_600_000;
const open: ConversationState = { status: 'OPEN', snoozeUntil: null };
const archived: ConversationState = { status: 'ARCHIVED', snoozeUntil: null };
const snoozed: ConversationState = { status: 'SNOOZED', snoozeUntil: NOW + HOUR };
const expired: ConversationState = { status: 'SNOOZED', snoozeUntil: NOW - 1 };

describe('effectiveState', () => {
  it('keeps a snooze whose date is still ahead', () => {
    expect(effectiveState(snoozed, NOW)).toEqual(snoozed);
  });

  it('wakes a snooze when its date is reached, with no date left', () => {
    expect(effectiveState(snoozed, NOW + HOUR)).toEqual(open);
    expect(effectiveState(expired, NOW)).toEqual(open);
  });

  it('reads a snooze without a date as open, since it could never wake', () => {
    expect(effectiveState({ status: 'SNOOZED', snoozeUntil: null }, NOW)).toEqual(open);
  });

  it('drops a stray date on an open or archived conversation', () => {
    expect(effectiveState({ status: 'ARCHIVED', snoozeUntil: NOW + HOUR }, NOW)).toEqual(archived);
    expect(effectiveState({ status: 'OPEN', snoozeUntil: NOW + HOUR }, NOW)).toEqual(open);
  });
});

describe('transitions', () => {
  // [from, action, to] at NOW; snooze targets NOW + 2h.
  const until = NOW + 2 * HOUR;
  const table: [string, ConversationState, ConversationAction, ConversationState][] = [
    ['open', open, 'archive', archived],
    ['open', open, 'unarchive', open],
    ['open', open, 'snooze', { status: 'SNOOZED', snoozeUntil: until }],
    ['open', open, 'unsnooze', open],
    ['snoozed', snoozed, 'archive', archived],
    ['snoozed', snoozed, 'unarchive', snoozed],
    ['snoozed', snoozed, 'snooze', { status: 'SNOOZED', snoozeUntil: until }],
    ['snoozed', snoozed, 'unsnooze', open],
    ['expired snooze', expired, 'archive', archived],
    ['expired snooze', expired, 'unarchive', open],
    ['expired snooze', expired, 'snooze', { status: 'SNOOZED', snoozeUntil: until }],
    ['expired snooze', expired, 'unsnooze', open],
    ['archived', archived, 'archive', archived],
    ['archived', archived, 'unarchive', open],
    ['archived', archived, 'snooze', { status: 'SNOOZED', snoozeUntil: until }],
    ['archived', archived, 'unsnooze', archived],
  ];

  it.each(table)('%s + %s', (_name, from, action, to) => {
    expect(applyAction(from, action, NOW, until)).toEqual(to);
  });

  it('names the same transitions as the individual functions', () => {
    expect(archive(snoozed, NOW)).toEqual(archived);
    expect(unarchive(archived, NOW)).toEqual(open);
    expect(snooze(open, until, NOW)).toEqual({ status: 'SNOOZED', snoozeUntil: until });
    expect(unsnooze(snoozed, NOW)).toEqual(open);
  });

  it('never changes its input', () => {
    const input = { ...snoozed };
    archive(input, NOW);
    unsnooze(input, NOW);
    snooze(input, until, NOW);
    expect(input).toEqual(snoozed);
  });

  it('is idempotent: applying an action twice gives the state of applying it once', () => {
    for (const from of [open, snoozed, expired, archived]) {
      for (const action of ['archive', 'unarchive', 'snooze', 'unsnooze'] as const) {
        const once = applyAction(from, action, NOW, until);
        expect(applyAction(once, action, NOW, until)).toEqual(once);
      }
    }
  });
});

describe('snooze date', () => {
  it('refuses a date in the past or equal to now with a typed error', () => {
    for (const bad of [NOW - HOUR, NOW]) {
      let caught: unknown;
      try {
        snooze(open, bad, NOW);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(SnoozeInPastError);
      expect(caught).toMatchObject({ kind: 'snooze-in-past', until: bad, now: NOW });
    }
  });

  it('accepts a date one millisecond ahead', () => {
    expect(snooze(archived, NOW + 1, NOW)).toEqual({ status: 'SNOOZED', snoozeUntil: NOW + 1 });
  });

  it('refuses a date that is not a finite time', () => {
    expect(() => snooze(open, Number.NaN, NOW)).toThrow(RangeError);
    expect(() => snooze(open, Number.POSITIVE_INFINITY, NOW)).toThrow(RangeError);
  });

  it('needs a date when applied by name', () => {
    expect(() => applyAction(open, 'snooze', NOW)).toThrow(RangeError);
  });
});

describe('availableActions', () => {
  it('offers only the actions that change the conversation', () => {
    expect(availableActions(open, NOW)).toEqual(['archive', 'snooze']);
    expect(availableActions(snoozed, NOW)).toEqual(['archive', 'snooze', 'unsnooze']);
    expect(availableActions(archived, NOW)).toEqual(['unarchive', 'snooze']);
  });

  it('treats a snooze that has expired as open', () => {
    expect(availableActions(snoozed, NOW + HOUR)).toEqual(['archive', 'snooze']);
  });

  it('agrees with the transitions: an offered action changes the state, a missing one does not', () => {
    const until = NOW + 2 * HOUR;
    for (const from of [open, snoozed, expired, archived]) {
      const offered = availableActions(from, NOW);
      for (const action of ['archive', 'unarchive', 'snooze', 'unsnooze'] as const) {
        const changes = JSON.stringify(applyAction(from, action, NOW, until)) !== JSON.stringify(effectiveState(from, NOW));
        expect({ from: from.status, action, changes }).toEqual({ from: from.status, action, changes: offered.includes(action) });
      }
    }
  });

  it('covers every status', () => {
    for (const status of CONVERSATION_STATUSES) {
      expect(availableActions({ status, snoozeUntil: NOW + HOUR }, NOW).length).toBeGreaterThan(0);
    }
  });
});
