/**
 * "Import all N results" (issue 43): the whole search (or a post's people) the tab shows, imported by
 * the service in ONE call, whatever N.
 *
 * - `this-page-import`: one `import-audience` outbox record (stored before it is sent, read back
 *   before any resend: `outbox-import.ts`), and the tab's import kept in `meta` (progress survives a
 *   closed panel and a stopped worker).
 * - Once it landed, the audience's size is followed (`GET /audiences/{id}/detail`, list priority; the
 *   rule is `import-follow.ts`), and after each growth the tab's people not yet known as leads are
 *   looked up again (list priority: shed first), so the page's badges turn as they become leads.
 * - "This page" shows the search (its words and filters from the address, the count its text states)
 *   and the import's progress (`viewOf`).
 */
import { ApiError, isAbortError } from '../../api/errors';
import { isShedError } from '../../api/rate-limiter';
import type { Audience } from '../../api/schemas';
import { importSource, listAddress, resultsPageNumber } from '../../pronet/search-address';
import type { OutboxAction, OutboxRecord } from '../../store/db';
import type { MetaStore } from '../../store/meta';
import type { Timers } from '../../timers';
import type { ErrorView, ImportAllView, OutboxItemView, SearchImportView, ThisPageView } from '../../views';
import type { HandlerMap } from '../dispatch';
import { RequestError } from '../error-view';
import { FOLLOW_MAX_DELAY_MS, FOLLOW_MAX_MS, followRead, startFollow, type FollowState } from '../import-follow';
import type { Outbox, Outcome } from '../outbox';
import { audienceNamed } from '../outbox-import';
import type { Resolver } from '../resolver';

/** What the tab's list page was last read as (`page-people.ts` keeps it). */
export interface PageRead {
  pageUrl: string;
  statedCount?: number | null;
  people: readonly { profileUrl: string }[];
}

export interface SearchImportDeps {
  api: {
    audiences(opts: { priority: 'list' }): Promise<Audience[]>;
    audience(audienceId: string, opts: { priority: 'list' }): Promise<Audience>;
  };
  enqueue(action: OutboxAction): Promise<OutboxItemView>;
  outbox: Pick<Outbox, 'list'>;
  resolver: Pick<Resolver, 'peek' | 'resolveMany' | 'invalidate'>;
  meta: MetaStore;
  clock: { now(): number };
  timers: Timers;
  keyUsable(): boolean;
  /** What the tab's page was last read as. */
  pageOf(tabId: number): Promise<PageRead | null>;
  /** The tab's "This page" view, as the reply to the press. */
  view(tabId: number): Promise<ThisPageView>;
  /** Something shown changed (a size read, a badge found): the views and badges follow. */
  changed(): void;
  newId?(): string;
}

interface SearchImport {
  id: string;
  tabId: number;
  /** The search's address, without its page: what was imported. */
  pronetUrl: string;
  audience: string;
  audienceId: string | null;
  sizeBefore: number;
  expected: number | null;
  outboxId: number | null;
  state: SearchImportView['state'];
  follow: FollowState | null;
  error?: ErrorView;
}

const key = (id: string) => `search-import:${id}`;
const tabKey = (tabId: number) => `search-import-of-tab:${tabId}`;
const IDENTITY_KEY = 'search-import-identity';
const LIST = { priority: 'list' as const };

/**
 * Whether an import that brought `imported` people may have reached the results page the tab shows:
 * the pages before it hold at least as many people as this one lists.
 */
export function importMayHaveReached(page: PageRead, imported: number): boolean {
  return imported > (resultsPageNumber(page.pageUrl) - 1) * page.people.length;
}

/** What "This page" says of an import. */
export function importView(i: SearchImport, record: OutboxRecord | undefined): SearchImportView {
  const failed = record?.state === 'failed';
  const error = failed ? (record.error ?? undefined) : i.error;
  return {
    id: i.id,
    audience: i.audience,
    state: failed ? 'failed' : i.state,
    imported: i.follow ? Math.max(0, i.follow.size - i.sizeBefore) : null,
    expected: i.expected,
    ...(error ? { error } : {}),
  };
}

export function searchImports(deps: SearchImportDeps) {
  const newId = deps.newId ?? (() => crypto.randomUUID());
  /** Imports this worker follows now (a timer set or a read on the wire). */
  const following = new Set<string>();
  let tail: Promise<unknown> = Promise.resolve();
  /** One change at a time: a landing and a read may come together. */
  const update = (id: string, change: (i: SearchImport) => void): Promise<SearchImport | undefined> => {
    const run = tail.then(async () => {
      const i = await deps.meta.get<SearchImport>(key(id));
      if (!i) return undefined;
      change(i);
      await deps.meta.set(key(id), i);
      return i;
    });
    tail = run.catch(() => undefined);
    return run;
  };
  const latestOf = async (tabId: number) => {
    const id = await deps.meta.get<string>(tabKey(tabId));
    return id === undefined ? undefined : deps.meta.get<SearchImport>(key(id));
  };

  /**
   * Looks up again, at list priority, the tab's people not known as leads: the badges turn as they
   * become leads. The service walks the search's pages in order, so the results page the tab shows
   * is looked at only once the import may have reached it (`importMayHaveReached`), or at its end.
   */
  async function lookUpAgain(i: SearchImport) {
    const page = await deps.pageOf(i.tabId);
    if (!page || !deps.keyUsable()) return;
    if (i.state !== 'done' && !importMayHaveReached(page, i.follow ? i.follow.size - i.sizeBefore : 0)) return;
    const notLeads: string[] = [];
    for (const p of page.people) {
      const entry = (await deps.resolver.peek(p.profileUrl))?.entry;
      if (entry && !entry.lead && (entry.candidates?.length ?? 0) === 0) notLeads.push(p.profileUrl);
    }
    for (const url of notLeads) deps.resolver.invalidate(url);
    for (const result of deps.resolver.resolveMany(notLeads.map((profileUrl) => ({ profileUrl })), LIST)) {
      result.then(deps.changed, (error: unknown) => {
        if (!isAbortError(error) && !isShedError(error)) console.warn('imported person lookup failed', error);
      });
    }
  }

  /** One read of the audience's size, and the next one scheduled (or the following over). */
  async function read(id: string) {
    let i = await deps.meta.get<SearchImport>(key(id));
    if (!i || (i.state !== 'sent' && i.state !== 'following') || !deps.keyUsable()) {
      following.delete(id);
      return;
    }
    let delayMs = i.follow?.delayMs ?? startFollow(i.sizeBefore, deps.clock.now()).delayMs;
    const startedAt = i.follow?.startedAt;
    const shown = (x: SearchImport | undefined) => JSON.stringify([x?.state, x?.follow?.size ?? null]);
    const before = shown(i);
    let lookedUp = false;
    try {
      // A new audience's id is known from the workspace's list once the service made it.
      const audience = i.audienceId !== null ? await deps.api.audience(i.audienceId, LIST) : audienceNamed(await deps.api.audiences(LIST), i.audience);
      const now = deps.clock.now();
      let grew = false;
      i = await update(id, (x) => {
        const state = x.follow ?? startFollow(x.sizeBefore, now);
        if (!audience) {
          // Not made yet: a read that found nothing, as one that found no growth.
          const step = followRead(state, state.size, now, null);
          x.follow = step.state;
          if (step.done) x.state = 'done';
          return;
        }
        x.audienceId = audience.id;
        const step = followRead(state, audience.size, now, x.expected === null ? null : x.sizeBefore + x.expected);
        x.follow = step.state;
        x.state = step.done ? 'done' : 'following';
        grew = step.grew;
      });
      if (grew && i) {
        lookedUp = true;
        void lookUpAgain(i);
      }
      // The views follow only what they show: a read that found nothing new pushes nothing.
      if (shown(i) !== before) deps.changed();
      delayMs = i?.follow?.delayMs ?? delayMs;
    } catch (error) {
      // Shed or failed: tried again later, backing off; an audience gone (404), or past the cap, ends it.
      const gone = error instanceof ApiError && error.status === 404;
      if (!gone && !isAbortError(error) && !isShedError(error)) console.warn('import size read failed', error);
      delayMs = Math.min(delayMs * 2, FOLLOW_MAX_DELAY_MS);
      if (gone || (startedAt !== undefined && deps.clock.now() - startedAt >= FOLLOW_MAX_MS)) {
        i = await update(id, (x) => void (x.state = 'done'));
        deps.changed();
      }
    }
    if (!i || i.state === 'done') {
      following.delete(id);
      // The last people in: their badges too (unless this very read asked already).
      if (i && !lookedUp) void lookUpAgain(i);
      return;
    }
    later(id, delayMs);
  }

  /** The next read in `ms`; storage failing under it ends this worker's following (the next view resumes it). */
  function later(id: string, ms: number) {
    deps.timers.setTimeout(() => {
      read(id).catch((error: unknown) => {
        following.delete(id);
        console.warn('import not followed', error);
      });
    }, ms);
  }

  function follow(i: SearchImport) {
    if (following.has(i.id)) return;
    following.add(i.id);
    later(i.id, i.follow?.delayMs ?? 0);
  }

  const handlers: HandlerMap<'this-page-import'> = {
    async 'this-page-import'(req) {
      const page = await deps.pageOf(req.tabId);
      const source = page ? importSource(page.pageUrl) : null;
      if (!page || !source) throw new RequestError('bad-request', undefined, { detail: 'not a search or post page' });
      if (source.kind === 'post' && !req.postCategory) throw new RequestError('bad-request', undefined, { detail: 'which people of the post' });
      const pronetUrl = source.kind === 'search' ? listAddress(page.pageUrl) : page.pageUrl;
      const existing = req.audienceId !== undefined;
      const entry: SearchImport = {
        id: newId(),
        tabId: req.tabId,
        pronetUrl,
        audience: req.audience.trim(),
        audienceId: req.audienceId ?? null,
        sizeBefore: existing ? (req.audienceSize ?? 0) : 0,
        expected: source.kind === 'search' ? (page.statedCount ?? null) : null,
        outboxId: null,
        state: 'queued',
        follow: null,
      };
      // Kept before it can land: the landing finds it.
      await deps.meta.set(key(entry.id), entry);
      await deps.meta.set(tabKey(req.tabId), entry.id);
      await deps.meta.set(IDENTITY_KEY, req.identityId);
      const item = await deps.enqueue({
        kind: 'import-audience',
        importId: entry.id,
        audience: entry.audience,
        pronetUrl,
        identityId: req.identityId,
        excludeContactedLeads: req.excludeContactedLeads,
        autoImport: req.autoImport,
        ...(req.postCategory ? { pronetPostCategory: req.postCategory } : {}),
        ...(req.audienceId !== undefined ? { audienceId: req.audienceId, sizeBefore: entry.sizeBefore } : {}),
      });
      await update(entry.id, (i) => {
        if (i.state === 'queued') i.outboxId = Number(item.id);
      });
      return deps.view(req.tabId);
    },
  };

  /** After an outbox record landed: an import's audience is followed from now on. */
  async function applied(record: OutboxRecord, outcome: Outcome): Promise<void> {
    if (record.kind !== 'import-audience') return;
    const audienceId = outcome.kind === 'import' ? outcome.audienceId : null;
    const i = await update(record.importId, (x) => {
      x.state = 'sent';
      x.outboxId = null;
      if (audienceId !== null) x.audienceId = audienceId;
    });
    if (i) follow(i);
  }

  /** The tab's search or post, and its latest import of this search; undefined on any other list. */
  async function viewOf(tabId: number, page: PageRead): Promise<ImportAllView | undefined> {
    const source = importSource(page.pageUrl);
    if (!source) return undefined;
    const address = source.kind === 'search' ? listAddress(page.pageUrl) : page.pageUrl;
    let latest = await latestOf(tabId);
    if (latest && latest.pronetUrl !== address) latest = undefined;
    let record: OutboxRecord | undefined;
    if (latest?.state === 'queued' && latest.outboxId !== null) {
      const id = latest.outboxId;
      record = (await deps.outbox.list()).find((r) => r.id === id);
      // Gone from the outbox while it was never marked landed (a worker stopped between the two): it landed.
      if (!record) latest = await update(latest.id, (x) => void (x.state = 'sent'));
    }
    // A worker that stopped while following: this one takes over.
    if (latest && (latest.state === 'sent' || latest.state === 'following')) follow(latest);
    return {
      source: {
        kind: source.kind,
        ...(source.kind === 'search' ? { tool: source.tool } : {}),
        keywords: source.kind === 'search' ? source.keywords.slice(0, 300) : '',
        filters: source.kind === 'search' ? source.filters.map((f) => ({ name: f.name.slice(0, 300), values: f.values.map((v) => v.slice(0, 300)) })) : [],
        statedCount: source.kind === 'search' ? (page.statedCount ?? null) : null,
      },
      latest: latest ? importView(latest, record) : null,
      lastIdentityId: (await deps.meta.get<string>(IDENTITY_KEY)) ?? null,
    };
  }

  return { handlers, applied, viewOf };
}

