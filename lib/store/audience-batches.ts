/**
 * "This page" batches (issue 35): which people of a list page one press added to which audience, what
 * became of each, and whether the batch was undone. Kept in IndexedDB (`meta`) so that progress and
 * Undo survive a closed panel and a stopped worker (`kept-batches.ts`).
 */
import type { ErrorView, PagePersonFacts, PersonResult } from '../views';
import { createKeptBatches, type KeptBatches } from './kept-batches';
import type { MetaStore } from './meta';

export interface BatchPerson {
  profileUrl: string;
  facts: PagePersonFacts;
  result: PersonResult;
  /** The outbox record of its add (while queued), then of its removal (while undoing). */
  outboxId?: number;
  leadId?: string;
  /** Why the service refused it (kept once its failed record is discarded). */
  error?: ErrorView;
}

export interface AudienceBatch {
  id: string;
  tabId: number;
  audience: string;
  audienceId: string;
  createdAt: number;
  people: BatchPerson[];
  /** Undo was pressed. */
  undo: boolean;
}

export type AudienceBatches = KeptBatches<AudienceBatch>;

export const createAudienceBatches = (meta: MetaStore): AudienceBatches => createKeptBatches<AudienceBatch>(meta, 'audience-batch');
