/**
 * What `POST /leads/status` does to a lead in one of its campaigns, for each value the real
 * clients send (spec/real-clients.md #15; the values: lib/api/schemas/lead-status.ts):
 *
 * - PAUSED (the workflow node's default): the lead's sequence in the campaign stops where it is;
 *   the status it had is kept for RESUME.
 * - RESUME: a PAUSED lead goes on from the status it had; any other lead is left as it is.
 * - STOPPED: the lead leaves the campaign's sequence for good (RESUME does not bring it back).
 * - UNSUBSCRIBED: the status, and the lead is unsubscribed (its conversations say so).
 * - SUBSCRIBED: the status, and the lead is subscribed again.
 * - Any other value (the progress steps NOT_ACTIVATED ... OUT_OF_OFFICE, the outcomes TO_QUALIFY
 *   ... ALREADY_EQUIPPED): becomes the lead's status in the campaign.
 *
 * A lead already in the asked status is reported updated (the call is idempotent).
 */
import type { LeadStatusValue } from '../../lib/api/schemas';
import type { LeadRecord } from '../model';

/** The status a lead has in a campaign it never had one in. */
export const INITIAL_LEAD_STATUS = 'STARTED';

export type StatusChange =
  | { updated: true; status: string; unsubscribed?: boolean }
  | { updated: false; status: string; reason: string };

/** What `value` does to `lead` in campaign `campaignId` (not applied: see `applyStatusChange`). */
export function statusChange(lead: LeadRecord, campaignId: string, value: LeadStatusValue): StatusChange {
  const current = lead.statusByCampaign[campaignId] ?? INITIAL_LEAD_STATUS;
  switch (value) {
    case 'RESUME':
      if (current !== 'PAUSED') return { updated: false, status: current, reason: `The lead is not paused in this campaign (${current}).` };
      return { updated: true, status: lead.pausedFrom?.[campaignId] ?? INITIAL_LEAD_STATUS };
    case 'PAUSED':
    case 'STOPPED':
      if (current === 'STOPPED' && value === 'PAUSED') return { updated: false, status: current, reason: 'The lead was stopped in this campaign.' };
      return { updated: true, status: value };
    case 'UNSUBSCRIBED':
      return { updated: true, status: value, unsubscribed: true };
    case 'SUBSCRIBED':
      return { updated: true, status: value, unsubscribed: false };
    default:
      return { updated: true, status: value };
  }
}

/** Applies an update of `statusChange` to the lead's records of campaign `campaignId`. */
export function applyStatusChange(lead: LeadRecord, campaignId: string, change: StatusChange & { updated: true }): void {
  const before = lead.statusByCampaign[campaignId] ?? INITIAL_LEAD_STATUS;
  if (change.status === 'PAUSED' && before !== 'PAUSED') lead.pausedFrom = { ...lead.pausedFrom, [campaignId]: before };
  else if (change.status !== 'PAUSED' && lead.pausedFrom?.[campaignId] !== undefined) {
    const { [campaignId]: _resumed, ...rest } = lead.pausedFrom;
    lead.pausedFrom = rest;
  }
  lead.statusByCampaign[campaignId] = change.status;
}
