import { describe, expect, it } from 'vitest';
import type { ConversationRecord } from './model';
import {
  compareSortPosition,
  firstAfter,
  firstIndexWhere,
  positionOf,
  rangeSlice,
  sortConversations,
  sortKey,
  type SortDirection,
} from './search-index';

describe('firstIndexWhere (the one binary search)', () => {
  it('finds where a predicate starts to hold, at either end too', () => {
    const list = [1, 3, 3, 5, 8];
    expect(firstIndexWhere(list, (n) => n >= 3)).toBe(1);
    expect(firstIndexWhere(list, (n) => n > 3)).toBe(3);
    expect(firstIndexWhere(list, () => true)).toBe(0);
    expect(firstIndexWhere(list, (n) => n > 8)).toBe(5);
    expect(firstIndexWhere([], () => true)).toBe(0);
  });

  it('agrees with a linear scan on every threshold', () => {
    const list = [0, 0, 2, 4, 4, 4, 7, 9, 9];
    for (let t = -1; t <= 10; t++) {
      const linear = list.findIndex((n) => n > t);
      expect(firstIndexWhere(list, (n) => n > t)).toBe(linear === -1 ? list.length : linear);
    }
  });
});

/** Conversations with the given lastMessageAt values (null: none), ids in order. */
function conversations(keys: (number | null)[]): ConversationRecord[] {
  return keys.map((k, i) => ({ id: `conv_${String(i).padStart(2, '0')}`, lastMessageAt: k }) as ConversationRecord);
}

describe('positions and ranges in a search order', () => {
  const all = conversations([50, 10, null, 30, 30, 70, null, 20]);

  for (const dir of [-1, 1] as SortDirection[]) {
    const ordered = sortConversations(all, 'lastMessageAt', dir);
    const positions = ordered.map((c) => ({ key: sortKey(c, 'lastMessageAt'), id: c.id }));

    it(`finds each conversation's position and the one after it (dir ${dir})`, () => {
      positions.forEach((p, i) => {
        expect(positionOf(ordered, p, 'lastMessageAt', dir)).toBe(i);
        expect(firstAfter(ordered, p, 'lastMessageAt', dir)).toBe(i + 1);
      });
      const between = { key: 30, id: 'conv_035' };
      const expected = positions.findIndex((p) => compareSortPosition(p, between, dir) > 0);
      expect(firstAfter(ordered, between, 'lastMessageAt', dir)).toBe(expected);
    });

    it(`slices a date range as a filter would, nulls outside (dir ${dir})`, () => {
      const bounds = [undefined, 5, 10, 25, 30, 70, 80];
      for (const from of bounds) {
        for (const to of bounds) {
          const [lo, hi] = rangeSlice(ordered, 'lastMessageAt', dir, from, to);
          const inRange = ordered.filter((c) => {
            if (from === undefined && to === undefined) return true;
            const k = c.lastMessageAt;
            return k !== null && (from === undefined || k >= from) && (to === undefined || k <= to);
          });
          expect(ordered.slice(lo, hi), `from ${from} to ${to}`).toEqual(inRange);
        }
      }
    });
  }
});
