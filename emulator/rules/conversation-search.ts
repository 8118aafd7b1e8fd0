/**
 * GET /conversations/search (spec §4): every filter, combined with AND; `campaignIds` resolves each
 * campaign to its audience and identity and is ignored when identityIds or audienceIds is given;
 * `leadIds` with `q` intersect; sort by lastMessageAt (default), callCompletedAt or snoozeUntil,
 * -1 (default) or 1, conversations without a value for the sort field last in both directions;
 * pages of `limit` with a `nextToken` bound to the filters; `total` on the first page only.
 *
 * Candidates come from the narrowest index the filters allow (leads, identities, audiences) when it
 * is small enough that sorting it costs less than walking the workspace's cached order; else from
 * that order, with the index's filter as one more predicate. So a search on a 100 000-lead
 * workspace never sorts a large list per call, and the exact `total` of a first page is one pass.
 */
import type { ConversationSearchQuery } from '../../lib/api/schemas';
import { leadMatchesText, textNeedle } from '../lead-text-index';
import type { ConversationRecord } from '../model';
import { conversationPart, firstAfter, rangeSlice, sortConversations, sortKey, type SortDirection, type SortField } from '../search-index';
import type { WorkspaceStore } from '../store';
import { decodeCursor, encodeCursor, filterHash, type CursorPosition } from './cursor';


export interface SearchPage {
  data: ConversationRecord[];
  total: number | null;
  nextToken: string | null;
  hasMore: boolean;
}

/**
 * Whether sorting `size` candidates costs less than walking the `all` conversations of the cached
 * order (a sort makes about size x log2(size) comparisons, each dearer than one predicate check).
 */
function worthSorting(size: number, all: number): boolean {
  return size * Math.log2(size + 1) * 2 < all;
}

/** The query fields that shape the page, not the set of conversations it is cut from. */
const NOT_FILTERS: ReadonlySet<keyof ConversationSearchQuery> = new Set(['limit', 'searchAfter', 'sortField', 'sortDirection']);

/** A list filter: none (null), its one value, or a set of values. */
type OneOf = string | ReadonlySet<string> | null;

function oneOf(values: readonly string[] | undefined): OneOf {
  if (values === undefined) return null;
  return values.length === 1 ? values[0]! : new Set(values);
}

function isIn(filter: OneOf, value: string | null): boolean {
  if (filter === null) return true;
  if (value === null) return false;
  return typeof filter === 'string' ? value === filter : filter.has(value);
}

function inRange(v: number | null, from: number | undefined, to: number | undefined): boolean {
  if (from === undefined && to === undefined) return true;
  if (v === null) return false;
  return (from === undefined || v >= from) && (to === undefined || v <= to);
}

/** The filters that take part in the cursor's integrity check (all but limit and the cursor). */
function hashedFilters(q: ConversationSearchQuery): Record<string, unknown> {
  const { limit: _limit, searchAfter: _cursor, ...rest } = q;
  return rest;
}

/** Distinct values, in order: a partition's lists of distinct keys are disjoint. */
const distinct = (values: readonly string[]): string[] => [...new Set(values)];

function concat<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  for (const list of lists) for (const item of list) out.push(item);
  return out;
}

export function searchConversations(
  ws: WorkspaceStore,
  q: ConversationSearchQuery,
  secret: string,
): SearchPage {
  const hash = filterHash(hashedFilters(q));
  const cursor: CursorPosition | null = q.searchAfter !== undefined ? decodeCursor(secret, q.searchAfter, hash) : null;
  const dir = q.sortDirection as SortDirection;
  const field = q.sortField;

  // campaignIds: each campaign stands for (its audience, its identity); ignored when identityIds
  // or audienceIds is given.
  const campaignScopes =
    q.campaignIds !== undefined && q.identityIds === undefined && q.audienceIds === undefined
      ? q.campaignIds.map((id) => ws.campaigns.get(id)).filter((c) => c !== undefined)
      : undefined;

  // q resolves to the set of matching leads, intersected with leadIds when both are given.
  let leadIds: Set<string> | undefined = q.leadIds ? new Set(q.leadIds) : undefined;
  if (q.q !== undefined && q.q.trim() !== '') {
    const text = q.q;
    const matched = new Set<string>();
    if (leadIds) {
      for (const id of leadIds) {
        const lead = ws.leads.get(id);
        if (lead && leadMatchesText(lead, text)) matched.add(id);
      }
    } else {
      // Every lead: through the workspace's free-text index, not lead by lead.
      const needle = textNeedle(text);
      if (needle !== null) for (const lead of ws.leadsWithText(needle)) matched.add(lead.id);
    }
    leadIds = matched;
  }

  // One matcher with every filter inline (cheapest and most selective first): it runs once per
  // candidate, up to the whole workspace on a first page, whose exact total it counts.
  const status = oneOf(q.status);
  const lastStatus = oneOf(q.lastMessageStatus);
  const lastType = oneOf(q.lastMessageType);
  const identities = oneOf(q.identityIds);
  const audiences = oneOf(q.audienceIds);
  const leads = leadIds ?? null;
  const { lastMessageAtFrom, lastMessageAtTo, callCompletedAtFrom, callCompletedAtTo, leadReplied, unsubscribed, favourite, read } = q;
  const lastAtBounded = lastMessageAtFrom !== undefined || lastMessageAtTo !== undefined;
  const callBounded = callCompletedAtFrom !== undefined || callCompletedAtTo !== undefined;
  const matches = (c: ConversationRecord): boolean =>
    isIn(status, c.status) &&
    isIn(lastStatus, c.lastMessageStatus) &&
    isIn(lastType, c.lastMessageType) &&
    (leadReplied === undefined || c.leadReplied === leadReplied) &&
    (favourite === undefined || c.favourite === favourite) &&
    (read === undefined || c.read === read) &&
    (!lastAtBounded || inRange(c.lastMessageAt, lastMessageAtFrom, lastMessageAtTo)) &&
    (!callBounded || inRange(c.callCompletedAt, callCompletedAtFrom, callCompletedAtTo)) &&
    isIn(identities, c.identityId) &&
    isIn(audiences, c.audienceId) &&
    (leads === null || leads.has(c.leadId)) &&
    (campaignScopes === undefined || campaignScopes.some((s) => s.audienceId === c.audienceId && s.identityId === c.identityId)) &&
    (unsubscribed === undefined || (ws.leads.get(c.leadId)?.unsubscribed ?? false) === unsubscribed);

  // Candidates: the smallest part of the cached order that the filters allow (one status, one
  // identity), else the whole order; or, when smaller still, an index (leads, identities,
  // audiences) sorted for this search. The matcher still applies to every candidate.
  const parts: { part: readonly ConversationRecord[]; only: boolean }[] = [];
  // A range on the sort field is a slice of any order (found by binary search), never a walk.
  const ranged = RANGE_OF[field];
  const onlyFilter = (...names: (keyof ConversationSearchQuery)[]) =>
    !leadIds &&
    !campaignScopes &&
    (Object.keys(q) as (keyof ConversationSearchQuery)[]).every(
      (k) => NOT_FILTERS.has(k) || names.includes(k) || (ranged?.includes(k) ?? false) || q[k] === undefined,
    );
  if (q.status?.length === 1) parts.push({ part: ws.orderedPart(conversationPart('status', q.status[0]!), field, dir), only: onlyFilter('status') });
  if (q.identityIds?.length === 1) {
    parts.push({ part: ws.orderedPart(conversationPart('identity', q.identityIds[0]!), field, dir), only: onlyFilter('identityIds') });
  }
  if (q.lastMessageStatus?.length === 1) {
    parts.push({ part: ws.orderedPart(conversationPart('lastStatus', q.lastMessageStatus[0]!), field, dir), only: onlyFilter('lastMessageStatus') });
    if (q.status?.length === 1) {
      const both = conversationPart('statusAndLast', q.status[0]!, q.lastMessageStatus[0]!);
      parts.push({ part: ws.orderedPart(both, field, dir), only: onlyFilter('status', 'lastMessageStatus') });
    }
  }
  const best = parts.sort((a, b) => a.part.length - b.part.length)[0] ?? { part: ws.orderedConversations(field, dir), only: onlyFilter() };
  // A conversation has one lead, one identity, one audience: the lists of distinct ones never
  // share a conversation, so their concatenation needs no de-duplication.
  const indexed: (readonly (readonly ConversationRecord[])[])[] = [];
  if (leadIds) indexed.push([...leadIds].map((id) => ws.conversationsOfLead(id)));
  if (q.identityIds) indexed.push(distinct(q.identityIds).map((id) => ws.conversationsOfIdentity(id)));
  if (q.audienceIds) indexed.push(distinct(q.audienceIds).map((id) => ws.conversationsOfAudience(id)));
  if (campaignScopes) indexed.push(distinct(campaignScopes.map((s) => s.identityId)).map((id) => ws.conversationsOfIdentity(id)));
  const narrowest = indexed
    .map((lists) => ({ lists, size: lists.reduce((n, l) => n + l.length, 0) }))
    .sort((a, b) => a.size - b.size)[0];
  const sorted = narrowest !== undefined && worthSorting(narrowest.size, best.part.length);
  const ordered: readonly ConversationRecord[] = sorted ? sortConversations(concat(narrowest.lists), field, dir) : best.part;

  const [lo, hi] = ranged ? rangeSlice(ordered, field, dir, asNumber(q[ranged[0]!]), asNumber(q[ranged[1]!])) : [0, ordered.length];
  const start = Math.max(lo, cursor ? firstAfter(ordered, cursor, field, dir) : 0);
  if (!sorted && best.only) {
    // The slice is exactly what the filters ask for: its page and total need no walk.
    const data = ordered.slice(start, Math.min(hi, start + q.limit));
    const more = start + q.limit < hi;
    const lastOfPage = data.at(-1);
    return {
      data,
      total: cursor ? null : Math.max(0, hi - lo),
      nextToken: more && lastOfPage ? encodeCursor(secret, { key: sortKey(lastOfPage, field), id: lastOfPage.id }, hash) : null,
      hasMore: more,
    };
  }

  const page: ConversationRecord[] = [];
  let hasMore = false;
  let total = 0;
  for (let i = start; i < hi; i++) {
    const c = ordered[i];
    if (!c || !matches(c)) continue;
    total += 1;
    if (page.length < q.limit) page.push(c);
    else {
      hasMore = true;
      if (cursor) break; // later pages do not count
    }
  }
  const last = page.at(-1);
  return {
    data: page,
    total: cursor ? null : total,
    nextToken: hasMore && last ? encodeCursor(secret, { key: sortKey(last, field), id: last.id }, hash) : null,
    hasMore,
  };
}

/** The range filters on each sort field (snoozeUntil has none). */
const RANGE_OF: Partial<Record<SortField, readonly (keyof ConversationSearchQuery)[]>> = {
  lastMessageAt: ['lastMessageAtFrom', 'lastMessageAtTo'],
  callCompletedAt: ['callCompletedAtFrom', 'callCompletedAtTo'],
};

const asNumber = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
