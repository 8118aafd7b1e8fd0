/** Who the profile is (issue 13): the leads a duplicated profile resolves to, and the lead's activity. */
import { z } from 'zod/mini';

/** One lead of a profile several leads share, as the lead picker shows it. */
export const LeadChoiceView = z.object({
  id: z.string(),
  name: z.string(),
  company: z.nullable(z.string()),
  /** Audience ids; the picker names them from the audiences list. */
  audienceIds: z.array(z.string()),
  createdAt: z.number(),
  conversations: z.number().check(z.int(), z.nonnegative()),
});
export type LeadChoiceView = z.infer<typeof LeadChoiceView>;

/** One event of a lead's activity (sent, opened, replied, status changed, note updated, ...). */
export const ActivityItemView = z.object({
  id: z.string(),
  /** The service's log type (open set), e.g. EMAIL_SENT, STATUS_CHANGED. */
  type: z.string(),
  description: z.string(),
  campaignName: z.nullable(z.string()),
  createdAt: z.number(),
  /** A status change: the lead status it set (the UI words it in its language, not the service's text). */
  status: z.optional(z.string()),
});
export type ActivityItemView = z.infer<typeof ActivityItemView>;

/** A page of a lead's activity (`Show more`). */
export const ActivityPageView = z.object({ items: z.array(ActivityItemView), total: z.number().check(z.int(), z.nonnegative()) });
export type ActivityPageView = z.infer<typeof ActivityPageView>;

/**
 * The lead's status in the selected conversation's campaign, as this browser knows it: the status of
 * a queued qualification, else the last one the service accepted from here (the service has no call
 * that reads a status back), else null. Undo: `pendingId` (a qualification still waiting in the
 * outbox, not on the wire) is discarded; else `previous` (the status the last one replaced, when
 * known) is set again; with neither there is nothing true to go back to.
 */
export const QualificationView = z.object({
  status: z.nullable(z.string()),
  previous: z.nullable(z.string()),
  pendingId: z.nullable(z.string()),
});
export type QualificationView = z.infer<typeof QualificationView>;
