/**
 * The inbox queue in the side panel: a saved view's conversations, page after page, worked through
 * at keyboard speed. Actions go through the outbox (the background); the row changes at once, and
 * every queued change of the outbox (from here or from the profile panel) is folded onto the rows.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  actionPatch,
  DEFAULT_UNTOUCHED_DAYS,
  focusAfterRemoval,
  inView,
  moveFocus,
  rowsOnScreen,
  totalInView,
  untouchedBound,
  undoAction,
  type QueueAction,
  type QueueCommand,
  type QueueViewId,
} from '../../lib/inbox/queue';
import { tomorrowMorning } from '../../lib/inbox/snooze-presets';
import type { Messenger } from '../../lib/messages';
import type { InboxChoicesView, InboxRowView, OutboxItemView } from '../../lib/views';
import { formatShortDateTime } from '../format';
import { t, tn } from '../i18n';
import { messageState, StateMessage } from '../lead-panel/StateMessage';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { Icon } from '../ui/Icon';
import { Toast } from '../ui/Toast';
import { InboxFilters } from './InboxFilters';
import { InboxList } from './InboxList';
import { useRowBoxes } from './RowBoxes';
import { useRowFocus } from './use-row-focus';
import { withSentPreviews } from './sent-previews';
import { ShortcutHelp } from './ShortcutHelp';
import { useQueueKeys } from './use-queue-keys';
import { useLiveRows } from './use-live-rows';
import { useRevalidate } from '../live/use-revalidate';
import { useQueuePages } from './use-queue-pages';
import { useRowLeads, useRowPreviews } from './use-row-leads';

export interface InboxViewProps {
  messenger: Messenger;
  /** The tab a row's profile opens in (null: none known). */
  tabId: number | null;
  /** The outbox as the background last pushed it (every queued change, wherever it was made). */
  outbox: readonly OutboxItemView[];
  now: () => number;
  onOpenOptions: () => void;
}

type Patch = NonNullable<ReturnType<typeof actionPatch>>;
type ToastState = { id: number; text: string; undo?: () => void };

function minutesAgo(at: number, now: number): number {
  return Math.max(0, Math.round((now - at) / 60_000));
}

export function InboxView({ messenger, tabId, outbox, now, onOpenOptions }: InboxViewProps) {
  const [view, setView] = useState<QueueViewId>('waiting');
  const [identityId, setIdentityId] = useState('');
  const [campaignId, setCampaignId] = useState('');
  const [untouchedDays, setUntouchedDays] = useState(DEFAULT_UNTOUCHED_DAYS);
  const [choices, setChoices] = useState<InboxChoicesView | null>(null);
  /** Changes made here, before the outbox reports them (optimistic), by conversation. */
  const [local, setLocal] = useState<ReadonlyMap<string, Patch>>(new Map());
  const [focusId, setFocusId] = useState<string | null>(null);
  const [openedId, setOpenedId] = useState<string | null>(null);
  /** The conversation whose reply box is open under its row. */
  const [replyId, setReplyId] = useState<string | null>(null);
  /** What the composer sent from here, by conversation: the row shows it once it left the outbox. */
  const [sent, setSent] = useState<ReadonlyMap<string, string>>(new Map());
  const [toast, setToast] = useState<ToastState | null>(null);
  const [help, setHelp] = useState(false);
  const undoRef = useRef<(() => void) | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pickerRef = useRef<HTMLSelectElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const query = useMemo(
    () => ({
      view,
      ...(identityId ? { identityId } : {}),
      ...(campaignId ? { campaignId } : {}),
      ...(view === 'untouched' ? { untouchedDays } : {}),
    }),
    [view, identityId, campaignId, untouchedDays],
  );

  const { list, error, cachedAt, at, load, loadMore, sentinel, screen, leave, applyLive, applyFresh } = useQueuePages(messenger, query, now, {
    onFirstPage() {
      setLocal(new Map());
      setFocusId(null);
    },
    onMoreFailed: () => setToast({ id: Date.now(), text: t('inboxMoreFailed') }),
    // The list starts below the summary line.
    onScreen: () => (summaryRef.current ? rowsOnScreen(window.innerHeight, summaryRef.current.getBoundingClientRect().bottom) : 0),
  });


  // What the outbox holds (pending or on the wire) wins over the fetched row; a failed change is undone.
  const patches = useMemo(() => {
    const merged = new Map(local);
    for (const item of outbox) {
      if (!item.conversationId) continue;
      if (item.state === 'failed') {
        merged.delete(item.conversationId);
        continue;
      }
      const patch = actionPatch(item.kind, item.snoozeUntil, item.reply?.holdUntil);
      if (patch) merged.set(item.conversationId, patch);
    }
    return merged;
  }, [local, outbox]);

  // Live replies (issue 36): a relayed event turns its row at once; a new reply joins the waiting view.
  const livePreviews = useLiveRows((row) =>
    applyLive(row, view === 'waiting' && !campaignId && (!identityId || identityId === row.identityId) && inView('waiting', row, 0)),
  );
  // The first page again at most once a minute while shown, relay or not: status and note travel in no
  // webhook (issue 41). A row that left the view elsewhere goes; the one being answered stays.
  const replying = useRef(replyId);
  replying.current = replyId;
  useRevalidate(() =>
    messenger.send('inbox-revalidate', query).then((reply) => {
      if (reply.ok && reply.value) applyFresh(reply.value, (row) => row.conversationId === replying.current);
    }),
  );
  const leads = useRowLeads(messenger, listRef, list.rows, screen);
  const fetchedPreviews = useRowPreviews(messenger, listRef, list.rows, screen);
  const previews = useMemo(
    () => withSentPreviews(new Map([...fetchedPreviews, ...livePreviews]), patches, outbox, sent),
    [fetchedPreviews, livePreviews, patches, outbox, sent],
  );
  // The pickers' lists once the rows on screen are named (or a picker is touched): they never take a
  // connection from the rows or their look-ups.
  const choicesAsked = useRef(false);
  const askChoices = useCallback(() => {
    if (choicesAsked.current) return;
    choicesAsked.current = true;
    void messenger.send('inbox-choices', {}).then((reply) => {
      if (reply.ok) setChoices(reply.value);
      else choicesAsked.current = false;
    });
  }, [messenger]);
  useEffect(() => {
    if (list.phase === 'ready' && (leads.size > 0 || list.rows.every((r) => r.leadKnown))) askChoices();
  }, [list.phase, list.rows, leads, askChoices]);
  const bound = untouchedBound(at, untouchedDays);
  const rows = useMemo(
    () =>
      list.rows
        .map((r) => {
          const lead = leads.get(r.leadId);
          const named = lead ? { name: lead.name, company: lead.company, profileUrl: lead.profileUrl, leadKnown: true } : {};
          return { ...r, ...named, ...patches.get(r.conversationId) };
        })
        // A row a reply turned stays, no longer waiting, while its composer is open (the count drops it);
        // it leaves when the user moves on, as an archived row does (issue 41).
        .filter((r) => inView(view, r, bound) || r.conversationId === replyId),
    [list.rows, leads, patches, view, bound, replyId],
  );
  const focusIndex = useRowFocus(listRef, rows, focusId, setFocusId, list.phase === 'ready');
  // The header's count follows what e, s and Undo did here, as the toolbar's does.
  const total = useMemo(() => totalInView(list.total, list.rows, (r) => ({ ...r, ...patches.get(r.conversationId) }), view, bound), [list.total, list.rows, patches, view, bound]);

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

  const { focusNote, openReply, below } = useRowBoxes({
    messenger,
    outbox,
    now,
    rows,
    focusIndex,
    focusRow,
    setFocusId,
    toast: (text) => setToast({ id: Date.now(), text }),
    replyId,
    setReplyId,
    // Kept once the reply has left the outbox (sent), dropped when it was taken back.
    replied: (row, queued, text) => {
      setSent((m) => {
        const next = new Map(m);
        if (queued && text !== undefined) next.set(row.conversationId, text);
        else next.delete(row.conversationId);
        return next;
      });
      setLocal((m) => (queued ? new Map(m).set(row.conversationId, actionPatch('reply', undefined, now())!) : new Map([...m].filter(([id]) => id !== row.conversationId))));
    },
  });

  useQueueKeys((command: QueueCommand, target: HTMLElement) => {
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
        focusNote(row);
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
        // `/` then Esc: back to the rows (the focus stayed in the picker).
        if (!help && target === pickerRef.current) focusRow(Math.max(0, focusIndex));
        else if (!help) return false;
        setHelp(false);
        break;
      case 'reply':
        if (!row) return false;
        openReply(row);
        break;
      case 'send-reply':
      case 'close-reply':
        return false;
    }
    return true;
  });

  // The first row takes the focus when a view shows (keyboard first), unless the user is elsewhere.
  useEffect(() => {
    if (list.phase !== 'ready' || focusId !== null) return;
    const first = rows[0];
    if (!first) return;
    setFocusId(first.conversationId);
  }, [list.phase, rows, focusId]);

  const closeToast = useCallback(() => setToast(null), []);
  // Other filters: the rows on screen leave it now, before the new view renders and asks for its page.
  const leaving =
    <T,>(current: T, set: (value: T) => void) =>
    (value: T) => {
      if (value !== current) leave();
      set(value);
    };
  // A toast never covers the box the user is typing in.
  const typingBox = useCallback(() => listRef.current?.querySelector('.inbox-note, .inbox-reply') ?? null, []);

  return (
    <div class="inbox stack">
      <InboxFilters
        view={view}
        identityId={identityId}
        campaignId={campaignId}
        untouchedDays={untouchedDays}
        choices={choices}
        pickerRef={pickerRef}
        onView={leaving(view, setView)}
        onIdentity={leaving(identityId, setIdentityId)}
        onCampaign={leaving(campaignId, setCampaignId)}
        onUntouchedDays={leaving(untouchedDays, setUntouchedDays)}
        onPickerUsed={askChoices}
      />

      <div class="inbox-summary row" ref={summaryRef}>
        <span data-testid="inbox-total" class="muted">
          {total !== null ? tn('inboxTotal', total, total) : ''}
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
      {view === 'unread' ? (
        <p class="muted small" data-testid="unread-hint">
          {t('inboxUnreadHint')}
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
        <InboxList
          rows={rows}
          view={view}
          focusId={focusId}
          openedId={openedId}
          listRef={listRef}
          sentinel={sentinel}
          more={list.nextToken !== null}
          loadingMore={list.phase === 'loading-more'}
          now={now}
          previews={previews}
          below={below}
          onFocus={(row) => setFocusId(row.conversationId)}
          onOpen={open}
          onArchive={(row) => act(row, { kind: 'archive' })}
          onSnooze={(row, until) => act(row, { kind: 'snooze', until })}
          onUnsnooze={(row) => act(row, { kind: 'unsnooze' })}
          onNote={focusNote}
          onLoadMore={() => void loadMore()}
        />
      )}

      {help ? <ShortcutHelp onClose={() => setHelp(false)} /> : null}
      {toast ? (
        <Toast
          key={toast.id}
          onClose={closeToast}
          undo={toast.undo}
          avoid={typingBox}
        >
          {toast.text}
        </Toast>
      ) : null}
    </div>
  );
}
