/**
 * What an applied mutation changes in what the background keeps: the cached conversation takes the
 * service's answer, or the profile is resolved again when the answer says too little.
 */
import type { ProfileCache } from '../store/cache';
import type { OutboxRecord } from '../store/db';
import type { LeadStatuses } from '../store/lead-statuses';
import type { Outcome } from './outbox';
import type { PanelData } from './panel-data';

export interface MutationEffectsOptions {
  cache: ProfileCache;
  panelData: Pick<PanelData, 'audiences' | 'checkRecentMessages'>;
  refreshProfile(profileUrl: string): void;
  statuses: Pick<LeadStatuses, 'set'>;
  /** The resolver's `invalidate`. */
  invalidate(profileUrl: string): void;
  /** Dates a status the service took, to weigh it against the lead's activity (`qualificationOf`). */
  clock?: { now(): number };
}

export function createMutationEffects(opts: MutationEffectsOptions) {
  const { cache } = opts;
  return async function applied(record: OutboxRecord, outcome: Outcome): Promise<void> {
    if (record.kind === 'add-to-audience' && record.leadId !== undefined) {
      // An existing lead joined an audience: the panel keeps showing it while it is read again
      // (its activity now says so); a look-up in flight read it from before.
      opts.panelData.audiences.drop();
      for (const url of new Set([record.profileUrl, ...(await cache.byLead(record.leadId)).map((e) => e.profileUrl)])) {
        opts.invalidate(url);
        opts.refreshProfile(url);
      }
      return;
    }
    if (record.kind === 'import-audience') {
      // The audience grows in the background: the sizes the pickers show are stale from now on.
      opts.panelData.audiences.drop();
      return;
    }
    // An enrichment's result is followed to its end (`enrichments.ts`), which updates the cache.
    if (record.kind === 'enrich-person') return;
    if (record.kind === 'remove-from-audience') {
      // The lead stays a lead (in one audience fewer): only the audiences' sizes changed.
      opts.panelData.audiences.drop();
      opts.refreshProfile(record.profileUrl);
      return;
    }
    if (record.kind === 'add-to-audience') {
      // The "no lead" answer is now wrong: drop it and look again. The audience grew (or is new).
      opts.panelData.audiences.drop();
      // A look-up in flight (a list's, a prefetch) asked before the lead existed: not joined, not kept.
      opts.invalidate(record.profileUrl);
      await cache.delete(record.profileUrl);
      opts.refreshProfile(record.profileUrl);
      return;
    }
    if (record.kind === 'qualify' && outcome.kind === 'qualified') {
      await opts.statuses.set(record.leadId, record.campaign, { status: outcome.status, previous: record.previous, ...(opts.clock ? { at: opts.clock.now() } : {}) });
    }
    // A look-up of this lead's profiles in flight read the conversation from before the change.
    for (const entry of await cache.byLead(record.leadId)) opts.invalidate(entry.profileUrl);
    switch (outcome.kind) {
      case 'note':
        await cache.patchConversation(record.leadId, record.conversationId, { note: outcome.note });
        break;
      case 'conversation':
        opts.panelData.checkRecentMessages([outcome.conversation]);
        await cache.patchConversation(record.leadId, record.conversationId, outcome.conversation);
        break;
      default:
        for (const entry of await cache.byLead(record.leadId)) opts.refreshProfile(entry.profileUrl);
    }
  };
}
