/** The rows' leads, looked up for the rows on screen only (an IntersectionObserver), in batches of a page. */
import type { RefObject } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { QUEUE_PAGE_SIZE } from '../../lib/inbox/queue';
import type { Messenger } from '../../lib/messages';
import type { InboxLeadView } from '../../lib/views';

/** `rows` changes whenever the list may hold new unnamed rows (`li[data-needs-lead]` under `listRef`). */
export function useRowLeads(messenger: Messenger, listRef: RefObject<HTMLUListElement | null>, rows: unknown): ReadonlyMap<string, InboxLeadView> {
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
    // Again once names arrive: a row whose look-up failed is asked for again while on screen.
  }, [rows, leads, askLeads, listRef]);

  return leads;
}
