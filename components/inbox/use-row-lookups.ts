/** Look-ups for the queue rows on screen only (an IntersectionObserver), in batches of a page, each asked once. */
import type { RefObject } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { QUEUE_PAGE_SIZE } from '../../lib/inbox/queue';
import type { Reply } from '../../lib/messages';

export interface RowLookup<T> {
  /** The rows still to look up: `li[<marker>]` under the list, their id in `data-<idKey>`. */
  marker: string;
  idKey: string;
  fetch(ids: string[], screen: string): Promise<Reply<T[]>>;
  keyOf(found: T): string;
}

/**
 * `rows` changes whenever the list may hold new rows to look up; `screen` (`useQueuePages`) names
 * the screen they are on: a new one asks again for its rows (those of the screen left were dropped).
 */
export function useRowLookups<T>(listRef: RefObject<HTMLUListElement | null>, rows: unknown, screen: string, lookup: RowLookup<T>): ReadonlyMap<string, T> {
  const [found, setFound] = useState<ReadonlyMap<string, T>>(new Map());
  const asked = useRef(new Set<string>());
  const wanted = useRef(new Set<string>());
  const batching = useRef(false);
  const spec = useRef(lookup);
  spec.current = lookup;
  const on = useRef(screen);
  if (on.current !== screen) {
    on.current = screen;
    asked.current = new Set();
    wanted.current = new Set();
  }
  const ask = useCallback((ids: string[]) => {
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
        void spec.current.fetch(batch, on.current).then((reply) => {
          if (!reply.ok) {
            // Asked again when the row is on screen again.
            for (const id of batch) asked.current.delete(id);
            return;
          }
          setFound((m) => {
            const next = new Map(m);
            for (const item of reply.value) next.set(spec.current.keyOf(item), item);
            return next;
          });
        });
      }
    });
  }, []);

  const { marker, idKey } = lookup;
  useEffect(() => {
    const pending = [...(listRef.current?.querySelectorAll<HTMLElement>(`li[${marker}]`) ?? [])];
    if (pending.length === 0) return;
    const idOf = (el: Element) => (el as HTMLElement).dataset[idKey]!;
    if (typeof IntersectionObserver === 'undefined') {
      ask(pending.map(idOf));
      return;
    }
    const observer = new IntersectionObserver((entries) => ask(entries.filter((e) => e.isIntersecting).map((e) => idOf(e.target))));
    for (const el of pending) observer.observe(el);
    return () => observer.disconnect();
    // Again once answers arrive: a row whose look-up failed is asked for again while on screen.
  }, [rows, found, ask, listRef, marker, idKey]);

  return found;
}
