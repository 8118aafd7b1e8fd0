/**
 * What a list badge shows for one listed profile (search results, feed, company people): the state
 * word of the panel, the campaign and last message date on hover. Nothing secret: no key, no note, no
 * ids. The content script checks it by hand (`lib/content/list-links-core.ts`, zod-free) against the
 * same fields.
 */
import { z } from 'zod/mini';
import type { ConversationSummary, Lead } from '../api/schemas';
import { CONVERSATION_STATUSES, effectiveState } from '../inbox/conversation-state';

/** Longest lead name and campaign name a badge carries. */
export const LIST_BADGE_TEXT_MAX = 300;
/** Longest last message status a badge carries (the service's are one word). */
export const LIST_BADGE_STATUS_MAX = 20;

const text = z.string().check(z.maxLength(LIST_BADGE_TEXT_MAX));
const Int = z.number().check(z.int());

export const ListBadge = z.object({
  /** The canonical profile URL the badge describes. */
  profileUrl: z.string().check(z.maxLength(4096)),
  kind: z.enum(['lead', 'no-lead']),
  /** How many leads the profile has (1 today; several once a profile may hold more than one lead). */
  leads: Int.check(z.positive()),
  /** The lead's name (kind 'lead'). */
  name: z.optional(text),
  /** Effective status of the most relevant conversation; absent when the lead has none. */
  status: z.optional(z.enum(CONVERSATION_STATUSES as ['OPEN', 'SNOOZED', 'ARCHIVED'])),
  replied: z.optional(z.boolean()),
  snoozeUntil: z.optional(Int),
  /** Conversations besides the one shown. */
  more: Int.check(z.nonnegative()),
  campaign: z.optional(text),
  lastMessageAt: z.optional(Int),
  /** The last message's status: whose turn it is (issue 36, `lib/inbox/whose-turn.ts`). */
  lastMessageStatus: z.optional(z.string().check(z.maxLength(LIST_BADGE_STATUS_MAX))),
});
export type ListBadge = z.infer<typeof ListBadge>;

export interface ListBadgeInput {
  profileUrl: string;
  lead: Lead | null;
  conversations: readonly ConversationSummary[];
}

/** The badge of a resolved profile; `selected`: the conversation the panel would show first. */
export function listBadgeFor(entry: ListBadgeInput, selected: string | null, now: number): ListBadge {
  if (!entry.lead) return { profileUrl: entry.profileUrl, kind: 'no-lead', leads: 1, more: 0 };
  const name = [entry.lead.firstname, entry.lead.lastname].filter((s) => s && s.trim() !== '').join(' ').slice(0, LIST_BADGE_TEXT_MAX);
  const badge: ListBadge = { profileUrl: entry.profileUrl, kind: 'lead', leads: 1, more: 0, ...(name ? { name } : {}) };
  const c = entry.conversations.find((x) => x.id === selected);
  if (!c) return badge;
  const state = effectiveState({ status: c.status, snoozeUntil: c.snoozeUntil }, now);
  return {
    ...badge,
    status: state.status,
    ...(state.status === 'OPEN' ? { replied: c.leadReplied } : {}),
    ...(state.snoozeUntil !== null ? { snoozeUntil: state.snoozeUntil } : {}),
    more: entry.conversations.length - 1,
    ...(c.campaignName ? { campaign: c.campaignName.slice(0, LIST_BADGE_TEXT_MAX) } : {}),
    ...(c.lastMessageAt !== null ? { lastMessageAt: c.lastMessageAt } : {}),
    ...(c.lastMessageStatus ? { lastMessageStatus: c.lastMessageStatus.slice(0, LIST_BADGE_STATUS_MAX) } : {}),
  };
}
