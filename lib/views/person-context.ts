/**
 * Everything else the service knows about the person on screen (issue 44): their records in the
 * team's CRMs, and where the lead stands in the conversation's campaign.
 */
import { z } from 'zod/mini';
import { CRM_MATCH_WAYS } from '../api/crm-lookup';
import { CrmName } from '../api/schemas/crm';

export const CrmNameView = CrmName;
export type CrmNameView = z.infer<typeof CrmNameView>;

/** How a CRM search found the person: the profile's address is exact, a name may be a namesake. */
export const CrmMatchWay = z.enum(CRM_MATCH_WAYS);
export type CrmMatchWay = z.infer<typeof CrmMatchWay>;

/** Only a web address becomes a link: a CRM record's `url` is the service's data, not ours. */
export function webAddress(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** `url`: the record in its CRM, null when the service gave no web address. */
export const CrmRecordView = z.object({ crm: CrmNameView, name: z.string(), url: z.nullable(z.string()) });
export type CrmRecordView = z.infer<typeof CrmRecordView>;

/** The person's CRM records; `connected` empty: no CRM, nothing shown and nothing asked. */
export const CrmRecordsView = z.object({
  connected: z.array(CrmNameView),
  records: z.array(CrmRecordView),
  /** The way that found them; null when none did. */
  matchedBy: z.nullable(CrmMatchWay),
  /** The ways asked, in order (a way the person gives nothing for is not asked). */
  tried: z.array(CrmMatchWay),
  /** When the service answered (epoch ms). */
  readAt: z.number(),
});
export type CrmRecordsView = z.infer<typeof CrmRecordsView>;

/** What the campaign asks the user to do about the lead (statsleads' `action_todo`). */
export const LEAD_TODOS = ['TO_CALL', 'TO_QUALIFY', 'TO_REVIEW'] as const;
export const LeadTodo = z.enum(LEAD_TODOS);
export type LeadTodo = z.infer<typeof LeadTodo>;

const count = z.number().check(z.int(), z.nonnegative());

/** The lead's own item of the campaign's statsleads, as the panel words it. */
export const LeadStandingView = z.object({
  todo: z.array(LeadTodo),
  email: z.object({ sent: count, opened: count, clicked: count, replied: count }),
  pronet: z.object({ visits: count, messages: count, voice: count, replied: count }),
  /** The service's own words for where the sequence is (e.g. REPLIED, COMPLETED_WITHOUT_REPLY). */
  tag: z.string(),
  /** Back from out of office (epoch ms), null when not away. */
  outOfOfficeUntil: z.nullable(z.number()),
  /** When the page holding the item was read (epoch ms). */
  readAt: z.number(),
});
export type LeadStandingView = z.infer<typeof LeadStandingView>;

export const CampaignStandingView = z.object({
  campaign: z.object({ id: z.string(), name: z.string(), status: z.string() }),
  /** Null: not found in the leads read so far (`complete`: read whole, the lead is not there). */
  item: z.nullable(LeadStandingView),
  complete: z.boolean(),
  leadsRead: count,
  /** The campaign's lead count as statsleads says it, when a page was read. */
  leadsTotal: z.nullable(count),
});
export type CampaignStandingView = z.infer<typeof CampaignStandingView>;
