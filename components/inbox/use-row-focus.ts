import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * The queue's focused row, by conversation: the page's focus follows it, and when it leaves the view
 * (its reply box closed, an archive, a live change) the row now in its place takes it. Its index.
 */
export function useRowFocus(
  listRef: RefObject<HTMLUListElement | null>,
  rows: readonly { conversationId: string }[],
  focusId: string | null,
  setFocusId: (id: string) => void,
  ready: boolean,
): number {
  const focusIndex = rows.findIndex((r) => r.conversationId === focusId);
  const lastIndex = useRef(0);
  if (focusIndex >= 0) lastIndex.current = focusIndex;
  useEffect(() => {
    if (focusId === null || focusIndex >= 0 || rows.length === 0 || !ready) return;
    setFocusId(rows[Math.min(lastIndex.current, rows.length - 1)]!.conversationId);
  }, [focusId, focusIndex, rows, ready, setFocusId]);
  useEffect(() => {
    if (focusId === null || !listRef.current) return;
    const el = listRef.current.querySelector<HTMLElement>(`[data-conversation="${CSS.escape(focusId)}"]`);
    const active = document.activeElement;
    // A field keeps the focus (the note, a picker); anything else hands it to the row.
    const typing = active !== null && ['INPUT', 'SELECT', 'TEXTAREA'].includes(active.tagName);
    if (el && active !== el && !typing && !(active && el.contains(active))) el.focus();
  }, [focusId, rows, listRef]);
  return focusIndex;
}
