/**
 * How far ahead of the screen a list is read (`list-slices.ts`'s `ahead`): two screens above and below
 * it, watched by an IntersectionObserver, so that nothing is laid out or measured by the reader. A
 * link waiting here is read once the user scrolls within reach of it, or past it (a jump to the end:
 * the rows passed are read on the way, in page order, as they were before this reach existed).
 */
import type { ReadAhead } from './list-slices';

/** Reach of the reading around the screen, in screens' heights (the observer's root margin). */
export const READ_AHEAD_MARGIN = '200% 0px';
/**
 * A scroll that jumps past a waiting link crosses no edge the observer reports (below the reach, then
 * above it): after a scroll settles, the links waiting are looked at again (observed anew, which
 * reports where they are, without laying out the page).
 */
export const SCROLL_SETTLE_MS = 200;

export function readAheadOf(window: Window & typeof globalThis): ReadAhead & { close(): void } {
  const waiting = new Map<Element, () => void>();
  const observer = new window.IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const reach = entry.rootBounds;
        const passed = reach === null || entry.boundingClientRect.bottom < reach.top;
        const near = entry.isIntersecting || passed ? waiting.get(entry.target) : undefined;
        if (!near) continue;
        waiting.delete(entry.target);
        observer.unobserve(entry.target);
        near();
      }
    },
    { rootMargin: READ_AHEAD_MARGIN },
  );
  let settle: number | undefined;
  const lookAgain = () => {
    settle = undefined;
    for (const link of waiting.keys()) {
      observer.unobserve(link);
      observer.observe(link);
    }
  };
  const onScroll = () => {
    if (waiting.size === 0) return;
    window.clearTimeout(settle);
    settle = window.setTimeout(lookAgain, SCROLL_SETTLE_MS);
  };
  // Capture: a list that scrolls inside its own box sends its scroll events to no one above it.
  window.addEventListener('scroll', onScroll, { capture: true, passive: true });
  return {
    watch(link, near) {
      waiting.set(link, near);
      observer.observe(link);
    },
    clear() {
      waiting.clear();
      observer.disconnect();
      window.clearTimeout(settle);
    },
    /** For good: the script's context is gone. */
    close() {
      this.clear();
      window.removeEventListener('scroll', onScroll, { capture: true });
    },
  };
}
