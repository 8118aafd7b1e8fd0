/**
 * The outbox's `enrich-person` (issue 43, "Enrich the selected"): the person made a lead if needed
 * (POST /leads creates or merges, fills empty fields only: safe to send again), then ONE
 * POST /leads/enrich by the lead's id, at list priority.
 *
 * Never spent twice. The enrichment's own call is marked before it goes out (`spentAt`, stored with
 * `uncertain`): a refusal (402, 429, any 4xx) proves nothing was spent and it may go again; no answer,
 * a 5xx or a worker stopped on the wire proves nothing, and THE OUTBOX NEVER SENDS IT AGAIN: it ends
 * as "outcome unknown: not sent again", shown on the person's row, and the user decides.
 *
 * Why no read-back can tell (endpoints.md #14-16, and what the emulator does):
 * - GET /leads/enrich/{id} needs the request id, which only the lost answer carried;
 * - the lead's fields and its ENRICHED log change only when an enrichment completes (tens of seconds
 *   later), and not at all when nothing is found: their absence proves nothing;
 * - GET /credits is the workspace's balance, which teammates and this batch's other people spend at
 *   the same time: a drop of 5 is no proof that this request was the one.
 * A read-back that finds nothing would thus still be a guess that could spend twice; none is made.
 * POST /leads before it is not guarded: an attempt that failed there never sent the enrichment.
 */
import type { EnrichType } from '../api/enrichment';
import type { OutboxRecord } from '../store/db';
import type { AudienceApi } from './outbox-audience';
import type { ResolveCallOptions } from './resolver';

export interface EnrichApi extends Pick<AudienceApi, 'createLead'> {
  enrich(input: { enrichType: EnrichType; leadId: string }, opts: ResolveCallOptions): Promise<{ enrichRequestId: string; creditsSpent: number }>;
}

export type EnrichRecord = Extract<OutboxRecord, { kind: 'enrich-person' }>;

/**
 * `enrich-accepted`: the service took the enrichment (its request id, to follow to its result);
 * `enrich-unknown`: it went out and its answer was lost: not sent again.
 */
export type EnrichOutcome =
  | { kind: 'enrich-accepted'; leadId: string; enrichRequestId: string; creditsSpent: number }
  | { kind: 'enrich-unknown'; leadId?: string };

/** A selection's enrichments wait behind the profile on screen and the user's own actions. */
const LIST = { priority: 'list' as const };

/** Whether an earlier attempt's enrichment went out with no answer: its credits may be spent. */
export const spendUnknown = (record: EnrichRecord): boolean => record.uncertain && record.spentAt !== undefined;

/**
 * Sends the person's enrichment. `beforeSpend` stores the record marked as spending (with its lead)
 * before POST /leads/enrich goes out: a worker stopped from then on finds it so.
 */
export async function sendEnrich(api: EnrichApi, record: EnrichRecord, beforeSpend: (record: EnrichRecord) => Promise<void>): Promise<EnrichOutcome> {
  const { profileUrl, firstname, lastname, companyName } = record;
  record.leadId ??= (
    await api.createLead(
      { pronetUrl: profileUrl, ...(firstname ? { firstname } : {}), ...(lastname ? { lastname } : {}), ...(companyName ? { companyName } : {}) },
      LIST,
    )
  ).leadId;
  const leadId = record.leadId;
  await beforeSpend(record);
  const sent = await api.enrich({ enrichType: record.enrichType, leadId }, LIST);
  return { kind: 'enrich-accepted', leadId, enrichRequestId: sent.enrichRequestId, creditsSpent: sent.creditsSpent };
}
