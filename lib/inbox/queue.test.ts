import { describe, expect, it } from 'vitest';
import {
  rowsOnScreen,
  actionPatch,
  undoAction,
  focusAfterRemoval,
  inView,
  totalInView,
  initialPaging,
  moveFocus,
  paging,
  queueCommand,
  queueFilters,
  QUEUE_PAGE_SIZE,
  untouchedBound,
  type PagingState,
} from './queue';

const NOW = Date.UTC(2026, 10, 23, 9, 30, 15);
const DAY = 86_400_000;

describe('queueFilters: the filters each view sends', () => {
  const limit = QUEUE_PAGE_SIZE;
  it.each([
    ['waiting', { status: ['OPEN'], lastMessageStatus: ['RECEIVED'], leadReplied: true, sortField: 'lastMessageAt', sortDirection: -1, limit }],
    ['snoozed', { status: ['SNOOZED'], sortField: 'snoozeUntil', sortDirection: 1, limit }],
    ['untouched', { status: ['OPEN'], lastMessageAtTo: Date.UTC(2026, 10, 16, 9, 30), sortField: 'lastMessageAt', sortDirection: -1, limit }],
    ['unread', { read: false, sortField: 'lastMessageAt', sortDirection: -1, limit }],
  ] as const)('%s', (view, filters) => {
    expect(queueFilters({ view }, NOW)).toEqual(filters);
  });

  it('untouched takes the chosen number of days, rounded down to the minute', () => {
    expect(queueFilters({ view: 'untouched', untouchedDays: 30 }, NOW).lastMessageAtTo).toBe(untouchedBound(NOW, 30));
    expect(untouchedBound(NOW, 30)).toBe(Date.UTC(2026, 9, 24, 9, 30));
  });

  it('narrows to one identity, or to one campaign (whose identity is then implied)', () => {
    expect(queueFilters({ view: 'waiting', identityId: 'idt_1' }, NOW)).toMatchObject({ identityIds: ['idt_1'] });
    const both = queueFilters({ view: 'waiting', identityId: 'idt_1', campaignId: 'c1' }, NOW);
    expect(both).toMatchObject({ campaignIds: ['c1'] });
    expect(both).not.toHaveProperty('identityIds');
  });
});

describe('inView', () => {
  const open = { status: 'OPEN', lastMessageStatus: 'RECEIVED', leadReplied: true, lastMessageAt: NOW - 10 * DAY, read: false } as const;
  const bound = untouchedBound(NOW);
  it('follows each view', () => {
    expect(inView('waiting', open, bound)).toBe(true);
    expect(inView('waiting', { ...open, status: 'ARCHIVED' }, bound)).toBe(false);
    expect(inView('waiting', { ...open, lastMessageStatus: 'SENT' }, bound)).toBe(false);
    expect(inView('snoozed', { ...open, status: 'SNOOZED' }, bound)).toBe(true);
    expect(inView('untouched', open, bound)).toBe(true);
    expect(inView('untouched', { ...open, lastMessageAt: NOW - DAY }, bound)).toBe(false);
    expect(inView('unread', { ...open, status: 'ARCHIVED' }, bound)).toBe(true);
    expect(inView('unread', { ...open, read: true }, bound)).toBe(false);
  });
});

describe('paging', () => {
  const page = (rows: string[], nextToken: string | null, total: number | null = null, restarted = false) => ({ rows, nextToken, total, ...(restarted ? { restarted } : {}) });
  const opened = () => paging(initialPaging<string>(), { type: 'open' });

  it('shows the first page with its total, appends later pages, and stops at the end', () => {
    let s: PagingState<string> = opened();
    expect(s.phase).toBe('loading');
    s = paging(s, { type: 'page', generation: s.generation, first: true, result: page(['a', 'b'], 'T1', 3) });
    expect(s).toMatchObject({ phase: 'ready', rows: ['a', 'b'], total: 3, nextToken: 'T1' });
    s = paging(s, { type: 'more' });
    expect(s.phase).toBe('loading-more');
    s = paging(s, { type: 'page', generation: s.generation, first: false, result: page(['c'], null) });
    expect(s).toMatchObject({ phase: 'ready', rows: ['a', 'b', 'c'], total: 3, nextToken: null });
    expect(paging(s, { type: 'more' })).toBe(s);
  });

  it('drops the answer of an older request', () => {
    const first = opened();
    const again = paging(first, { type: 'open' });
    expect(paging(again, { type: 'page', generation: first.generation, first: true, result: page(['x'], null, 1) })).toBe(again);
  });

  it('restarts from page one when the service refused the cursor, and says so', () => {
    let s = opened();
    s = paging(s, { type: 'page', generation: s.generation, first: true, result: page(['a', 'b'], 'T1', 4) });
    s = paging(paging(s, { type: 'more' }), { type: 'page', generation: s.generation, first: false, result: page(['a', 'b'], 'T9', 4, true) });
    expect(s).toMatchObject({ phase: 'ready', rows: ['a', 'b'], total: 4, nextToken: 'T9', restarted: true });
  });

  it('keeps the rows when a next page fails, and shows a failed first page', () => {
    let s = opened();
    expect(paging(s, { type: 'failed', generation: s.generation }).phase).toBe('failed');
    s = paging(s, { type: 'page', generation: s.generation, first: true, result: page(['a'], 'T1', 2) });
    s = paging(paging(s, { type: 'more' }), { type: 'failed', generation: s.generation });
    expect(s).toMatchObject({ phase: 'ready', rows: ['a'], nextToken: 'T1' });
  });

  describe('the first page read again (issue 41)', () => {
    const key = (r: string) => r;
    const none = () => false;
    const shown = (rows: string[], nextToken: string | null, total: number) => {
      const s = opened();
      return paging(s, { type: 'page', generation: s.generation, first: true, result: page(rows, nextToken, total) });
    };

    it('drops a row that left the view elsewhere, keeps the later pages, and takes the new total', () => {
      const s = paging(shown(['a', 'b', 'c', 'd', 'e'], null, 5), { type: 'fresh', result: page(['a', 'c', 'd'], 'T', 4), key, keep: none });
      // 'b' sorted among the fresh rows and is gone; 'e' lies beyond the fresh page's last row.
      expect(s).toMatchObject({ rows: ['a', 'c', 'd', 'e'], total: 4 });
    });

    it('puts a new row in the service’s order', () => {
      expect(paging(shown(['a', 'b'], null, 2), { type: 'fresh', result: page(['n', 'a', 'b'], null, 3), key, keep: none })).toMatchObject({ rows: ['n', 'a', 'b'], total: 3 });
    });

    it('a whole fresh page (no next one) covers every row shown', () => {
      expect(paging(shown(['a', 'b', 'c'], null, 3), { type: 'fresh', result: page(['a'], null, 1), key, keep: none })).toMatchObject({ rows: ['a'], total: 1 });
      expect(paging(shown(['a', 'b'], null, 2), { type: 'fresh', result: page([], null, 0), key, keep: none })).toMatchObject({ rows: [], total: 0 });
    });

    it('holds the row `keep` names (the one being answered), counted as shown', () => {
      expect(paging(shown(['a', 'b', 'c'], null, 3), { type: 'fresh', result: page(['a', 'c'], null, 2), key, keep: (r) => r === 'b' })).toMatchObject({
        rows: ['a', 'b', 'c'],
        total: 3,
      });
    });

    it('is ignored while the list loads', () => {
      const loading = opened();
      expect(paging(loading, { type: 'fresh', result: page(['a'], null, 1), key, keep: none })).toBe(loading);
    });
  });

  it('ignores a next page when none was asked for', () => {
    let s = opened();
    s = paging(s, { type: 'page', generation: s.generation, first: true, result: page(['a'], 'T1', 2) });
    expect(paging(s, { type: 'page', generation: s.generation, first: false, result: page(['b'], null) })).toBe(s);
  });
});

describe('keyboard', () => {
  it.each([
    ['ArrowDown', 'next'], ['j', 'next'], ['ArrowUp', 'previous'], ['k', 'previous'], ['Enter', 'open'], ['e', 'archive'],
    ['s', 'snooze'], ['n', 'note'], ['z', 'undo'], ['/', 'pick-view'], ['?', 'help'], ['Escape', 'close-help'], ['x', null],
  ] as const)('%s → %s', (key, command) => {
    expect(queueCommand({ key })).toBe(command);
  });

  it('leaves chords and typing in a field alone', () => {
    expect(queueCommand({ key: 'e', ctrlKey: true })).toBeNull();
    expect(queueCommand({ key: 'z', metaKey: true })).toBeNull();
    expect(queueCommand({ key: 'e', inField: true })).toBeNull();
    expect(queueCommand({ key: 'Enter', inField: true })).toBeNull();
    expect(queueCommand({ key: 'Escape', inField: true })).toBe('close-help');
  });

  it('moves within bounds and hands the focus on after a removal', () => {
    expect(moveFocus(0, 3, 'next')).toBe(1);
    expect(moveFocus(2, 3, 'next')).toBe(2);
    expect(moveFocus(0, 3, 'previous')).toBe(0);
    expect(moveFocus(0, 0, 'next')).toBe(-1);
    expect(focusAfterRemoval(1, 3)).toBe(1);
    expect(focusAfterRemoval(2, 3)).toBe(1);
    expect(focusAfterRemoval(0, 1)).toBe(-1);
  });
});

describe('actions', () => {
  it('patch the row as the service will', () => {
    expect(actionPatch('archive')).toEqual({ status: 'ARCHIVED', snoozeUntil: null });
    expect(actionPatch('snooze', 5)).toEqual({ status: 'SNOOZED', snoozeUntil: 5 });
    expect(actionPatch('unsnooze')).toEqual({ status: 'OPEN', snoozeUntil: null });
    expect(actionPatch('note')).toBeNull();
  });
  it('a reply makes the last message yours: the conversation leaves the waiting view, nothing else', () => {
    const waiting = { status: 'OPEN', lastMessageStatus: 'RECEIVED', leadReplied: true, lastMessageAt: 1, read: true } as const;
    expect(inView('waiting', { ...waiting, ...actionPatch('reply') }, 0)).toBe(false);
    expect({ ...waiting, ...actionPatch('reply') }.status).toBe('OPEN');
    // Whose turn counts from the reply (issue 41: a replied row read "Waiting for them, 6 days").
    expect(actionPatch('reply', undefined, 9_000)).toEqual({ lastMessageStatus: 'SENT', lastMessageAt: 9_000 });
  });
  it('undo puts the conversation back the way it was', () => {
    const open = { status: 'OPEN', snoozeUntil: null } as const;
    const snoozed = { status: 'SNOOZED', snoozeUntil: NOW + DAY } as const;
    expect(undoAction(open, { kind: 'archive' }, NOW)).toEqual({ kind: 'unarchive' });
    expect(undoAction(open, { kind: 'snooze', until: NOW + 2 * DAY }, NOW)).toEqual({ kind: 'unsnooze' });
    expect(undoAction(snoozed, { kind: 'snooze', until: NOW + 2 * DAY }, NOW)).toEqual({ kind: 'snooze', until: NOW + DAY });
    expect(undoAction(snoozed, { kind: 'archive' }, NOW)).toEqual({ kind: 'snooze', until: NOW + DAY });
  });
});

describe('rowsOnScreen', () => {
  it.each([
    [900, 250, 8],
    [900, 900, 1],
    [4000, 0, 20],
    [600, -50, 8],
    [Number.NaN, 0, 0],
  ])('a %i px viewport with the list at %i px holds %i rows', (height, top, rows) => {
    expect(rowsOnScreen(height, top)).toBe(rows);
  });
});

describe('totalInView: the count after changes made in the queue', () => {
  const bound = NOW;
  const row = (id: string, status: 'OPEN' | 'ARCHIVED' | 'SNOOZED' = 'OPEN') => ({ id, status, lastMessageStatus: 'RECEIVED', leadReplied: true, lastMessageAt: NOW - 1, read: true });
  const rows = [row('a'), row('b'), row('c')];

  it('drops the rows an archive or snooze took out of the view, and counts them again after Undo', () => {
    const patches = new Map([['a', { status: 'ARCHIVED' as const }], ['b', { status: 'SNOOZED' as const }]]);
    expect(totalInView(66, rows, (r) => ({ ...r, ...patches.get(r.id) }), 'waiting', bound)).toBe(64);
    expect(totalInView(66, rows, (r) => r, 'waiting', bound)).toBe(66);
    // The snoozed view gains the one snoozed here.
    expect(totalInView(3, rows, (r) => ({ ...r, ...patches.get(r.id) }), 'snoozed', bound)).toBe(4);
    expect(totalInView(null, rows, (r) => r, 'waiting', bound)).toBeNull();
  });
});
