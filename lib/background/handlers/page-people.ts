/**
 * "This page" (issue 35): the people a tab's list page shows, and a batch that adds some of them to
 * an audience, each exactly once.
 *
 * - The content script sends the page's people (`page-people`, each row's primary person and what the
 *   row says); they are kept per tab in `storage.session`, so a stopped worker still knows them.
 * - The panel reads them (`this-page`) with their badges (the cache the list badges fill); those the
 *   cache does not know are looked up at list priority, once, like a badge.
 * - `this-page-add`: one outbox record per person not known as a lead (by address; the service merges
 *   the others by name and company, and its answer says so), at list priority (`outbox-audience.ts`);
 *   the batch is kept (`lib/store/audience-batches.ts`) and each landed add writes its result there.
 * - `this-page-undo`: what the batch added leaves the audience (POST /leads/removefromaudience through
 *   the outbox), and only that; adds not sent yet are dropped; an add on the wire is removed when it
 *   lands, if it added.
 */
import { isAbortError } from '../../api/errors';
import { isShedError } from '../../api/rate-limiter';
import type { Lead } from '../../api/schemas';
import { canonicalProfileUrl } from '../../pronet/canonical-url';
import { splitName } from '../../pronet/person-name';
import { mergeKeys } from '../../pronet/same-person';
import { createAudienceBatches, type AudienceBatch, type BatchPerson } from '../../store/audience-batches';
import type { CacheEntry, OutboxAction, OutboxRecord } from '../../store/db';
import type { SessionArea } from '../../store/key-store';
import type { MetaStore } from '../../store/meta';
import { batchCounts, type EnrichBatchView, type ImportAllView, type OutboxItemView, type PagePersonFacts, type PagePersonView, type ThisPageView } from '../../views';
import type { HandlerMap } from '../dispatch';
import { RequestError } from '../error-view';
import type { Outbox, Outcome } from '../outbox';
import type { Timers } from '../../timers';
import type { Resolver } from '../resolver';
import { badgeOf } from './list';

type PageRequests = 'page-people' | 'page-people-wanted' | 'this-page' | 'this-page-add' | 'this-page-undo';

export interface PagePeopleDeps {
  resolver: Pick<Resolver, 'peek' | 'resolveMany' | 'resolve' | 'invalidate'>;
  cache: { put(entry: CacheEntry): Promise<void> };
  enqueue(action: OutboxAction): Promise<OutboxItemView>;
  outbox: Pick<Outbox, 'list' | 'discard'>;
  /** Where the batches are kept (`lib/store/audience-batches.ts`). */
  meta: MetaStore;
  session: SessionArea;
  clock: { now(): number };
  /** Waits before a shed look-up is asked again (absent in tests that read only: asked at the next view). */
  timers?: Timers;
  keyUsable(): boolean;
  hosts(): readonly string[];
  /** The tab's whole search or post and its import (issue 43, `search-import.ts`); absent in tests of batches. */
  imports?: { viewOf(tabId: number, page: PagePeople): Promise<ImportAllView | undefined> };
  /** The tab's "Enrich the selected" batch (issue 43, `enrich-selected.ts`). */
  enrich?: { viewOf(tabId: number): Promise<EnrichBatchView | undefined> };
  /** A new batch id (random in the worker; fixed in tests). */
  newId?(): string;
  /** Pushes to the open "This page" views and the tab's content script (issue 42); absent in tests that read only. */
  push?: {
    view(tabId: number, view: ThisPageView): void;
    /** Whether the tab's content script reads its page's people: only while a view shows them. */
    wanted(tabId: number, wanted: boolean): void;
  };
}

interface PagePeople {
  pageUrl: string;
  people: ({ profileUrl: string } & PagePersonFacts)[];
  /** A search page: the result count its text states (null: none). */
  statedCount?: number | null;
}

const sessionKey = (tabId: number) => `page-people:${tabId}`;

/** A shed look-up waits out the key's window (10 s) before it is asked again, at most this many times. */
const REASK_AFTER_MS = 10_000;
const REASK_MAX = 5;

/** Trimmed, and left out when empty. */
function facts(p: { name?: string | undefined; title?: string | undefined; company?: string | undefined }): PagePersonFacts {
  const out: PagePersonFacts = {};
  for (const k of ['name', 'title', 'company'] as const) {
    const v = p[k]?.trim();
    if (v) out[k] = v;
  }
  return out;
}

/** The lead a landed add made, as far as the add knows it: enough for its badge, no call needed. */
function newLead(leadId: string, record: Extract<OutboxRecord, { kind: 'add-to-audience' }>, now: number): Lead {
  return {
    id: leadId,
    firstname: record.firstname ?? null,
    lastname: record.lastname ?? null,
    companyName: record.companyName ?? null,
    companyUrl: null,
    jobTitle: record.jobTitle ?? null,
    proEmail: null,
    persoEmail: null,
    pronetUrl: record.profileUrl,
    microblog: null,
    phone: null,
    location: null,
    picture: null,
    industry: null,
    gender: null,
    crmId: null,
    audienceIds: record.audienceId ? [record.audienceId] : [],
    createdAt: now,
  };
}

export function pagePeople(deps: PagePeopleDeps) {
  const memory = new Map<number, PagePeople>();
  /** Profiles looked up for a panel already (once each: the cache's freshness rules do the rest). */
  const asked = new Set<string>();
  /** Batches whose lost results this worker has looked for (`reconcile`). */
  const reconciled = new Set<string>();
  /** Batches whose press this worker is still putting in the outbox (their unqueued people are not lost). */
  const enqueuing = new Set<string>();
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const batches = createAudienceBatches(deps.meta);
  /** Tabs a "This page" view shows, and the view each was last pushed (as JSON: a push only when it changed). */
  const watched = new Map<number, string>();
  /** Tabs whose view is being computed, and those asked for again meanwhile (one computation at a time per tab). */
  const computing = new Set<number>();
  const again = new Set<number>();

  /** Pushes the tab's view if a panel shows it and it changed. */
  async function pushView(tabId: number): Promise<void> {
    if (!deps.push || !watched.has(tabId)) return;
    if (computing.has(tabId)) {
      again.add(tabId);
      return;
    }
    computing.add(tabId);
    try {
      const next = await view(tabId);
      const json = JSON.stringify(next);
      if (watched.has(tabId) && watched.get(tabId) !== json) {
        watched.set(tabId, json);
        deps.push.view(tabId, next);
      }
    } finally {
      computing.delete(tabId);
      if (again.delete(tabId)) void pushView(tabId);
    }
  }

  async function peopleOf(tabId: number): Promise<PagePeople | null> {
    const known = memory.get(tabId);
    if (known) return known;
    const saved = (await deps.session.get(sessionKey(tabId)).catch((): Record<string, unknown> => ({})))[sessionKey(tabId)];
    if (!saved) return null;
    memory.set(tabId, saved as PagePeople);
    return saved as PagePeople;
  }

  /** Look-ups shed or failed, by profile: each asked again a few times, never in a loop. */
  const reasked = new Map<string, number>();
  let reaskTimer: unknown = null;
  /** After a look-up was shed (the key pushed back), the views are computed again once its window passed. */
  function reaskLater(profileUrl: string) {
    const n = (reasked.get(profileUrl) ?? 0) + 1;
    reasked.set(profileUrl, n);
    if (n > REASK_MAX) return;
    asked.delete(profileUrl);
    if (!deps.timers || reaskTimer !== null) return;
    reaskTimer = deps.timers.setTimeout(() => {
      reaskTimer = null;
      refresh();
    }, REASK_AFTER_MS);
  }

  /** Looks up, at list priority, the page's people the cache does not know (a panel shows them). */
  function lookUp(urls: string[]) {
    const missing = urls.filter((u) => !asked.has(u));
    if (missing.length === 0 || !deps.keyUsable()) return;
    for (const u of missing) asked.add(u);
    const results = deps.resolver.resolveMany(missing.map((profileUrl) => ({ profileUrl })), { priority: 'list' });
    for (const [i, result] of results.entries()) {
      // A badge found: the views that show it follow.
      result.then(refresh, () => undefined);
      result.catch((error: unknown) => {
        // Not found out (shed while the key pushed back, a failure): asked again a little later.
        reaskLater(missing[i]!);
        if (!isAbortError(error) && !isShedError(error)) console.warn('page person lookup failed', error);
      });
    }
  }

  /** What each person of a batch has come to, with the outbox's word for those still in it. */
  function resultsOf(batch: AudienceBatch, records: readonly OutboxRecord[]): Map<string, Pick<PagePersonView, 'result' | 'error'>> {
    const byId = new Map(records.map((r) => [r.id, r]));
    const out = new Map<string, Pick<PagePersonView, 'result' | 'error'>>();
    for (const p of batch.people) {
      const record = p.outboxId !== undefined ? byId.get(p.outboxId) : undefined;
      const error = record?.state === 'failed' ? record.error : p.error;
      const result = record?.state === 'failed' && p.result === 'queued' ? 'refused' : p.result;
      out.set(p.profileUrl, { result, ...(error ? { error } : {}) });
    }
    return out;
  }

  /**
   * A worker stopped between a record leaving the outbox and its result reaching the batch leaves a
   * person waiting on nothing; one stopped while the press was putting the batch in the outbox leaves
   * people never queued. Once per batch and worker, such people are read back (list priority), and
   * those the service does not have are queued then: each person once, none forgotten.
   */
  function reconcile(batch: AudienceBatch, records: readonly OutboxRecord[]) {
    if (reconciled.has(batch.id) || enqueuing.has(batch.id) || !deps.keyUsable()) return;
    reconciled.add(batch.id);
    const ids = new Set(records.map((r) => r.id));
    const again = () => reconciled.delete(batch.id);
    for (const person of batch.people) {
      if (person.result === 'queued' && person.outboxId === undefined) {
        // Not read: the next view tries again.
        void settleUnqueued(batch, person.profileUrl, records).catch(again);
        continue;
      }
      const lost = person.outboxId !== undefined && !ids.has(person.outboxId) && (person.result === 'queued' || (batch.undo && person.result === 'added'));
      if (lost) void settleLost(batch, person.profileUrl).catch(again);
    }
  }

  async function settleLost(batch: AudienceBatch, profileUrl: string) {
    const inAudience = await readBack(batch, profileUrl);
    const updated = await batches.update(batch.id, (b) => {
      const p = b.people.find((x) => x.profileUrl === profileUrl);
      if (!p || (p.result !== 'queued' && p.result !== 'added')) return;
      delete p.outboxId;
      p.result = inAudience ? 'added' : b.undo ? 'removed' : 'skipped';
    });
    const person = updated?.people.find((x) => x.profileUrl === profileUrl);
    if (updated?.undo && person?.result === 'added') await removeLater(updated, person);
  }

  /** Whether the service has the person in the batch's audience (read at list priority). */
  async function readBack(batch: AudienceBatch, profileUrl: string): Promise<boolean> {
    deps.resolver.invalidate(profileUrl);
    const entry = await deps.resolver.resolve(profileUrl, { priority: 'list' });
    return (entry.lead?.audienceIds ?? []).includes(batch.audienceId);
  }

  /**
   * A person of the batch with no outbox record of its own: its record is found (the worker stopped
   * before noting it), or the service is asked whether it has the person (the record may have landed
   * and left); only a person it does not have is queued now, or skipped if the batch was undone.
   */
  async function settleUnqueued(batch: AudienceBatch, profileUrl: string, records: readonly OutboxRecord[]) {
    const record = records.find((r) => r.kind === 'add-to-audience' && r.batch === batch.id && r.profileUrl === profileUrl);
    if (record) {
      await noteRecord(batch.id, profileUrl, record.id);
      return;
    }
    const inAudience = await readBack(batch, profileUrl);
    const updated = await batches.update(batch.id, (b) => {
      const p = b.people.find((x) => x.profileUrl === profileUrl);
      if (!p || p.result !== 'queued' || p.outboxId !== undefined) return;
      if (inAudience) p.result = 'added';
      else if (b.undo) p.result = 'skipped';
    });
    const person = updated?.people.find((x) => x.profileUrl === profileUrl);
    if (!updated || !person) return;
    if (person.result === 'added' && updated.undo) await removeLater(updated, person);
    if (person.result === 'queued' && person.outboxId === undefined) await enqueueAdd(updated, person);
  }

  async function view(tabId: number): Promise<ThisPageView> {
    const page = await peopleOf(tabId);
    const batch = (await batches.latestOf(tabId)) ?? null;
    const records = batch ? await deps.outbox.list() : [];
    if (batch) reconcile(batch, records);
    const results = batch ? resultsOf(batch, records) : new Map<string, Pick<PagePersonView, 'result' | 'error'>>();
    const now = deps.clock.now();
    const unknown: string[] = [];
    const people: PagePersonView[] = [];
    for (const p of page?.people ?? []) {
      const peeked = await deps.resolver.peek(p.profileUrl);
      if (!peeked) unknown.push(p.profileUrl);
      people.push({ ...p, ...(peeked ? { badge: badgeOf(peeked.entry, now) } : {}), ...results.get(p.profileUrl) });
    }
    lookUp(unknown);
    let batchView: ThisPageView['batch'] = null;
    if (batch) {
      const states = batch.people.map((p) => ({ profileUrl: p.profileUrl, result: results.get(p.profileUrl)?.result ?? p.result }));
      const counts = batchCounts(states);
      const open = states.some((s) => s.result === 'queued' || (batch.undo && s.result === 'added'));
      batchView = { id: batch.id, audience: batch.audience, ...counts, undoing: batch.undo && open, undone: batch.undo && !open, results: states.map((x) => [x.profileUrl, x.result]) };
    }
    const importAll = page && page.people.length > 0 ? await deps.imports?.viewOf(tabId, page) : undefined;
    // A page that lists nobody (a profile) is no list: the panel says where its people come from.
    const enrich = await deps.enrich?.viewOf(tabId);
    return { pageUrl: page && page.people.length > 0 ? page.pageUrl : null, people, batch: batchView, ...(importAll ? { importAll } : {}), ...(enrich ? { enrich } : {}) };
  }

  async function enqueueRemoval(batch: AudienceBatch, person: BatchPerson): Promise<number> {
    const item = await deps.enqueue({
      kind: 'remove-from-audience',
      profileUrl: person.profileUrl,
      audience: batch.audience,
      batch: batch.id,
      audienceId: batch.audienceId,
      ...(person.leadId ? { leadId: person.leadId } : {}),
    });
    return Number(item.id);
  }

  /** Queues the person's add, and notes its record on the person (unless it landed already). */
  async function enqueueAdd(batch: AudienceBatch, person: BatchPerson) {
    const [firstname, lastname] = splitName(person.facts.name ?? '');
    const item = await deps.enqueue({
      kind: 'add-to-audience',
      profileUrl: person.profileUrl,
      audience: batch.audience,
      batch: batch.id,
      audienceId: batch.audienceId,
      ...(firstname ? { firstname } : {}),
      ...(lastname ? { lastname } : {}),
      ...(person.facts.company ? { companyName: person.facts.company } : {}),
      // A row's title line is the person's headline, not a job title: it is not sent as jobTitle.
    });
    await noteRecord(batch.id, person.profileUrl, Number(item.id));
  }

  async function noteRecord(batchId: string, profileUrl: string, outboxId: number) {
    await batches.update(batchId, (b) => {
      const p = b.people.find((x) => x.profileUrl === profileUrl);
      // Unless it landed already (a fast answer), it is this record's.
      if (p && p.result === 'queued') p.outboxId = outboxId;
    });
  }

  /** Queues the removal of what the batch added for this person, and remembers its record. */
  async function removeLater(batch: AudienceBatch, person: BatchPerson) {
    const outboxId = await enqueueRemoval(batch, person);
    await batches.update(batch.id, (b) => {
      const p = b.people.find((x) => x.profileUrl === person.profileUrl);
      if (p) p.outboxId = outboxId;
    });
  }

  const handlers: HandlerMap<PageRequests> = {
    async 'page-people'(req, ctx) {
      if (ctx.tabId === undefined) throw new RequestError('bad-request', 'not-from-a-tab');
      const seen = new Set<string>();
      const people = req.people.flatMap((p) => {
        const profileUrl = canonicalProfileUrl(p.url, deps.hosts());
        if (profileUrl === null || seen.has(profileUrl)) return [];
        seen.add(profileUrl);
        return [{ profileUrl, ...facts(p) }];
      });
      const value: PagePeople = { pageUrl: req.pageUrl, people, ...(req.statedCount !== undefined ? { statedCount: req.statedCount } : {}) };
      memory.set(ctx.tabId, value);
      await deps.session.set({ [sessionKey(ctx.tabId)]: value }).catch(() => undefined);
      void pushView(ctx.tabId);
      return null;
    },
    'page-people-wanted': async (_req, ctx) => ctx.tabId !== undefined && watched.has(ctx.tabId),
    'this-page': (req) => view(req.tabId),
    async 'this-page-add'(req) {
      const batch: AudienceBatch = { id: newId(), tabId: req.tabId, audience: req.audience.trim(), audienceId: req.audienceId, createdAt: deps.clock.now(), people: [], undo: false };
      const merged = new Set<string>();
      for (const raw of req.people) {
        const profileUrl = canonicalProfileUrl(raw.url, deps.hosts());
        if (profileUrl === null) throw new RequestError('bad-request', 'not-a-profile');
        const person = { profileUrl, ...facts(raw) };
        // Each person once: a row the service would merge with an earlier one is that one.
        const keys = mergeKeys(person);
        if (keys.some((k) => merged.has(k))) continue;
        for (const k of keys) merged.add(k);
        const entry = (await deps.resolver.peek(profileUrl))?.entry;
        if (entry && (entry.lead || (entry.candidates?.length ?? 0) > 0)) {
          batch.people.push({ profileUrl, facts: facts(raw), result: 'already', ...(entry.lead ? { leadId: entry.lead.id } : {}) });
          continue;
        }
        batch.people.push({ profileUrl, facts: facts(raw), result: 'queued' });
      }
      // The batch is kept before its first add can land: each landing finds it. A worker stopped before
      // every add is queued leaves the rest to the next worker's `reconcile`.
      enqueuing.add(batch.id);
      try {
        await batches.put(batch);
        for (const person of batch.people) if (person.result === 'queued') await enqueueAdd(batch, person);
      } finally {
        enqueuing.delete(batch.id);
        // Anything left unqueued here (a failed write) is looked for at the next view.
        reconciled.delete(batch.id);
      }
      return view(req.tabId);
    },
    async 'this-page-undo'(req) {
      const batch = await batches.update(req.batchId, (b) => {
        b.undo = true;
      });
      if (!batch || batch.tabId !== req.tabId) throw new RequestError('not-found', undefined, { detail: 'no such batch' });
      const records = new Map((await deps.outbox.list()).map((r) => [r.id, r]));
      for (const person of batch.people) {
        if (person.result === 'added') await removeLater(batch, person);
        else if (person.result === 'queued' && person.outboxId !== undefined && records.has(person.outboxId)) {
          // Not sent yet (or refused): dropped. On the wire: it is removed when it lands (`applied`).
          const dropped = await deps.outbox.discard(person.outboxId).catch(() => undefined);
          if (dropped) await batches.update(batch.id, (b) => {
            const p = b.people.find((x) => x.profileUrl === person.profileUrl);
            if (p) p.result = 'skipped';
          });
        }
      }
      return view(req.tabId);
    },
  };

  /** After an outbox record landed (the service's `onApplied`): a batch's person takes its result. */
  async function applied(record: OutboxRecord, outcome: Outcome): Promise<void> {
    if ((record.kind !== 'add-to-audience' && record.kind !== 'remove-from-audience') || record.batch === undefined) return;
    if (record.kind === 'remove-from-audience') {
      await batches.update(record.batch, (b) => {
        const p = b.people.find((x) => x.profileUrl === record.profileUrl);
        if (p) p.result = 'removed';
      });
      return;
    }
    const lead = outcome.kind === 'lead' ? outcome : null;
    // An answer that did not say (an empty body): it was no lead by its address, so the batch added it.
    const added = lead?.joined !== false;
    const batch = await batches.update(record.batch, (b) => {
      const p = b.people.find((x) => x.profileUrl === record.profileUrl);
      if (!p) return;
      p.result = added ? 'added' : 'already';
      delete p.outboxId;
      if (lead) p.leadId = lead.leadId;
    });
    // The badge turns at once: a lead just made has no conversation; any other is looked up again.
    if (lead?.created) await deps.cache.put({ profileUrl: record.profileUrl, leadId: lead.leadId, lead: newLead(lead.leadId, record, deps.clock.now()), conversations: [], fetchedAt: deps.clock.now() });
    else if (deps.keyUsable()) {
      deps.resolver.invalidate(record.profileUrl);
      deps.resolver.resolve(record.profileUrl, { priority: 'list' }).catch(() => undefined);
    }
    // Undone while it was on the wire: what it added goes too (after it, in its lane).
    const person = batch?.people.find((x) => x.profileUrl === record.profileUrl);
    if (batch?.undo && person && added) void removeLater(batch, person).catch((error: unknown) => console.warn('removal not queued', error));
  }

  /** Every view shown, computed again (a badge, a batch's result or the outbox changed): pushed where it changed. */
  function refresh(): void {
    for (const tabId of watched.keys()) void pushView(tabId);
  }

  return {
    handlers,
    applied,
    refresh,
    /** What the tab's list page was last read as (the import of its whole search reads it). */
    pageOf: peopleOf,
    view,
    /** A panel shows the tab's "This page": its content script reads the page's people from now on. */
    watch(tabId: number): void {
      const first = !watched.has(tabId);
      // A new panel gets the view even when it did not change.
      watched.set(tabId, '');
      if (first) deps.push?.wanted(tabId, true);
      void pushView(tabId);
    },
    /** The tab's last "This page" view closed: its content script stops reading. */
    unwatch(tabId: number): void {
      if (!watched.delete(tabId)) return;
      deps.push?.wanted(tabId, false);
    },
  };
}
