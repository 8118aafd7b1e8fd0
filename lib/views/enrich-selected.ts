/**
 * "Enrich the selected" (issue 43), under This page's Add button: the tab's latest batch of
 * enrichments, each person's state as it comes, and the counts of its progress line. Nothing
 * secret: no key, no lead id, no request id.
 */
import { z } from 'zod/mini';
import { CONTACT_FIELDS, ENRICH_TYPES } from '../api/enrichment';
import { ErrorView } from './error';

/**
 * `queued`: in the outbox (waiting or on the wire); `enriching`: taken, its result awaited;
 * `found` (with what); `nothing` (the service found nothing new); `failed` (the service's enrichment
 * failed); `refused` (402: too few credits, or another refusal, with why); `unknown` (its answer was
 * lost: it may have spent, and it is not sent again); `skipped` (already being enriched, or the same
 * person as an earlier row: not sent).
 */
export const EnrichPersonState = z.enum(['queued', 'enriching', 'found', 'nothing', 'failed', 'refused', 'unknown', 'skipped']);
export type EnrichPersonState = z.infer<typeof EnrichPersonState>;

export const EnrichPersonView = z.object({
  profileUrl: z.string().check(z.maxLength(4096)),
  name: z.optional(z.string().check(z.maxLength(300))),
  state: EnrichPersonState,
  /** What was found (`found` only). */
  found: z.array(z.enum(CONTACT_FIELDS)),
  error: z.optional(ErrorView),
});
export type EnrichPersonView = z.infer<typeof EnrichPersonView>;

export const EnrichBatchView = z.object({
  id: z.string(),
  enrichType: z.enum(ENRICH_TYPES),
  /** The people sent for (skipped ones not counted). */
  total: z.number().check(z.int()),
  /** Taken by the service (credits spent), whatever their result. */
  enriched: z.number().check(z.int()),
  /** Of those, the ones whose result came (found, nothing found, failed): the rest are under way. */
  results: z.number().check(z.int()),
  refused: z.number().check(z.int()),
  unknown: z.number().check(z.int()),
  skipped: z.number().check(z.int()),
  /** Some are still queued or on the wire (the balance is read again once none is). */
  sending: z.boolean(),
  people: z.array(EnrichPersonView),
});
export type EnrichBatchView = z.infer<typeof EnrichBatchView>;

/** The counts of a batch's people. */
export function enrichCounts(people: readonly Pick<EnrichPersonView, 'state'>[]): Pick<EnrichBatchView, 'total' | 'enriched' | 'results' | 'refused' | 'unknown' | 'skipped' | 'sending'> {
  const count = (...states: EnrichPersonState[]) => people.filter((p) => states.includes(p.state)).length;
  const skipped = count('skipped');
  return {
    total: people.length - skipped,
    enriched: count('enriching', 'found', 'nothing', 'failed'),
    results: count('found', 'nothing', 'failed'),
    refused: count('refused'),
    unknown: count('unknown'),
    skipped,
    sending: count('queued') > 0,
  };
}
