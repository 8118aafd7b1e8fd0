/**
 * The inbox queue in the side panel: a saved view's conversations, page after page, worked through
 * at keyboard speed. Actions go through the outbox (the background); the row changes at once, and
 * every queued change of the outbox (from here or from the profile panel) is folded onto the rows.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import {
  actionPatch,
  canLoadMore,
  DEFAULT_UNTOUCHED_DAYS,
  focusAfterRemoval,
  initialPaging,
  inView,
  moveFocus,
  paging,
  queueCommand,
  untouchedBound,
  undoAction,
  QUEUE_PAGE_SIZE,
  QUEUE_VIEWS,
  type PagingEvent,
  type PagingState,
  type QueueAction,
  type QueueViewId,
} from '../../lib/inbox/queue';
import { tomorrowMorning } from '../../lib/inbox/snooze-presets';
import type { Messenger } from '../../lib/messages';
import type { ErrorView, InboxChoicesView, InboxLeadView, InboxRowView, OutboxItemView } from '../../lib/views';
import { formatShortDateTime } from '../format';
import { t, type MessageKey } from '../i18n';
import { StateMessage, type MessageState } from '../lead-panel/StateMessage';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { Icon } from '../ui/Icon';
import { Toast } from '../ui/Toast';
import { InboxRow } from './InboxRow';
import { ShortcutHelp } from './ShortcutHelp';

export interface InboxViewProps {
  messenger: Messenger;
  /** The tab a row's profile opens in (null: none known). */
  tabId: number | null;
  /** The outbox as the background last pushed it (every queued change, wherever it was made). */
  outbox: readonly OutboxItemView[];
  now: () => number;
  onOpenOptions: () => void;
}

const VIEW_KEYS: Record<QueueViewId, MessageKey> = {
  waiting: 'inboxViewWaiting',
  snoozed: 'inboxViewSnoozed',
  untouched: 'inboxViewUntouched',
  unread: 'inboxViewUnread',
};

type Patch = NonNullable<ReturnType<typeof actionPatch>>;
type ToastState = { id: number; text: string; undo?: () => void };

/** A failure of the first page as the panel's shared state messages word it. */
function messageState(error: ErrorView): MessageState {
  if (error.code === 'no-key') return { kind: 'no-key' };
  if (error.code === 'bad-key') return { kind: 'bad-key', ...(error.reason === 'plan' ? { reason: 'plan' as const } : {}), ...(error.detail ? { detail: error.detail } : {}) };
  return { kind: 'error', ...error };
}

function minutesAgo(at: number, now: number): number {
  return Math.max(0, Math.round((now - at) / 60_000));
}

export function InboxView({ messenger, tabId, outbox, now, onOpenOptions }: InboxViewProps) {
  const [view, setView] = useState<QueueViewId>('waiting');
  const [identityId, setIdentityId] = useState('');
  const [campaignId, setCampaignId] = useState('');
  const [untouchedDays, setUntouchedDays] = useState(DEFAULT_UNTOUCHED_DAYS);
  const [list, dispatch] = useReducer<PagingState<InboxRowView>, PagingEvent<InboxRowView>>(paging, initialPaging<InboxRowView>());
  const [error, setError] = useState<ErrorView | null>(null);
  const [cachedAt, setCachedAt] = useState<number | null>(null);
  const [at, setAt] = useState<number>(() => now());
  const [choices, setChoices] = useState<InboxChoicesView | null>(null);
  /** Changes made here, before the outbox reports them (optimistic), by conversation. */
  const [local, setLocal] = useState<ReadonlyMap<string, Patch>>(new Map());
  const [focusId, setFocusId] = useState<string | null>(null);
  const [openedId, setOpenedId] = useState<string | null>(null);
  const [toast, setToast] = useState<ToastState | null>(null);
  const [help, setHelp] = useState(false);
  const [note, setNote] = useState('');
  const undoRef = useRef<(() => void) | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pickerRef = useRef<HTMLSelectElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const generation = useRef(0);

  const query = useMemo(
    () => ({
      view,
      ...(identityId ? { identityId } : {}),
      ...(campaignId ? { campaignId } : {}),
      ...(view === 'untouched' ? { untouchedDays } : {}),
    }),
    [view, identityId, campaignId, untouchedDays],
  );

  const load = useCallback(
    async (reload = false) => {
      dispatch({ type: 'open' });
      const gen = (generation.current += 1);
      setError(null);
      const reply = await messenger.send('inbox-page', { ...query, ...(reload ? { reload } : {}) });
      if (gen !== generation.current) return;
      if (!reply.ok) {
        setError(reply.error);
        dispatch({ type: 'failed', generation: gen });
        return;
      }
      setAt(reply.value.at);
      setCachedAt(reply.value.cachedAt);
      setLocal(new Map());
      setFocusId(null);
      dispatch({ type: 'page', generation: gen, first: true, result: reply.value });
    },
    [messenger, query],
  );

  useEffect(() => void load(), [load]);
  // The pickers' lists once the first page shows: they never delay the rows.
  const choicesAsked = useRef(false);
  useEffect(() => {
    if (list.phase !== 'ready' || choicesAsked.current) return;
    choicesAsked.current = true;
    void messenger.send('inbox-choices', {}).then((reply) => reply.ok && setChoices(reply.value));
  }, [messenger, list.phase]);

  // The rows' leads, looked up for the rows on screen only, in batches.
  const [leads, setLeads] = useState<ReadonlyMap<string, InboxLeadView>>(new Map());
  const asked = useRef(new Set<string>());
  const wanted = useRef(new Set<string>());
  const batching = useRef(false);
  const askLeads = useCallback(
    (ids: string[]) => {
      for (const id of ids) {
        if (asked.current.has(id)) continue;
        asked.current.add(id);
        wanted.current.add(id);
      }
      if (batching.current || wanted.current.size === 0) return;
      batching.current = true;
      queueMicrotask(() => {
        batching.current = false;
        while (wanted.current.size > 0) {
          const batch = [...wanted.current].slice(0, QUEUE_PAGE_SIZE);
          for (const id of batch) wanted.current.delete(id);
          void messenger.send('inbox-leads', { leadIds: batch }).then((reply) => {
            if (!reply.ok) {
              // Asked again when the row is on screen again.
              for (const id of batch) asked.current.delete(id);
              return;
            }
            setLeads((m) => {
              const next = new Map(m);
              for (const lead of reply.value) next.set(lead.leadId, lead);
              return next;
            });
          });
        }
      });
    },
    [messenger],
  );

  async function loadMore() {
    if (!canLoadMore(list) || list.nextToken === null) return;
    dispatch({ type: 'more' });
    const gen = generation.current;
    const reply = await messenger.send('inbox-page', { ...query, cursor: list.nextToken, at });
    if (!reply.ok) {
      dispatch({ type: 'failed', generation: gen });
      setToast({ id: Date.now(), text: t('inboxMoreFailed') });
      return;
    }
    if (reply.value.restarted) setAt(reply.value.at);
    dispatch({ type: 'page', generation: gen, first: false, result: reply.value });
  }

  // What the outbox holds (pending or on the wire) wins over the fetched row; a failed change is undone.
  const patches = useMemo(() => {
    const merged = new Map(local);
    for (const item of outbox) {
      if (!item.conversationId) continue;
      if (item.state === 'failed') {
        merged.delete(item.conversationId);
        continue;
      }
      const patch = actionPatch(item.kind, item.snoozeUntil);
      if (patch) merged.set(item.conversationId, patch);
    }
    return merged;
  }, [local, outbox]);

  const bound = untouchedBound(at, untouchedDays);
  const rows = useMemo(
    () =>
      list.rows
        .map((r) => {
          const lead = leads.get(r.leadId);
          const named = lead ? { name: lead.name, company: lead.company, profileUrl: lead.profileUrl, leadKnown: true } : {};
          return { ...r, ...named, ...patches.get(r.conversationId) };
        })
        .filter((r) => inView(view, r, bound)),
    [list.rows, leads, patches, view, bound],
  );

  useEffect(() => {
    const pending = [...(listRef.current?.querySelectorAll<HTMLElement>('li[data-needs-lead]') ?? [])];
    if (pending.length === 0) return;
    if (typeof IntersectionObserver === 'undefined') {
      askLeads(pending.map((el) => el.dataset.lead!));
      return;
    }
    const observer = new IntersectionObserver((entries) => askLeads(entries.filter((e) => e.isIntersecting).map((e) => (e.target as HTMLElement).dataset.lead!)));
    for (const el of pending) observer.observe(el);
    return () => observer.disconnect();
  }, [rows, askLeads]);
  const focusIndex = rows.findIndex((r) => r.conversationId === focusId);

  // Focus follows the focused row; when the row that had it left the view, the next row takes it.
  useEffect(() => {
    if (focusId === null || !listRef.current) return;
    const el = listRef.current.querySelector<HTMLElement>(`[data-conversation="${CSS.escape(focusId)}"]`);
    const active = document.activeElement;
    // A field keeps the focus (the note, a picker); anything else hands it to the row.
    const typing = active !== null && ['INPUT', 'SELECT', 'TEXTAREA'].includes(active.tagName);
    if (el && active !== el && !typing && !(active && el.contains(active))) el.focus();
  }, [focusId, rows]);

  function focusRow(index: number) {
    const row = rows[index];
    setFocusId(row ? row.conversationId : null);
    const el = row && listRef.current?.querySelector<HTMLElement>(`[data-conversation="${CSS.escape(row.conversationId)}"]`);
    el?.focus();
  }

  async function send(row: InboxRowView, action: QueueAction): Promise<boolean> {
    const target = { conversationId: row.conversationId, leadId: row.leadId };
    const reply = action.kind === 'snooze' ? await messenger.send('snooze', { ...target, until: action.until }) : await messenger.send(action.kind, target);
    if (!reply.ok) {
      setLocal((m) => {
        const next = new Map(m);
        next.delete(row.conversationId);
        return next;
      });
      setToast({ id: Date.now(), text: t('inboxActionFailed') });
      return false;
    }
    return true;
  }

  function act(row: InboxRowView, action: QueueAction) {
    const index = rows.findIndex((r) => r.conversationId === row.conversationId);
    const before = { status: row.status, snoozeUntil: row.snoozeUntil };
    const patch = actionPatch(action.kind, action.kind === 'snooze' ? action.until : undefined);
    if (!patch) return;
    setLocal((m) => new Map(m).set(row.conversationId, patch));
    // The row leaves the view at once: the next row takes the focus.
    if (!inView(view, { ...row, ...patch }, bound)) {
      const next = rows[index + 1] ?? rows[index - 1] ?? null;
      setFocusId(focusAfterRemoval(index, rows.length) >= 0 && next ? next.conversationId : null);
    }
    const back = undoAction(before, action, now());
    const undo = () => {
      setLocal((m) => new Map(m).set(row.conversationId, actionPatch(back.kind, back.kind === 'snooze' ? back.until : undefined)!));
      setFocusId(row.conversationId);
      void send(row, back);
    };
    undoRef.current = undo;
    const name = row.name ?? t('inboxUnknownLead');
    setToast({
      id: Date.now(),
      text: action.kind === 'archive' ? t('toastArchived', name) : action.kind === 'snooze' ? t('toastSnoozed', formatShortDateTime(action.until)) : t('inboxRestored', name),
      undo: () => {
        undoRef.current = null;
        undo();
      },
    });
    void send(row, action);
  }

  const snoozeTomorrow = (row: InboxRowView) => act(row, { kind: 'snooze', until: tomorrowMorning(new Date(now())).getTime() });

  function open(row: InboxRowView) {
    setOpenedId(row.conversationId);
    setFocusId(row.conversationId);
    if (tabId === null || row.profileUrl === null) return;
    void messenger.send('open-profile', { tabId, profileUrl: row.profileUrl }).then((reply) => {
      if (!reply.ok) setToast({ id: Date.now(), text: t('inboxOpenFailed') });
    });
  }

  async function appendNote() {
    const row = rows[focusIndex];
    const text = note.trim();
    if (!row || text === '') return;
    const reply = await messenger.send('save-note', { conversationId: row.conversationId, leadId: row.leadId, mode: 'append', text });
    if (reply.ok) {
      setNote('');
      setToast({ id: Date.now(), text: t('inboxNoteAppended', row.name ?? t('inboxUnknownLead')) });
      focusRow(focusIndex);
    } else setToast({ id: Date.now(), text: t('inboxActionFailed') });
  }

  function onKeyDown(event: KeyboardEvent) {
    const target = event.target as HTMLElement;
    const inField = target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' || target.tagName === 'SELECT';
    const command = queueCommand({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, inField });
    if (command === null) return;
    // A button keeps Enter and its own keys; the row's letters still work from a row.
    if (target.tagName === 'BUTTON' && command === 'open') return;
    const row = rows[focusIndex >= 0 ? focusIndex : 0];
    switch (command) {
      case 'next':
      case 'previous':
        focusRow(moveFocus(focusIndex, rows.length, command));
        break;
      case 'open':
        if (row) open(row);
        break;
      case 'archive':
        if (row && row.status !== 'ARCHIVED') act(row, { kind: 'archive' });
        break;
      case 'snooze':
        if (row) snoozeTomorrow(row);
        break;
      case 'note':
        if (row) setFocusId(row.conversationId);
        noteRef.current?.focus();
        break;
      case 'undo':
        if (undoRef.current) {
          const undo = undoRef.current;
          undoRef.current = null;
          setToast(null);
          undo();
        }
        break;
      case 'pick-view':
        pickerRef.current?.focus();
        break;
      case 'help':
        setHelp(true);
        break;
      case 'close-help':
        if (!help) return;
        setHelp(false);
        break;
    }
    event.preventDefault();
  }

  // The keys work wherever the focus is in the panel (a text field keeps its letters).
  const keyHandler = useRef(onKeyDown);
  keyHandler.current = onKeyDown;
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keyHandler.current(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  // The first row takes the focus when a view shows (keyboard first), unless the user is elsewhere.
  useEffect(() => {
    if (list.phase !== 'ready' || focusId !== null) return;
    const first = rows[0];
    if (!first) return;
    setFocusId(first.conversationId);
  }, [list.phase, rows, focusId]);

  // Scrolled to the end: the next page.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    });
    observer.observe(el);
    return () => observer.disconnect();
  });

  const closeToast = useCallback(() => setToast(null), []);
  const focused = rows[focusIndex] ?? null;
  return (
    <div class="inbox stack">
      <div class="inbox-filters" role="group" aria-label={t('inboxFilters')}>
        <div class="inbox-filter">
          <label class="section-label" for="inbox-view">
            {t('inboxView')}
          </label>
          <select id="inbox-view" ref={pickerRef} value={view} onChange={(e) => setView((e.target as HTMLSelectElement).value as QueueViewId)}>
            {QUEUE_VIEWS.map((v) => (
              <option key={v} value={v}>
                {t(VIEW_KEYS[v])}
              </option>
            ))}
          </select>
        </div>
        <div class="inbox-filter">
          <label class="section-label" for="inbox-identity">
            {t('identity')}
          </label>
          <select id="inbox-identity" value={identityId} onChange={(e) => setIdentityId((e.target as HTMLSelectElement).value)}>
            <option value="">{t('inboxAllIdentities')}</option>
            {choices?.identities.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </select>
        </div>
        <div class="inbox-filter">
          <label class="section-label" for="inbox-campaign">
            {t('campaign')}
          </label>
          <select id="inbox-campaign" value={campaignId} onChange={(e) => setCampaignId((e.target as HTMLSelectElement).value)}>
            <option value="">{t('inboxAllCampaigns')}</option>
            {choices?.campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        {view === 'untouched' ? (
          <div class="inbox-filter inbox-days">
            <label class="section-label" for="inbox-days">
            {t('inboxUntouchedDays')}
          </label>
            <input
              id="inbox-days"
              type="number"
              min={1}
              max={365}
              value={untouchedDays}
              onChange={(e) => {
                const days = Number((e.target as HTMLInputElement).value);
                if (Number.isInteger(days) && days >= 1 && days <= 365) setUntouchedDays(days);
              }}
            />
          </div>
        ) : null}
      </div>

      <div class="inbox-summary row">
        <span data-testid="inbox-total" class="muted">
          {list.total !== null ? t('inboxTotal', list.total) : ''}
        </span>
        <span class="spacer" />
        <Button variant="ghost" size="sm" aria-label={t('inboxShortcuts')} title={t('inboxShortcuts')} onClick={() => setHelp(true)} icon={<Icon name="keyboard" />} />
        <Button variant="ghost" size="sm" aria-label={t('inboxReload')} title={t('inboxReload')} onClick={() => void load(true)} icon={<Icon name="refresh" />} />
      </div>

      {cachedAt !== null ? (
        <p class="notice notice-warning" role="status">
          {t('inboxCachedPage', minutesAgo(cachedAt, now()))}
        </p>
      ) : null}
      {list.restarted ? (
        <p class="notice" role="status">
          {t('inboxRestarted')}
        </p>
      ) : null}

      {error ? (
        <StateMessage state={messageState(error)} now={now()} onOpenOptions={onOpenOptions} onRetry={() => void load(true)} />
      ) : list.phase === 'loading' ? (
        <div class="inbox-loading" role="status" aria-busy="true">
          <span class="visually-hidden">{t('loading')}</span>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} class="skeleton" style={{ height: '52px' }} />
          ))}
        </div>
      ) : rows.length === 0 && list.nextToken === null ? (
        <EmptyState icon="check" title={t('inboxEmptyTitle')} body={t('inboxEmptyBody')} />
      ) : (
        <>
          <ul class="inbox-list" ref={listRef} aria-label={t(VIEW_KEYS[view])}>
            {rows.map((row) => (
              <InboxRow
                key={row.conversationId}
                row={row}
                view={view}
                focused={row.conversationId === focusId}
                opened={row.conversationId === openedId}
                onFocus={() => setFocusId(row.conversationId)}
                onOpen={() => open(row)}
                onArchive={() => act(row, { kind: 'archive' })}
                onSnooze={(until) => act(row, { kind: 'snooze', until })}
                onNote={() => {
                  setFocusId(row.conversationId);
                  noteRef.current?.focus();
                }}
                now={now}
              />
            ))}
          </ul>
          <div ref={sentinel} />
          {list.nextToken !== null ? (
            <Button onClick={() => void loadMore()} busy={list.phase === 'loading-more'} block>
              {t('inboxLoadMore')}
            </Button>
          ) : null}
        </>
      )}

      {focused ? (
        <div class="inbox-note card card-body stack">
          <label class="section-label" for="inbox-note">
            {t('inboxAppendTo', focused.name ?? t('inboxUnknownLead'))}
          </label>
          <textarea
            id="inbox-note"
            ref={noteRef}
            rows={2}
            value={note}
            onInput={(e) => setNote((e.target as HTMLTextAreaElement).value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void appendNote();
              if (e.key === 'Escape') focusRow(focusIndex);
            }}
          />
          <div class="row">
            <span class="spacer" />
            <Button variant="primary" size="sm" disabled={note.trim() === ''} onClick={() => void appendNote()}>
              {t('inboxAppend')}
            </Button>
          </div>
        </div>
      ) : null}

      {help ? <ShortcutHelp onClose={() => setHelp(false)} /> : null}
      {toast ? (
        <Toast
          key={toast.id}
          onClose={closeToast}
          undo={toast.undo}
        >
          {toast.text}
        </Toast>
      ) : null}
    </div>
  );
}
