/**
 * "Enrich the selected" batches (issue 43): which people one press enriched, with which type, and
 * what became of each; kept as `kept-batches.ts` says.
 */
import type { EnrichType } from '../api/enrichment';
import type { ErrorView } from '../views';
import { createKeptBatches, type KeptBatches } from './kept-batches';
import type { MetaStore } from './meta';

/**
 * `waiting`: not queued yet; `queueing`: its outbox record is being written (it may exist);
 * `queued`: its record is `outboxId`; `accepted`: the service took it (`enrichRequestId`, followed);
 * `refused`: the service said no; `unknown`: it may have spent, not sent again; `skipped`: already
 * being enriched, or the same person as an earlier row.
 */
export type EnrichPersonStep = 'waiting' | 'queueing' | 'queued' | 'accepted' | 'refused' | 'unknown' | 'skipped';

export interface EnrichBatchPerson {
  profileUrl: string;
  name?: string;
  company?: string;
  step: EnrichPersonStep;
  outboxId?: number;
  leadId?: string;
  enrichRequestId?: string;
  error?: ErrorView;
}

export interface EnrichBatch {
  id: string;
  tabId: number;
  enrichType: EnrichType;
  createdAt: number;
  people: EnrichBatchPerson[];
}

export type EnrichBatches = KeptBatches<EnrichBatch>;

export const createEnrichBatches = (meta: Pick<MetaStore, 'get' | 'set'>): EnrichBatches => createKeptBatches<EnrichBatch>(meta, 'enrich-batch');
