// A module of its own: the extension pages validate a status with it (lib/messages.ts) without
// loading every lead schema.
import { z } from 'zod/mini';

/**
 * The outcomes a person qualifies a lead with (ours: the outcomes of the campaign stats status
 * tree); the lead panel's qualify control offers these.
 */
export const LEAD_OUTCOMES = [
  'TO_QUALIFY',
  'WRONG_TIMING',
  'INTERESTED',
  'CALL_BOOKED',
  'NEGOTIATING',
  'READY_TO_BUY',
  'CONVERTED',
  'WRONG_TARGET',
  'NOT_INTERESTED',
  'ALREADY_EQUIPPED',
  'UNSUBSCRIBED',
] as const;
export const LeadStatus = z.enum(LEAD_OUTCOMES);
export type LeadStatus = z.infer<typeof LeadStatus>;

/**
 * Every value `POST /leads/status` takes (spec/real-clients.md #15: the workflow node's list): the
 * outcomes above, the commands on the lead's sequence in a campaign (PAUSED, its default; RESUME;
 * STOPPED), SUBSCRIBED, and the progress steps of the status tree. What each does: emulator/rules/lead-status.ts.
 */
export const LEAD_STATUS_VALUES = [
  'PAUSED',
  'RESUME',
  'STOPPED',
  'SUBSCRIBED',
  'NOT_ACTIVATED',
  'ENRICHED',
  'CONTACTED',
  'COMPLETED_WITHOUT_REPLY',
  'OUT_OF_OFFICE',
  // Spread from the array, not the enum's `options`: a bundle may then drop the enum it does not use.
  ...LEAD_OUTCOMES,
] as const;
export const LeadStatusValue = z.enum(LEAD_STATUS_VALUES);
export type LeadStatusValue = z.infer<typeof LeadStatusValue>;
