// A module of its own: the extension pages validate a status with it (lib/messages.ts) without
// loading every lead schema.
import { z } from 'zod/mini';

/** Lead statuses a caller may set (ours: the outcomes of the campaign stats status tree). */
export const LeadStatus = z.enum([
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
]);
export type LeadStatus = z.infer<typeof LeadStatus>;
