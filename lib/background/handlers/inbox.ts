/**
 * The inbox queue (issue 12): pages of a saved view, the lead of each row (looked up by id, shared
 * with the profile cache), the narrowing choices, opening a row's profile, and the toolbar count.
 *
 * Calls and their limiter class: a page the user asked for (opening a view, Load more) is `user`; the
 * row look-ups `background`, the rows' previews `list`; the choices `background`; the count `idle`,
 * one call each time (an alarm at most every five minutes, and when a panel opens), never a loop.
 *
 * Look-ups and previews belong to the screen that asked (`row-work.ts`): when its rows leave the
 * screen, those still waiting for a slot are dropped, so a view switch never waits behind them.
 */
import { ApiError, NetworkError } from '../../api/errors';
import type { ConversationSummary, InboxWebhookPayload, Lead } from '../../api/schemas';
import { mineFirst, waitingDelta, watchDiff, type WatchState } from '../../inbox/inbox-watch';
import { actionPatch, inView, queueFilters, type QueueFacts, type QueueQuery } from '../../inbox/queue';
import type { LivePatch } from '../../inbox/live-event';
import { foldIntoPages, leadFields, livePreviewOf, liveRowOf, summaryRow } from '../inbox-rows';
import { profileAddress } from '../../pronet/canonical-url';
import type { CacheEntry } from '../../store/db';
import { firstLine, leadLastMessage, type ConversationMessagesView, type InboxCountView, type InboxPageView, type InboxRowView } from '../../views';
import type { HandlerMap } from '../dispatch';
import { NoKeyError, RequestError } from '../error-view';
import { createMemoCache } from '../memo-cache';
import { createScreens } from '../row-work';
import { createSharedCalls } from '../shared-calls';
import type { Inbox, InboxDeps, InboxRequests } from './inbox-types';
import { messagesView } from './profile';

export type { Inbox, InboxDeps } from './inbox-types';

const COUNT_META = 'inbox-count';
const WATCH_META = 'inbox-watch';
/** With notifications on, the count's one call brings the newest waiting rows too (a new reply among them). */
const WATCH_ROWS = 10;
/** The soonest snoozes, asked with the count when notifications are on (one more `idle` call). */
const WATCH_SNOOZES = 25;
const FACTS_KEPT = 2000;
const CHOICES_TTL_MS = 3_600_000;

/** A request's view and narrowing as the queue's query. */
const queryOf = (r: { view: QueueQuery['view']; identityId?: string; campaignId?: string; untouchedDays?: number }): QueueQuery =>
  ({ view: r.view, identityId: r.identityId ?? null, campaignId: r.campaignId ?? null, ...(r.untouchedDays !== undefined ? { untouchedDays: r.untouchedDays } : {}) });

export function createInbox(deps: InboxDeps): Inbox {
  const { api, clock } = deps;
  const opts = { ttlMs: deps.freshMs, clock, enabled: deps.cachingEnabled };
  /** First pages by filters, kept for a warm reopen and for an offline one (with their age). */
  const firstPages = new Map<string, InboxPageView & { fetchedAt: number; generation: number; query?: QueueQuery }>();
  const leads = createMemoCache<Lead | null>({ ...opts, max: 500 });
  const choices = createMemoCache<{ identities: { id: string; name: string }[]; campaigns: { id: string; name: string }[] }>({ ...opts, ttlMs: CHOICES_TTL_MS });
  /** Bumped by a mutation: pages kept before it are not fresh, but still shown offline. */
  let generation = 0;
  let count: InboxCountView = { count: null, at: null };
  let counting: Promise<InboxCountView> | null = null;
  /** What the pages and the count said of each conversation (and the actions queued since): the count's deltas. */
  const facts = new Map<string, QueueFacts>();
  const learn = (c: ConversationSummary) => {
    facts.delete(c.id);
    facts.set(c.id, { status: c.status, lastMessageStatus: c.lastMessageStatus, leadReplied: c.leadReplied, lastMessageAt: c.lastMessageAt, read: c.read });
    if (facts.size > FACTS_KEPT) facts.delete(facts.keys().next().value as string);
  };
  const countRestored = deps.meta.get<InboxCountView>(COUNT_META).then((saved) => {
    if (saved && typeof saved.at === 'number' && count.at === null) count = saved;
  }, () => undefined);

  /** The screens of the queue (a view's first page and the pages after it), each with its rows' calls. */
  const screens = createScreens();
  /**
   * Look-ups and previews on their way: the ones a page started (its rows on screen) are joined by
   * the panel's requests for the same rows, caching or not (one call serving the rows, not a cache).
   */
  const onTheWay = createSharedCalls<Lead | null>();
  const previewing = createSharedCalls<ConversationMessagesView>();
  /** A call once sent is answered and kept (the key's budget is spent): only a queued one is dropped. */
  const rowCall = <P extends 'background' | 'list'>(priority: P, signal: AbortSignal) => ({ priority, signal, abortOnlyQueued: true });

  /**
   * The profile cache knows the leads of every profile seen; the rest costs one call each, at
   * `background` priority: only rows on the screen of a queue the user opened are looked up, so they
   * are what is on screen (not list work, which the learned rate holds back and sheds first).
   */
  function lookUp(leadId: string, signal: AbortSignal | undefined): Promise<Lead | null> {
    return onTheWay.run(leadId, signal, async (mine) => {
      const known = (await deps.cache.byLead(leadId)).find((e) => e.lead)?.lead;
      if (known) return known;
      return leads.get(leadId, () => api.leadById(leadId, rowCall('background', mine)));
    });
  }

  /**
   * The look-ups a first page started, kept (answered or not) until the panel asks for those rows
   * once: the panel may ask after they were answered, and with caching off that would be a second call.
   */
  let started = new Map<string, Promise<Lead | null>>();

  /** The rows on screen of a page just fetched: their leads go now, before the panel has shown them. */
  function startLookUps(rows: readonly InboxRowView[], onScreen: number, signal: AbortSignal | undefined) {
    started = new Map();
    for (const row of rows.slice(0, onScreen)) {
      if (row.leadKnown) continue;
      const found = lookUp(row.leadId, signal);
      found.catch(() => undefined);
      started.set(row.leadId, found);
    }
  }

  /** A row's lead for the panel: the page's own look-up (once), else a look-up. */
  function leadFor(leadId: string, signal: AbortSignal | undefined): Promise<Lead | null> {
    const mine = started.get(leadId);
    if (!mine) return lookUp(leadId, signal);
    started.delete(leadId);
    return mine;
  }

  /**
   * The leads as already known (the profile cache, an earlier look-up), without a call; undefined
   * when never looked up. The page's rows are read from the cache in one transaction, not one each.
   */
  async function knownLeads(leadIds: readonly string[]): Promise<Map<string, Lead | null | undefined>> {
    const cached = leadIds.length > 0 ? await deps.cache.byLeads(leadIds) : new Map<string, CacheEntry[]>();
    return new Map(leadIds.map((id) => [id, cached.get(id)?.find((e) => e.lead)?.lead ?? leads.peek(id)] as const));
  }

  const rowOf = (c: ConversationSummary, lead: Lead | null | undefined) => summaryRow(c, lead, deps.identities.names().get(c.identityId) ?? null);

  /** The rows whose lead was looked up since they were kept, named now. */
  async function withKnownLeads(rows: readonly InboxRowView[]): Promise<InboxRowView[]> {
    const found = await knownLeads(rows.filter((r) => !r.leadKnown).map((r) => r.leadId));
    return rows.map((row) => {
      const lead = row.leadKnown ? undefined : found.get(row.leadId);
      return lead === undefined ? row : { ...row, ...leadFields(lead) };
    });
  }

  async function fetchPage(query: QueueQuery, at: number, cursor: string | undefined, priority: 'user' | 'list' = 'user'): Promise<Omit<InboxPageView, 'restarted' | 'cachedAt'>> {
    const filters = queueFilters(query, at);
    // A page is asked for by the user (opening the view, Load more); its rows' look-ups are list work.
    const page = await api.searchConversations(cursor === undefined ? filters : { ...filters, searchAfter: cursor }, { priority });
    page.data.forEach(learn);
    deps.onConversations?.(page.data);
    // A row's preview kept from before is dropped when the conversation has a newer message.
    deps.panelData.checkRecentMessages(page.data);
    const unknown = page.data.map((c) => c.identityId).filter((id) => !deps.identities.names().has(id));
    if (unknown.length > 0) deps.identities.load(unknown);
    const found = await knownLeads(page.data.map((c) => c.leadId));
    return { rows: page.data.map((c) => rowOf(c, found.get(c.leadId))), total: page.total, nextToken: page.nextToken, at };
  }

  function keep(key: string, page: InboxPageView, query: QueueQuery) {
    if (!deps.cachingEnabled()) return;
    firstPages.delete(key);
    firstPages.set(key, { ...page, fetchedAt: clock.now(), generation, query });
    while (firstPages.size > 20) firstPages.delete(firstPages.keys().next().value as string);
  }

  async function refreshCount(minAgeMs = 0): Promise<InboxCountView> {
    await countRestored;
    if (deps.keys.current() === null) return count;
    if (count.at !== null && clock.now() - count.at < minAgeMs) return count;
    counting ??= (async () => {
      try {
        const watching = deps.notifications?.() ?? false;
        const page = await api.searchConversations({ ...queueFilters({ view: 'waiting' }, clock.now()), limit: watching ? WATCH_ROWS : 1 }, { priority: 'idle' });
        page.data.forEach(learn);
        count = { count: await withPending(page.total), at: clock.now() };
        await deps.meta.set(COUNT_META, count).catch(() => undefined);
        deps.onCount?.(count.count);
        if (watching && page.total !== null) await watch(page.data, page.total);
      } finally {
        counting = null;
      }
      return count;
    })();
    return counting;
  }

  /** Notifications on: the soonest snoozes (one `idle` call), compared with the last check kept in storage. */
  async function watch(waiting: ConversationSummary[], total: number) {
    const snoozed = await api
      .searchConversations({ ...queueFilters({ view: 'snoozed' }, clock.now()), limit: WATCH_SNOOZES }, { priority: 'idle' })
      .then((p) => p.data, () => null);
    const previous = await deps.meta.get<WatchState>(WATCH_META).catch(() => undefined);
    const { next, news } = watchDiff(previous ?? null, clock.now(), waiting, snoozed);
    await deps.meta.set(WATCH_META, next).catch(() => undefined);
    if (news.replies.length > 0 || news.woke.length > 0) deps.onNews?.(news, total);
  }

  /** What is known of a conversation: the pages and counts seen, else the profile cache. */
  async function factsOf(id: string, leadId: string | undefined): Promise<QueueFacts | undefined> {
    if (!facts.has(id) && leadId !== undefined) {
      const c = (await deps.cache.byLead(leadId).catch(() => [])).flatMap((e) => e.conversations).find((x) => x.id === id);
      if (c) learn(c);
    }
    return facts.get(id);
  }

  /** What each action still in the outbox did to the count, and what was known before it: by outbox id. */
  const moved = new Map<number, { before: QueueFacts | undefined; delta: number }>();

  /** The service's count plus what the actions it has not seen yet move (those that left the outbox are forgotten). */
  async function withPending(total: number | null): Promise<number | null> {
    if (total === null || !deps.pendingOutbox || moved.size === 0) return total;
    const pending = await deps.pendingOutbox().catch(() => null);
    if (pending === null) return total;
    let delta = 0;
    for (const [id, m] of moved) {
      if (pending.has(id)) delta += m.delta;
      else moved.delete(id);
    }
    return Math.max(0, total + delta);
  }

  async function queued(action: { kind: string; conversationId?: string; leadId?: string; until?: number }, outboxId?: number) {
    const id = action.conversationId;
    if (id === undefined) return;
    const before = await factsOf(id, action.leadId);
    const delta = waitingDelta(before, action.kind, action.until);
    if (outboxId !== undefined) moved.set(outboxId, { before, delta });
    // The next action on it (an undo) starts from the state this one leaves.
    const patch = actionPatch(action.kind, action.until);
    if (before && patch) facts.set(id, { ...before, ...patch });
    await moveCount(delta);
  }

  /** The count moved by what is known to have happened (optimistic; the next refresh corrects it). */
  async function moveCount(delta: number) {
    await countRestored;
    if (delta === 0 || count.count === null) return;
    count = { count: Math.max(0, count.count + delta), at: count.at };
    await deps.meta.set(COUNT_META, count).catch(() => undefined);
    deps.onCount?.(count.count);
  }

  async function withdrawn(conversationId: string, outboxId?: number) {
    const m = outboxId === undefined ? undefined : moved.get(outboxId);
    if (!m) {
      // Not queued here (an older worker's): what the service says is the best there is.
      facts.delete(conversationId);
      await refreshCount().catch(() => undefined);
      return;
    }
    moved.delete(outboxId!);
    if (m.before) facts.set(conversationId, m.before);
    else facts.delete(conversationId);
    await moveCount(-m.delta);
  }

  async function live(event: InboxWebhookPayload, patch: LivePatch) {
    const id = event.conversationId;
    const before = await factsOf(id, event.leadId);
    // Its status unknown (archived? snoozed?): the pages kept may now be wrong, so they are asked again.
    if (!before) return void (generation += 1);
    const after: QueueFacts = { ...before, ...patch };
    facts.set(id, after);
    const row = liveRowOf(event, patch, after, [...firstPages.values()], deps.identities.names().get(event.identityId) ?? null);
    foldIntoPages(firstPages.values(), row, after);
    deps.onLiveRow?.(row, livePreviewOf(event));
    await moveCount(Number(inView('waiting', after, 0)) - Number(inView('waiting', before, 0)));
  }

  const handlers: HandlerMap<InboxRequests> = {
    // The open queue's first page again, as list work (shed first): relay or not, since status and note
    // travel in no webhook (issue 41).
    async 'inbox-revalidate'(req) {
      if (deps.keys.current() === null) return null;
      const [query, at] = [queryOf(req), clock.now()];
      const page: InboxPageView = { ...(await fetchPage(query, at, undefined, 'list')), restarted: false, cachedAt: null };
      keep(JSON.stringify(queueFilters(query, at)), page, query);
      return page;
    },
    async 'inbox-page'(req) {
      if (deps.keys.current() === null) throw new NoKeyError();
      const query = queryOf(req);
      if (req.cursor !== undefined) {
        try {
          return { ...(await fetchPage(query, req.at ?? clock.now(), req.cursor)), restarted: false, cachedAt: null };
        } catch (error) {
          // The service refused the cursor (expired, or other filters): page one again, said so.
          if (!(error instanceof ApiError && error.status === 400)) throw error;
          const at = clock.now();
          const page = { ...(await fetchPage(query, at, undefined)), restarted: true, cachedAt: null };
          keep(JSON.stringify(queueFilters(query, at)), { ...page, restarted: false }, query);
          startLookUps(page.rows, req.lookUp ?? 0, screens.signal(req.screen));
          return page;
        }
      }
      const at = req.at ?? clock.now();
      const key = JSON.stringify(queueFilters(query, at));
      const kept = firstPages.get(key) ?? null;
      if (kept && !req.reload && deps.cachingEnabled() && clock.now() - kept.fetchedAt < deps.freshMs && kept.generation === generation) {
        const { fetchedAt: _fetchedAt, generation: _generation, query: _query, ...page } = kept;
        // The leads looked up since the page was kept name its rows now.
        return { ...page, rows: await withKnownLeads(page.rows) };
      }
      try {
        const page: InboxPageView = { ...(await fetchPage(query, at, undefined)), restarted: false, cachedAt: null };
        keep(key, page, query);
        startLookUps(page.rows, req.lookUp ?? 0, screens.signal(req.screen));
        return page;
      } catch (error) {
        // Offline: the last page of this view, with its age.
        if (error instanceof NetworkError && kept) {
          const { fetchedAt, generation: _generation, query: _query, ...page } = kept;
          return { ...page, cachedAt: fetchedAt };
        }
        throw error;
      }
    },
    async 'inbox-leads'(req) {
      if (deps.keys.current() === null) throw new NoKeyError();
      const signal = screens.signal(req.screen);
      const found = await Promise.all(
        req.leadIds.map(async (leadId) => {
          // One failed look-up leaves that row unnamed, not the others.
          const lead = await leadFor(leadId, signal).catch(() => undefined);
          if (lead === undefined) return null;
          const { leadKnown: _known, ...fields } = leadFields(lead);
          return { leadId, ...fields };
        }),
      );
      return found.filter((x) => x !== null);
    },
    async 'inbox-previews'(req) {
      if (deps.keys.current() === null) throw new NoKeyError();
      // The search answers no message text: one call per row on screen, at list priority (shed
      // first), kept as the profile panel's recent messages (opening that lead then costs none).
      const signal = screens.signal(req.screen);
      const found = await Promise.all(
        req.conversationIds.map(async (conversationId) => {
          const page = await previewing
            .run(conversationId, signal, (mine) =>
              deps.panelData.recentMessages.get(`${conversationId}:0`, () => messagesView(api, conversationId, 0, rowCall('list', mine))),
            )
            .catch(() => null);
          if (page === null) return null;
          const last = leadLastMessage(page.messages);
          return { conversationId, firstLine: last ? firstLine(last.content) : null, at: last?.createdAt ?? null };
        }),
      );
      return found.filter((x) => x !== null);
    },
    async 'inbox-leave'(req) {
      screens.leave(req.screen);
      return null;
    },
    async 'inbox-choices'() {
      const { identities, campaigns } = await choices.get('choices', async () => {
        const [identities, campaigns] = await Promise.all([deps.identities.list(), api.campaigns({ priority: 'background' })]);
        return { identities, campaigns: campaigns.map((c) => ({ id: c.id, name: c.name })) };
      });
      // Ordered at each answer: the setting may have changed since the lists were kept.
      return { identities: mineFirst(identities, deps.myIdentityIds?.() ?? []), campaigns };
    },
    async 'inbox-count'() {
      await countRestored;
      // No key (a fresh install): nothing can be counted; the popup says what to do instead of "not counted yet".
      if (deps.keys.current() === null) throw new NoKeyError();
      // Never counted (a new browser): the popup asking is a panel opening, so count now (one `idle`
      // call, shared with the refresh the opening started); a failure shows "not counted yet".
      if (count.at === null) return refreshCount().catch(() => count);
      return count;
    },
    async 'open-profile'(req) {
      const url = profileAddress(req.profileUrl, await deps.getTabUrl?.(req.tabId).catch(() => undefined), deps.hosts());
      if (url === null) throw new RequestError('bad-request', 'not-a-profile');
      if (!deps.navigateTab) throw new RequestError('bad-request', 'no-panel');
      await deps.navigateTab(req.tabId, url);
      return null;
    },
  };

  return {
    handlers,
    refreshCount,
    invalidate() {
      generation += 1;
    },
    queued,
    withdrawn,
    leaveAll: () => screens.leaveAll(),
    live,
  };
}
