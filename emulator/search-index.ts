/**
 * The conversation search index of a workspace: every conversation in search order, per sort field
 * and direction, built on first use and kept in step after every change; each order also cut into
 * parts (one per status, per identity, per status of the last message), built on first use too.
 * A range of the sort field or a cursor position is a slice of any of them, found by binary
 * search. So a search on a 100 000-conversation workspace never sorts per call, and a new message
 * moves one conversation instead of re-sorting.
 */
import type { ConversationRecord } from './model';

export type SortField = 'lastMessageAt' | 'callCompletedAt' | 'snoozeUntil';
export type SortDirection = 1 | -1;

/** Where a conversation stands in a search order: its sort key (null: none), then its id. */
export interface SortPosition {
  key: number | null;
  id: string;
}

/** The first index of `list` where `past` holds, given it holds from some index to the end. */
export function firstIndexWhere<T>(list: readonly T[], past: (item: T) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (past(list[mid] as T)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** A conversation's value for a sort field; null sorts last in both directions. */
export function sortKey(c: ConversationRecord, field: SortField): number | null {
  return c[field];
}

/** Total order of a search: by key in `dir` (nulls last), ties broken by id in `dir`. */
export function compareSortPosition(a: SortPosition, b: SortPosition, dir: SortDirection): number {
  if (a.key === null && b.key !== null) return 1;
  if (a.key !== null && b.key === null) return -1;
  if (a.key !== null && b.key !== null && a.key !== b.key) return (a.key - b.key) * dir;
  if (a.id === b.id) return 0;
  return (a.id < b.id ? -1 : 1) * dir;
}

function positionIn(c: ConversationRecord, field: SortField): SortPosition {
  return { key: sortKey(c, field), id: c.id };
}

/** Index of the first conversation of `ordered` at or after `position` in search order. */
export function positionOf(ordered: readonly ConversationRecord[], position: SortPosition, field: SortField, dir: SortDirection): number {
  return firstIndexWhere(ordered, (c) => compareSortPosition(positionIn(c, field), position, dir) >= 0);
}

/** Index of the first conversation of `ordered` strictly after `position` (a cursor's page start). */
export function firstAfter(ordered: readonly ConversationRecord[], position: SortPosition, field: SortField, dir: SortDirection): number {
  return firstIndexWhere(ordered, (c) => compareSortPosition(positionIn(c, field), position, dir) > 0);
}

export function sortConversations(list: readonly ConversationRecord[], field: SortField, dir: SortDirection): ConversationRecord[] {
  // Each position is built once, not twice per comparison; a literal, not a spread: this runs per
  // candidate of a search (the spread doubled a free-text search at 100,000 leads).
  const positioned = list.map((c) => ({ key: sortKey(c, field), id: c.id, c }));
  positioned.sort((a, b) => compareSortPosition(a, b, dir));
  return positioned.map((p) => p.c);
}

/**
 * The slice [lo, hi) of `ordered` whose sort key lies within [from, to] (either bound optional):
 * keys run in `dir` with nulls last, so the slice is contiguous and the nulls are outside it.
 */
export function rangeSlice(
  ordered: readonly ConversationRecord[],
  field: SortField,
  dir: SortDirection,
  from: number | undefined,
  to: number | undefined,
): [number, number] {
  if (from === undefined && to === undefined) return [0, ordered.length];
  const key = (c: ConversationRecord) => sortKey(c, field);
  /** Where `reached` starts to hold, nulls counting as past every bound. */
  const startOf = (reached: (k: number) => boolean) => firstIndexWhere(ordered, (c) => key(c) === null || reached(key(c)!));
  let lo = 0;
  let hi = firstIndexWhere(ordered, (c) => key(c) === null); // the nulls come last
  if (dir === -1) {
    if (to !== undefined) lo = startOf((k) => k <= to);
    if (from !== undefined) hi = startOf((k) => k < from);
  } else {
    if (from !== undefined) lo = startOf((k) => k >= from);
    if (to !== undefined) hi = startOf((k) => k > to);
  }
  return [lo, Math.max(lo, hi)];
}

/**
 * The parts of the search orders a conversation belongs to: its status, its identity, the status
 * of its last message, and its status with the status of its last message (the inbox's "waiting
 * for a reply" is OPEN and RECEIVED: half of the RECEIVED part at 100 000 leads). A search on one
 * of them walks that part only, and a search on nothing else reads its page and total off it.
 */
export function conversationPart(kind: 'status' | 'identity' | 'lastStatus', value: string): string;
export function conversationPart(kind: 'statusAndLast', status: string, lastStatus: string): string;
export function conversationPart(kind: string, value: string, lastStatus?: string): string {
  return lastStatus === undefined ? `${kind}:${value}` : `${kind}:${value}/${lastStatus}`;
}

function partsOf(c: ConversationRecord): string[] {
  const parts = [conversationPart('status', c.status), conversationPart('identity', c.identityId)];
  if (c.lastMessageStatus !== null) {
    parts.push(conversationPart('lastStatus', c.lastMessageStatus), conversationPart('statusAndLast', c.status, c.lastMessageStatus));
  }
  return parts;
}

/** A search order, and the parts of it asked for so far. */
interface SearchOrder {
  field: SortField;
  dir: SortDirection;
  list: ConversationRecord[];
  parts: Map<string, ConversationRecord[]>;
}

/** Takes `c` out of `list` at `old`; false when it is not there (the list is out of step). */
function takeOut(list: ConversationRecord[], c: ConversationRecord, old: SortPosition, order: SearchOrder): boolean {
  const at = positionOf(list, old, order.field, order.dir);
  if (list[at] !== c) return false;
  list.splice(at, 1);
  return true;
}

function putIn(list: ConversationRecord[], c: ConversationRecord, order: SearchOrder): void {
  list.splice(positionOf(list, positionIn(c, order.field), order.field, order.dir), 0, c);
}

export class SearchIndex {
  /** Per `field:dir`. */
  private readonly orders = new Map<string, SearchOrder>();

  /** `all`: the workspace's conversations, read when an order is (re)built. */
  constructor(private readonly all: () => readonly ConversationRecord[]) {}

  /** Every conversation in search order. */
  ordered(field: SortField, dir: SortDirection): readonly ConversationRecord[] {
    return this.order(field, dir).list;
  }

  /** The conversations of one part (`conversationPart`) in search order. */
  part(part: string, field: SortField, dir: SortDirection): readonly ConversationRecord[] {
    const order = this.order(field, dir);
    let list = order.parts.get(part);
    if (!list) {
      list = order.list.filter((c) => partsOf(c).includes(part));
      order.parts.set(part, list);
    }
    return list;
  }

  added(c: ConversationRecord): void {
    for (const order of this.orders.values()) {
      putIn(order.list, c, order);
      for (const key of partsOf(c)) {
        const part = order.parts.get(key);
        if (part) putIn(part, c, order);
      }
    }
  }

  /**
   * Runs `change` on `c`, then moves it within the built orders and parts where its sort key or
   * its parts changed (binary searches, no re-sort). An order or part found out of step is
   * dropped, to be rebuilt on next use.
   */
  update(c: ConversationRecord, change: () => void): void {
    const before: Record<SortField, number | null> = {
      lastMessageAt: c.lastMessageAt,
      callCompletedAt: c.callCompletedAt,
      snoozeUntil: c.snoozeUntil,
    };
    const partsBefore = partsOf(c);
    change();
    const partsAfter = partsOf(c);
    for (const [cacheKey, order] of this.orders) {
      const old = { key: before[order.field], id: c.id };
      const moved = old.key !== sortKey(c, order.field);
      if (moved) {
        if (!takeOut(order.list, c, old, order)) {
          this.orders.delete(cacheKey);
          continue;
        }
        putIn(order.list, c, order);
      }
      for (const key of new Set([...partsBefore, ...partsAfter])) {
        const part = order.parts.get(key);
        const wasIn = partsBefore.includes(key);
        const isIn = partsAfter.includes(key);
        if (!part || (wasIn && isIn && !moved)) continue;
        if (wasIn && !takeOut(part, c, old, order)) {
          order.parts.delete(key);
          continue;
        }
        if (isIn) putIn(part, c, order);
      }
    }
  }

  private order(field: SortField, dir: SortDirection): SearchOrder {
    const cacheKey = `${field}:${dir}`;
    let order = this.orders.get(cacheKey);
    if (!order) {
      order = { field, dir, list: sortConversations(this.all(), field, dir), parts: new Map() };
      this.orders.set(cacheKey, order);
    }
    return order;
  }
}
