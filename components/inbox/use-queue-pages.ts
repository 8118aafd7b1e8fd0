/** The queue's pages: the first page of a query, the next ones by `nextToken` (Load more, or scrolled to the end). */
import { useCallback, useEffect, useReducer, useRef, useState } from 'preact/hooks';
import { canLoadMore, initialPaging, paging, type PageResult, type PagingEvent, type PagingState } from '../../lib/inbox/queue';
import type { Messenger, PayloadOf } from '../../lib/messages';
import type { ErrorView, InboxRowView } from '../../lib/views';

export type QueueRequest = Omit<PayloadOf<'inbox-page'>, 'cursor' | 'at' | 'reload' | 'screen'>;

export interface QueuePagesEvents {
  /** A first page arrived (a new view, a reload): what was made of the previous one goes. */
  onFirstPage(): void;
  /** A later page failed (the rows shown stay). */
  onMoreFailed(): void;
  /** How many rows of a first page will be on screen (their leads are looked up with the page). */
  onScreen(): number;
}

export function useQueuePages(messenger: Messenger, query: QueueRequest, now: () => number, events: QueuePagesEvents) {
  const [list, dispatch] = useReducer<PagingState<InboxRowView>, PagingEvent<InboxRowView>>(paging, initialPaging<InboxRowView>());
  const [error, setError] = useState<ErrorView | null>(null);
  const [cachedAt, setCachedAt] = useState<number | null>(null);
  const [at, setAt] = useState<number>(() => now());
  const generation = useRef(0);
  /**
   * The screen the rows are shown on, new with each first page: the look-ups and previews of its
   * rows belong to it, and are dropped when it is left (another view, a reload, the queue closed).
   */
  const [screen, setScreen] = useState('');
  const screenRef = useRef('');
  const self = useRef(Math.random().toString(36).slice(2));
  /** The rows shown are leaving the screen (called as soon as the user changes the view, before it renders). */
  const leave = useCallback(() => {
    if (screenRef.current === '') return;
    void messenger.send('inbox-leave', { screen: screenRef.current });
    screenRef.current = '';
  }, [messenger]);
  useEffect(() => leave, [leave]);
  const on = useRef(events);
  on.current = events;

  const load = useCallback(
    async (reload = false) => {
      dispatch({ type: 'open' });
      const gen = (generation.current += 1);
      // Sent before the new page: the previous rows' calls still queued never go before its search.
      leave();
      screenRef.current = `${self.current}-${gen}`;
      setScreen(screenRef.current);
      setError(null);
      const lookUp = on.current.onScreen();
      const reply = await messenger.send('inbox-page', { ...query, screen: screenRef.current, ...(reload ? { reload } : {}), ...(lookUp > 0 ? { lookUp } : {}) });
      if (gen !== generation.current) return;
      if (!reply.ok) {
        setError(reply.error);
        dispatch({ type: 'failed', generation: gen });
        return;
      }
      setAt(reply.value.at);
      setCachedAt(reply.value.cachedAt);
      on.current.onFirstPage();
      dispatch({ type: 'page', generation: gen, first: true, result: reply.value });
    },
    [messenger, query, leave],
  );

  useEffect(() => void load(), [load]);

  async function loadMore() {
    if (!canLoadMore(list) || list.nextToken === null) return;
    dispatch({ type: 'more' });
    const gen = generation.current;
    const reply = await messenger.send('inbox-page', { ...query, cursor: list.nextToken, at, ...(screenRef.current ? { screen: screenRef.current } : {}) });
    if (!reply.ok) {
      dispatch({ type: 'failed', generation: gen });
      on.current.onMoreFailed();
      return;
    }
    if (reply.value.restarted) setAt(reply.value.at);
    dispatch({ type: 'page', generation: gen, first: false, result: reply.value });
  }

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

  /** A row a relayed event changed (issue 36). */
  const applyLive = useCallback((row: InboxRowView, belongs: boolean) => dispatch({ type: 'live', row, belongs, same: (a, b) => a.conversationId === b.conversationId }), []);

  /** The first page read again (issue 41): rows that left the view elsewhere go, unless `keep` holds them. */
  const applyFresh = useCallback(
    (result: PageResult<InboxRowView>, keep: (row: InboxRowView) => boolean) => dispatch({ type: 'fresh', result, key: (r) => r.conversationId, keep }),
    [],
  );

  return { list, error, cachedAt, at, load, loadMore, sentinel, screen, leave, applyLive, applyFresh };
}
