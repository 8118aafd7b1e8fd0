/**
 * GET /conversations/search (spec §4): every filter, combined with AND; `campaignIds` resolves each
 * campaign to its audience and identity and is ignored when identityIds or audienceIds is given;
 * `leadIds` with `q` intersect; sort by lastMessageAt (default), callCompletedAt or snoozeUntil,
 * -1 (default) or 1, conversations without a value for the sort field last in both directions;
 * pages of `limit` with a `nextToken` bound to the filters; `total` on the first page only.
 *
 * Candidates come from the narrowest index the filters allow (leads, identities, audiences), else
 * from the workspace's cached order, so a search on a 100 000-lead workspace does not sort per call.
 */
import type { ConversationSearchQuery } from '../../lib/api/schemas';
import type { ConversationRecord, LeadRecord } from '../model';
import { compareSortPosition, sortConversations, sortKey, type SortDirection, type WorkspaceStore } from '../store';
import { decodeCursor, encodeCursor, filterHash, type CursorPosition } from './cursor';

export interface SearchPage {
  data: ConversationRecord[];
  total: number | null;
  nextToken: string | null;
  hasMore: boolean;
}

/** Free text `q`: case-insensitive substring of the lead's name, emails or company. */
export function leadMatchesText(lead: LeadRecord, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (needle === '') return true;
  const hay = [
    `${lead.firstname} ${lead.lastname}`,
    lead.proEmail,
    lead.persoEmail,
    lead.companyName,
  ];
  return hay.some((h) => h !== null && h.toLowerCase().includes(needle));
}

type Predicate = (c: ConversationRecord) => boolean;

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

function union(lists: Iterable<readonly ConversationRecord[]>): ConversationRecord[] {
  const seen = new Set<ConversationRecord>();
  for (const list of lists) for (const c of list) seen.add(c);
  return [...seen];
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
    const source: Iterable<LeadRecord> = leadIds
      ? [...leadIds].map((id) => ws.leads.get(id)).filter((l) => l !== undefined)
      : ws.leads.values();
    const matched = new Set<string>();
    for (const lead of source) if (leadMatchesText(lead, text)) matched.add(lead.id);
    leadIds = matched;
  }

  const predicates: Predicate[] = [];
  if (leadIds) {
    const ids = leadIds;
    predicates.push((c) => ids.has(c.leadId));
  }
  if (q.identityIds) {
    const ids = new Set(q.identityIds);
    predicates.push((c) => ids.has(c.identityId));
  }
  if (q.audienceIds) {
    const ids = new Set(q.audienceIds);
    predicates.push((c) => c.audienceId !== null && ids.has(c.audienceId));
  }
  if (campaignScopes) {
    const scopes = campaignScopes;
    predicates.push((c) => scopes.some((s) => s.audienceId === c.audienceId && s.identityId === c.identityId));
  }
  if (q.status) {
    const set = new Set<string>(q.status);
    predicates.push((c) => set.has(c.status));
  }
  if (q.lastMessageStatus) {
    const set = new Set<string>(q.lastMessageStatus);
    predicates.push((c) => c.lastMessageStatus !== null && set.has(c.lastMessageStatus));
  }
  if (q.lastMessageType) {
    const set = new Set<string>(q.lastMessageType);
    predicates.push((c) => c.lastMessageType !== null && set.has(c.lastMessageType));
  }
  if (q.lastMessageAtFrom !== undefined || q.lastMessageAtTo !== undefined) {
    const { lastMessageAtFrom: from, lastMessageAtTo: to } = q;
    predicates.push((c) => inRange(c.lastMessageAt, from, to));
  }
  if (q.callCompletedAtFrom !== undefined || q.callCompletedAtTo !== undefined) {
    const { callCompletedAtFrom: from, callCompletedAtTo: to } = q;
    predicates.push((c) => inRange(c.callCompletedAt, from, to));
  }
  if (q.leadReplied !== undefined) {
    const want = q.leadReplied;
    predicates.push((c) => c.leadReplied === want);
  }
  if (q.unsubscribed !== undefined) {
    const want = q.unsubscribed;
    predicates.push((c) => (ws.leads.get(c.leadId)?.unsubscribed ?? false) === want);
  }
  if (q.favourite !== undefined) {
    const want = q.favourite;
    predicates.push((c) => c.favourite === want);
  }
  if (q.read !== undefined) {
    const want = q.read;
    predicates.push((c) => c.read === want);
  }
  const matches = (c: ConversationRecord) => predicates.every((p) => p(c));

  // Narrowest index first; the predicates above still apply to every candidate.
  let ordered: readonly ConversationRecord[];
  if (leadIds) ordered = sortConversations(union([...leadIds].map((id) => ws.conversationsOfLead(id))), field, dir);
  else if (q.identityIds) ordered = sortConversations(union(q.identityIds.map((id) => ws.conversationsOfIdentity(id))), field, dir);
  else if (q.audienceIds) ordered = sortConversations(union(q.audienceIds.map((id) => ws.conversationsOfAudience(id))), field, dir);
  else if (campaignScopes) {
    ordered = sortConversations(union(campaignScopes.map((s) => ws.conversationsOfIdentity(s.identityId))), field, dir);
  } else ordered = ws.orderedConversations(field, dir);

  const start = cursor ? firstAfter(ordered, cursor, field, dir) : 0;
  const page: ConversationRecord[] = [];
  let hasMore = false;
  let total = 0;
  for (let i = start; i < ordered.length; i++) {
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

/** Index of the first conversation strictly after the cursor position in `ordered`. */
function firstAfter(
  ordered: readonly ConversationRecord[],
  cursor: CursorPosition,
  field: Parameters<typeof sortKey>[1],
  dir: SortDirection,
): number {
  let lo = 0;
  let hi = ordered.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = ordered[mid];
    if (c && compareSortPosition({ key: sortKey(c, field), id: c.id }, cursor, dir) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
