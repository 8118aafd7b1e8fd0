/**
 * The enrichments followed (`enrichments.ts`), wired to what the panels show. A request the service
 * took is followed with the lead's contacts from before (what is new afterwards is what it found),
 * and its profile is looked up again at once: enriching a profile makes it a lead. One that ended puts
 * the enriched lead into the cache and looks its profile up again.
 */
import type { ProfileCache } from '../store/cache';
import type { MetaStore } from '../store/meta';
import type { Timers } from '../timers';
import { createEnrichments, type EnrichmentRequest, type Enrichments, type EnrichmentsApi } from './enrichments';
import type { Resolver } from './resolver';
import type { SerialLock } from './serial-lock';
import type { TabResolution } from './tab-resolution';

export interface EnrichmentWiringDeps {
  api: EnrichmentsApi;
  meta: Pick<MetaStore, 'get' | 'set'>;
  cache: Pick<ProfileCache, 'byLead' | 'put'>;
  resolver: Pick<Resolver, 'invalidate'>;
  resolution: Pick<TabResolution, 'refreshProfile'>;
  underLock: SerialLock;
  clock: { now(): number };
  timers: Timers;
  /** Something a panel shows changed. */
  notify(): void;
  /** The shared wake-up alarm (`wake-alarm.ts`), when one is wired. */
  onNextWake?(at: number | null): void;
}

export interface FollowedEnrichments extends Enrichments {
  /** The service took an enrichment request: it is followed from now on. */
  follow(request: EnrichmentRequest): Promise<void>;
}

export function createFollowedEnrichments(deps: EnrichmentWiringDeps): FollowedEnrichments {
  const { cache } = deps;
  /** The resolver forgets the profile, and a tab that shows it resolves it again. */
  const lookAgain = (profileUrl: string) => {
    deps.resolver.invalidate(profileUrl);
    deps.resolution.refreshProfile(profileUrl);
  };
  const enrichments = createEnrichments({
    api: deps.api,
    meta: deps.meta,
    clock: deps.clock,
    timers: deps.timers,
    onChange: deps.notify,
    ...(deps.onNextWake ? { onNextWake: deps.onNextWake } : {}),
    async onFinished(record, lead) {
      // What the service found shows at once: the lead's cached entries take the enriched lead.
      if (lead) {
        await deps.underLock(async () => {
          for (const entry of await cache.byLead(lead.id)) await cache.put({ ...entry, lead });
        });
      }
      // A profile that was no lead when enriched: the service made it one; it is looked up again.
      if (record.profileUrl) lookAgain(record.profileUrl);
      deps.notify();
    },
  });
  return {
    ...enrichments,
    async follow(request) {
      const before = request.leadId ? (await cache.byLead(request.leadId).catch(() => []))[0]?.lead ?? null : null;
      await enrichments.track({ ...request, before });
      // Enriching a profile makes it a lead at once (the service creates it): the panel looks again.
      if (request.profileUrl) lookAgain(request.profileUrl);
    },
  };
}
