/**
 * "Enrich the selected" on This page (issue 43): the people the panel picked (possibly from several
 * result pages), each enriched exactly once, through the outbox at list priority.
 *
 * - `this-page-enrich`: one `enrich-person` outbox record per person (`outbox-enrich.ts`: made a lead
 *   if needed, then ONE POST /leads/enrich). A person already being enriched (an enrichment followed,
 *   or another batch's record still in the outbox) or the same person as an earlier row (same address,
 *   or same name and company: the service merges them) is skipped, never sent.
 * - A person whose earlier enrichment was refused (402) may be pressed again: the refused record is
 *   dropped from the outbox (nothing was spent), its old row keeps the refusal.
 * - The batch is kept (`lib/store/enrich-batches.ts`) before its first record is queued; each person is
 *   marked `queueing` before its record is written. A worker stopped in between leaves a person whose
 *   record may exist and may have spent: the next worker shows it "unknown", never queues it again;
 *   a person still `waiting` was never queued, and is queued then.
 * - An enrichment the service took is followed to its result (`enrichments.ts`, at idle priority, its
 *   own delays: no faster loop here); the view reads the results from there as they come, and is
 *   pushed with This page's (`page-people.ts` `refresh`, on every outbox and enrichment change).
 */
import type { EnrichType } from '../../api/enrichment';
import { canonicalProfileUrl } from '../../pronet/canonical-url';
import { splitName } from '../../pronet/person-name';
import { mergeKeys } from '../../pronet/same-person';
import { createEnrichBatches, type EnrichBatch, type EnrichBatchPerson } from '../../store/enrich-batches';
import type { OutboxAction, OutboxRecord } from '../../store/db';
import type { MetaStore } from '../../store/meta';
import { enrichCounts, type EnrichBatchView, type EnrichPersonView, type OutboxItemView, type ThisPageView } from '../../views';
import type { EnrichmentRecord, EnrichmentRequest } from '../enrichments';
import type { HandlerMap } from '../dispatch';
import { RequestError } from '../error-view';
import type { Outbox, Outcome } from '../outbox';
import type { Resolver } from '../resolver';

export interface EnrichSelectedDeps {
  enqueue(action: OutboxAction): Promise<OutboxItemView>;
  outbox: Pick<Outbox, 'list' | 'discard'>;
  resolver: Pick<Resolver, 'peek'>;
  meta: Pick<MetaStore, 'get' | 'set'>;
  hosts(): readonly string[];
  keyUsable(): boolean;
  clock: { now(): number };
  enrichments: {
    /** Follows an enrichment the service took (`enrichment-wiring.ts`). */
    follow(request: EnrichmentRequest): Promise<void>;
    all(): readonly EnrichmentRecord[];
    underWay(target: { leadId: string } | { profileUrl: string }): boolean;
  };
  /** The balance shown next is read again (credits were spent). */
  creditsSpent(): void;
  /** This page's view of the tab (it carries this batch's). */
  view(tabId: number): Promise<ThisPageView>;
  /** A new batch id (random in the worker; fixed in tests). */
  newId?(): string;
}

type EnrichRequests = 'this-page-enrich';

const trimmed = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

export function enrichSelected(deps: EnrichSelectedDeps) {
  const batches = createEnrichBatches(deps.meta);
  const newId = deps.newId ?? (() => crypto.randomUUID());
  /** Batches whose press this worker is still putting in the outbox. */
  const enqueuing = new Set<string>();
  /** Batches this worker has looked at for people a stopped worker left (`reconcile`). */
  const reconciled = new Set<string>();

  async function enqueuePerson(batch: EnrichBatch, person: EnrichBatchPerson): Promise<void> {
    // From here its record may exist: a worker stopped before it is noted leaves it "unknown", never sent twice.
    await step(batch.id, person.profileUrl, (p) => p.step === 'waiting' && (p.step = 'queueing'));
    const [firstname, lastname] = splitName(person.name ?? '');
    const item = await deps.enqueue({
      kind: 'enrich-person',
      batch: batch.id,
      profileUrl: person.profileUrl,
      enrichType: batch.enrichType,
      ...(person.leadId ? { leadId: person.leadId } : {}),
      ...(firstname ? { firstname } : {}),
      ...(lastname ? { lastname } : {}),
      ...(person.company ? { companyName: person.company } : {}),
    });
    await step(batch.id, person.profileUrl, (p) => {
      // Unless it landed already (a fast answer), it is this record's.
      if (p.step !== 'queueing') return;
      p.step = 'queued';
      p.outboxId = Number(item.id);
    });
  }

  function step(batchId: string, profileUrl: string, change: (p: EnrichBatchPerson) => unknown) {
    return batches.update(batchId, (b) => {
      const p = b.people.find((x) => x.profileUrl === profileUrl);
      if (p) change(p);
    });
  }

  /**
   * People a stopped worker left: a `queueing` or `queued` person whose record is gone without its
   * result noted may have spent (unknown); a `queueing` one whose record is there is noted; a
   * `waiting` one was never queued, and is queued now. Once per batch and worker.
   */
  function reconcile(batch: EnrichBatch, records: readonly OutboxRecord[]) {
    if (reconciled.has(batch.id) || enqueuing.has(batch.id)) return;
    reconciled.add(batch.id);
    const mine = records.filter((r): r is Extract<OutboxRecord, { kind: 'enrich-person' }> => r.kind === 'enrich-person' && r.batch === batch.id);
    const again = () => reconciled.delete(batch.id);
    void (async () => {
      const waiting: EnrichBatchPerson[] = [];
      await batches.update(batch.id, (b) => {
        for (const p of b.people) {
          const record = mine.find((r) => r.profileUrl === p.profileUrl);
          if ((p.step === 'queueing' || p.step === 'queued') && record) {
            p.step = 'queued';
            p.outboxId = record.id;
          } else if (p.step === 'queueing' || p.step === 'queued') {
            p.step = 'unknown';
            delete p.outboxId;
          } else if (p.step === 'waiting') waiting.push(p);
        }
      });
      if (waiting.length > 0 && deps.keyUsable()) for (const p of waiting) await enqueuePerson(batch, p);
    })().catch(again);
  }

  function personView(p: EnrichBatchPerson, records: ReadonlyMap<number, OutboxRecord>, followed: ReadonlyMap<string, EnrichmentRecord>): EnrichPersonView {
    const base = { profileUrl: p.profileUrl, ...(p.name ? { name: p.name } : {}), found: [] as EnrichPersonView['found'] };
    switch (p.step) {
      case 'waiting':
      case 'queueing':
      case 'queued': {
        const record = p.outboxId !== undefined ? records.get(p.outboxId) : undefined;
        if (record?.state === 'failed') return { ...base, state: 'refused', ...(record.error ? { error: record.error } : {}) };
        return { ...base, state: 'queued' };
      }
      case 'accepted': {
        const e = p.enrichRequestId !== undefined ? followed.get(p.enrichRequestId) : undefined;
        if (e?.state === 'done') return { ...base, state: 'found', found: Object.keys(e.found) as EnrichPersonView['found'] };
        if (e?.state === 'not-found') return { ...base, state: 'nothing' };
        if (e?.state === 'failed') return { ...base, state: 'failed' };
        return { ...base, state: 'enriching' };
      }
      case 'refused':
        return { ...base, state: 'refused', ...(p.error ? { error: p.error } : {}) };
      case 'unknown':
        return { ...base, state: 'unknown' };
      case 'skipped':
        return { ...base, state: 'skipped' };
    }
  }

  /** The tab's latest batch as the panel shows it; undefined when it has none. */
  async function viewOf(tabId: number): Promise<EnrichBatchView | undefined> {
    const batch = await batches.latestOf(tabId);
    if (!batch) return undefined;
    const list = await deps.outbox.list();
    reconcile(batch, list);
    const records = new Map(list.map((r) => [r.id, r]));
    const followed = new Map(deps.enrichments.all().map((e) => [e.id, e]));
    const people = batch.people.map((p) => personView(p, records, followed));
    return { id: batch.id, enrichType: batch.enrichType, ...enrichCounts(people), people };
  }

  /** Whether this person is being enriched already: followed, or another record still in the outbox. */
  function underWay(profileUrl: string, leadId: string | undefined, records: readonly OutboxRecord[]): boolean {
    if (deps.enrichments.underWay({ profileUrl }) || (leadId !== undefined && deps.enrichments.underWay({ leadId }))) return true;
    return records.some((r) => r.kind === 'enrich-person' && r.state !== 'failed' && (r.profileUrl === profileUrl || (leadId !== undefined && r.leadId === leadId)));
  }

  const handlers: HandlerMap<EnrichRequests> = {
    async 'this-page-enrich'(req) {
      const records = await deps.outbox.list();
      const batch: EnrichBatch = { id: newId(), tabId: req.tabId, enrichType: req.enrichType as EnrichType, createdAt: deps.clock.now(), people: [] };
      const seen = new Set<string>();
      for (const raw of req.people) {
        const profileUrl = canonicalProfileUrl(raw.url, deps.hosts());
        if (profileUrl === null) throw new RequestError('bad-request', 'not-a-profile');
        const name = trimmed(raw.name);
        const company = trimmed(raw.company);
        const keys = mergeKeys({ profileUrl, name, company });
        // Each person once: a row the service would merge with an earlier one is that one.
        if (keys.some((k) => seen.has(k))) continue;
        for (const k of keys) seen.add(k);
        const leadId = (await deps.resolver.peek(profileUrl))?.entry.lead?.id;
        const person: EnrichBatchPerson = { profileUrl, ...(name ? { name } : {}), ...(company ? { company } : {}), ...(leadId ? { leadId } : {}), step: 'waiting' };
        if (underWay(profileUrl, leadId, records)) person.step = 'skipped';
        batch.people.push(person);
      }
      // A person an earlier batch's enrichment was refused for (402: nothing spent) is pressed again: that
      // refused record leaves the outbox (it would hold this one's lane), its row keeps the refusal.
      for (const r of records) {
        if (r.kind !== 'enrich-person' || r.state !== 'failed' || !batch.people.some((p) => p.step === 'waiting' && p.profileUrl === r.profileUrl)) continue;
        await step(r.batch, r.profileUrl, (p) => {
          p.step = 'refused';
          if (r.error) p.error = r.error;
          delete p.outboxId;
        });
        await deps.outbox.discard(r.id).catch(() => undefined);
      }
      // Kept before its first record can land: each landing finds it.
      enqueuing.add(batch.id);
      try {
        await batches.put(batch);
        for (const person of batch.people) if (person.step === 'waiting') await enqueuePerson(batch, person);
      } finally {
        enqueuing.delete(batch.id);
        reconciled.delete(batch.id);
      }
      return deps.view(req.tabId);
    },
  };

  /** After an outbox record landed (the service's `onApplied`): the person takes its result. */
  async function applied(record: OutboxRecord, outcome: Outcome): Promise<void> {
    if (record.kind !== 'enrich-person') return;
    if (outcome.kind === 'enrich-accepted') {
      await step(record.batch, record.profileUrl, (p) => {
        p.step = 'accepted';
        p.leadId = outcome.leadId;
        p.enrichRequestId = outcome.enrichRequestId;
        delete p.outboxId;
      });
      deps.creditsSpent();
      await deps.enrichments.follow({ id: outcome.enrichRequestId, enrichType: record.enrichType, leadId: outcome.leadId, profileUrl: record.profileUrl });
      return;
    }
    // Its answer was lost (or unreadable): it may have spent; the user decides.
    await step(record.batch, record.profileUrl, (p) => {
      p.step = 'unknown';
      delete p.outboxId;
    });
    deps.creditsSpent();
  }

  return { handlers, applied, viewOf };
}
