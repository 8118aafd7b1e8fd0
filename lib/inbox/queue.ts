/**
 * The inbox queue's rules (issue 12), pure: which filters each saved view sends to
 * `GET /conversations/search`, whether a conversation belongs to a view (the optimistic update after
 * an action), the paging state machine, and the keyboard map of the queue.
 */
import type { ConversationSearchFilters, ConversationStatus } from '../api/schemas';
import { QUEUE_PAGE_SIZE, type QueueViewId } from './queue-shape';

export { QUEUE_PAGE_SIZE, QUEUE_VIEWS, type QueueViewId } from './queue-shape';

export const DEFAULT_UNTOUCHED_DAYS = 7;
/** The height a row takes in the list, gap included (a two-line row; the focused one is taller). */
export const QUEUE_ROW_PITCH_PX = 84;

/**
 * How many rows of a first page fit between the list's top and the bottom of the viewport: the
 * rows whose leads are looked up as soon as the page arrives (at least one, at most a page).
 */
export function rowsOnScreen(viewportHeight: number, listTop: number): number {
  if (!Number.isFinite(viewportHeight) || !Number.isFinite(listTop)) return 0;
  return Math.min(QUEUE_PAGE_SIZE, Math.max(1, Math.ceil((viewportHeight - Math.max(0, listTop)) / QUEUE_ROW_PITCH_PX)));
}
const DAY_MS = 86_400_000;

export interface QueueQuery {
  view: QueueViewId;
  identityId?: string | null;
  campaignId?: string | null;
  /** Untouched: OPEN with no message for this many days. */
  untouchedDays?: number;
}

/**
 * The untouched view's bound, rounded down to the minute so that a reopened view within the same
 * minute asks the same question (and hits the cache); kept with the list so later pages repeat it.
 */
export function untouchedBound(now: number, days = DEFAULT_UNTOUCHED_DAYS): number {
  return Math.floor((now - days * DAY_MS) / 60_000) * 60_000;
}

/**
 * The filters of a view (without the cursor). A campaign names its own identity and audience, and
 * the service ignores `campaignIds` next to `identityIds`: with a campaign chosen, the identity is
 * not sent (the campaign's sender is the identity).
 */
export function queueFilters(q: QueueQuery, now: number): ConversationSearchFilters {
  const narrow: ConversationSearchFilters = q.campaignId
    ? { campaignIds: [q.campaignId] }
    : q.identityId
      ? { identityIds: [q.identityId] }
      : {};
  const page = { ...narrow, limit: QUEUE_PAGE_SIZE };
  switch (q.view) {
    case 'waiting':
      return { ...page, status: ['OPEN'], lastMessageStatus: ['RECEIVED'], leadReplied: true, sortField: 'lastMessageAt', sortDirection: -1 };
    case 'snoozed':
      return { ...page, status: ['SNOOZED'], sortField: 'snoozeUntil', sortDirection: 1 };
    case 'untouched':
      return { ...page, status: ['OPEN'], lastMessageAtTo: untouchedBound(now, q.untouchedDays), sortField: 'lastMessageAt', sortDirection: -1 };
    case 'unread':
      return { ...page, read: false, sortField: 'lastMessageAt', sortDirection: -1 };
  }
}

/** A stable key of a query's filters (the page cache's key). */
export function queueKey(q: QueueQuery, now: number): string {
  return JSON.stringify(queueFilters(q, now));
}

/** What a view looks at in a conversation. */
export interface QueueFacts {
  status: ConversationStatus;
  lastMessageStatus: string | null;
  leadReplied: boolean;
  lastMessageAt: number | null;
  read: boolean;
}

/** Whether a conversation belongs to a view (`bound`: the untouched view's lastMessageAtTo). */
export function inView(view: QueueViewId, c: QueueFacts, bound: number): boolean {
  switch (view) {
    case 'waiting':
      return c.status === 'OPEN' && c.lastMessageStatus === 'RECEIVED' && c.leadReplied;
    case 'snoozed':
      return c.status === 'SNOOZED';
    case 'untouched':
      return c.status === 'OPEN' && c.lastMessageAt !== null && c.lastMessageAt <= bound;
    case 'unread':
      return !c.read;
  }
}

/**
 * The view's count with the changes made here folded in: the service's total (exact when its page
 * was fetched), less the fetched rows a change took out of the view, plus those it brought in.
 */
export function totalInView<R extends QueueFacts>(total: number | null, rows: readonly R[], patched: (row: R) => QueueFacts, view: QueueViewId, bound: number): number | null {
  if (total === null) return null;
  let delta = 0;
  for (const row of rows) delta += Number(inView(view, patched(row), bound)) - Number(inView(view, row, bound));
  return Math.max(0, total + delta);
}

// ---- Paging ----------------------------------------------------------------------------------

export interface PageResult<Row> {
  rows: Row[];
  /** Exact on the first page. */
  total: number | null;
  nextToken: string | null;
  /** The service refused the cursor: this is page one again. */
  restarted?: boolean;
}

export type PagingPhase = 'empty' | 'loading' | 'ready' | 'loading-more' | 'failed';

export interface PagingState<Row> {
  phase: PagingPhase;
  rows: Row[];
  total: number | null;
  nextToken: string | null;
  /** The list restarted from page one because the service refused the cursor. */
  restarted: boolean;
  /** Bumped by each `open`: answers to an older request are dropped. */
  generation: number;
}

export type PagingEvent<Row> =
  | { type: 'open' }
  | { type: 'more' }
  | { type: 'page'; generation: number; first: boolean; result: PageResult<Row> }
  | { type: 'failed'; generation: number }
  /** A relayed event changed a row (issue 36): replaced where shown, else on top when it now `belongs` to the view. */
  | { type: 'live'; row: Row; same: (a: Row, b: Row) => boolean; belongs: boolean }
  /**
   * The first page read again (issue 41): its rows shown in its order; a row shown before that sorted
   * among them and is missing has left the view (archived, snoozed, answered elsewhere) unless `keep`
   * holds it; the rows after them (later pages) stay.
   */
  | { type: 'fresh'; result: PageResult<Row>; key: (row: Row) => string; keep: (row: Row) => boolean };

export function initialPaging<Row>(): PagingState<Row> {
  return { phase: 'empty', rows: [], total: null, nextToken: null, restarted: false, generation: 0 };
}

/** Whether `Load more` (or scrolling to the end) should ask for the next page. */
export function canLoadMore(s: PagingState<unknown>): boolean {
  return s.phase === 'ready' && s.nextToken !== null;
}

export function paging<Row>(s: PagingState<Row>, e: PagingEvent<Row>): PagingState<Row> {
  switch (e.type) {
    case 'open':
      return { ...initialPaging<Row>(), phase: 'loading', generation: s.generation + 1 };
    case 'more':
      return canLoadMore(s) ? { ...s, phase: 'loading-more', restarted: false } : s;
    case 'failed':
      if (e.generation !== s.generation) return s;
      // A failed next page keeps what is shown; a failed first page shows the failure.
      return { ...s, phase: s.phase === 'loading-more' ? 'ready' : 'failed' };
    case 'live': {
      if (s.phase !== 'ready' && s.phase !== 'loading-more') return s;
      const i = s.rows.findIndex((r) => e.same(r, e.row));
      if (i >= 0) return { ...s, rows: s.rows.map((r, j) => (j === i ? e.row : r)) };
      if (!e.belongs) return s;
      return { ...s, rows: [e.row, ...s.rows], total: s.total === null ? null : s.total + 1 };
    }
    case 'fresh':
      if (s.phase !== 'ready' && s.phase !== 'loading-more') return s;
      return { ...s, ...freshFirstPage(s.rows, e.result, e.key, e.keep) };
    case 'page': {
      if (e.generation !== s.generation) return s;
      const { result } = e;
      if (e.first || result.restarted) {
        return { ...s, phase: 'ready', rows: result.rows, total: result.total, nextToken: result.nextToken, restarted: Boolean(result.restarted) && !e.first };
      }
      if (s.phase !== 'loading-more') return s;
      return { ...s, phase: 'ready', rows: [...s.rows, ...result.rows], nextToken: result.nextToken };
    }
  }
}

/** The rows after the first page read again: see the `fresh` event. */
export function freshFirstPage<Row>(shown: readonly Row[], fresh: PageResult<Row>, key: (row: Row) => string, keep: (row: Row) => boolean): { rows: Row[]; total: number | null } {
  const inFresh = new Set(fresh.rows.map(key));
  // The last shown row the fresh page still has: the shown rows up to it were within its range.
  let reach = -1;
  shown.forEach((row, i) => {
    if (inFresh.has(key(row))) reach = i;
  });
  // A whole first page (no next one) covers every row shown.
  if (fresh.nextToken === null) reach = shown.length - 1;
  const rows = [...fresh.rows];
  let held = 0;
  let after = -1;
  shown.forEach((row, i) => {
    const k = key(row);
    if (inFresh.has(k)) after = rows.findIndex((r) => key(r) === k);
    else if (i > reach) rows.push(row);
    else if (keep(row)) {
      // Held where it was: after the row it followed.
      rows.splice((after += 1), 0, row);
      held += 1;
    }
  });
  return { rows, total: fresh.total === null ? null : fresh.total + held };
}

// ---- Keyboard --------------------------------------------------------------------------------

export type QueueCommand =
  | 'next'
  | 'previous'
  | 'open'
  | 'archive'
  | 'snooze'
  | 'note'
  | 'undo'
  | 'pick-view'
  | 'help'
  | 'close-help'
  | 'reply'
  /** Heard by the reply box itself (listed in the help, never answered by `queueCommand`). */
  | 'send-reply'
  | 'close-reply';

export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The key was pressed in a text field (a field keeps its letters). */
  inField?: boolean;
}

const KEYMAP: Readonly<Record<string, QueueCommand>> = {
  ArrowDown: 'next',
  j: 'next',
  ArrowUp: 'previous',
  k: 'previous',
  Enter: 'open',
  e: 'archive',
  s: 'snooze',
  n: 'note',
  z: 'undo',
  r: 'reply',
  R: 'reply',
  '/': 'pick-view',
  '?': 'help',
  Escape: 'close-help',
};

/** The listed shortcuts, in the order the `?` overlay shows them. */
export const QUEUE_SHORTCUTS: readonly { keys: string; command: QueueCommand }[] = [
  { keys: '↑ / k', command: 'previous' },
  { keys: '↓ / j', command: 'next' },
  { keys: 'Enter', command: 'open' },
  { keys: 'e', command: 'archive' },
  { keys: 's', command: 'snooze' },
  { keys: 'n', command: 'note' },
  { keys: 'z', command: 'undo' },
  { keys: 'r', command: 'reply' },
  { keys: 'Ctrl/⌘ + Enter', command: 'send-reply' },
  { keys: 'Esc', command: 'close-reply' },
  { keys: '/', command: 'pick-view' },
  { keys: '?', command: 'help' },
];

/** The queue command of a key press, or null (modifier chords and typing in a field are left alone). */
export function queueCommand(input: KeyInput): QueueCommand | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  if (input.inField) return input.key === 'Escape' ? 'close-help' : null;
  return KEYMAP[input.key] ?? null;
}

/** The row index after moving (clamped; -1 when the list is empty). */
export function moveFocus(index: number, count: number, command: 'next' | 'previous'): number {
  if (count === 0) return -1;
  const next = command === 'next' ? index + 1 : index - 1;
  return Math.min(count - 1, Math.max(0, next));
}

/** The row that takes the focus when row `index` leaves a list of `count` rows: the next, else the previous. */
export function focusAfterRemoval(index: number, count: number): number {
  const left = count - 1;
  if (left <= 0) return -1;
  return Math.min(index, left - 1);
}

// ---- Actions -----------------------------------------------------------------------------------

export type QueueAction = { kind: 'archive' | 'unarchive' | 'unsnooze' } | { kind: 'snooze'; until: number };

/** What a queued action makes of a conversation as the views see it. */
export type ActionPatch = { status: ConversationStatus; snoozeUntil: number | null } | { lastMessageStatus: 'SENT'; lastMessageAt?: number };

/**
 * What a queued action makes of a conversation (null: the action does not change it). A reply makes
 * the last message yours: the conversation no longer waits for you (issue 34: the row, the count and
 * the toolbar kept "waiting" until a reload).
 */
export function actionPatch(kind: string, until?: number, sentAt?: number): ActionPatch | null {
  switch (kind) {
    case 'reply':
      // Whose turn counts from the reply, not from the lead's message it answered (issue 41).
      return sentAt === undefined ? { lastMessageStatus: 'SENT' } : { lastMessageStatus: 'SENT', lastMessageAt: sentAt };
    case 'archive':
      return { status: 'ARCHIVED', snoozeUntil: null };
    case 'unarchive':
    case 'unsnooze':
      return { status: 'OPEN', snoozeUntil: null };
    case 'snooze':
      return until === undefined ? null : { status: 'SNOOZED', snoozeUntil: until };
    default:
      return null;
  }
}

/** The action that puts a conversation back the way it was before `done`: snoozed to its old date, archived, or open. */
export function undoAction(before: { status: ConversationStatus; snoozeUntil: number | null }, done: QueueAction, now: number): QueueAction {
  if (done.kind === 'archive') return before.status === 'SNOOZED' && before.snoozeUntil !== null && before.snoozeUntil > now ? { kind: 'snooze', until: before.snoozeUntil } : { kind: 'unarchive' };
  if (before.status === 'SNOOZED' && before.snoozeUntil !== null && before.snoozeUntil > now) return { kind: 'snooze', until: before.snoozeUntil };
  if (before.status === 'ARCHIVED') return { kind: 'archive' };
  return before.status === 'OPEN' && done.kind === 'snooze' ? { kind: 'unsnooze' } : { kind: 'unarchive' };
}
