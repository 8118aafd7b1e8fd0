/**
 * The user points at a link (the pointer over it, or the keyboard's focus on it): the list finder
 * then lists the row's secondary people it holds back (mutual connections, reposters, commenters),
 * whom nobody asked about until now (issue 33: a results page of 10 costs 10 look-ups, not 25).
 */
import type { ContentContext } from './profile-page';

export function onPointedLink(window: Window & typeof globalThis, ctx: ContentContext, pointed: (link: Element) => void): void {
  const document = window.document;
  const handle = (event: Event) => {
    const link = event.target instanceof window.Element ? event.target.closest('a[href]') : null;
    if (link) pointed(link);
  };
  document.addEventListener('pointerover', handle, { passive: true });
  document.addEventListener('focusin', handle, { passive: true });
  ctx.onInvalidated(() => {
    document.removeEventListener('pointerover', handle);
    document.removeEventListener('focusin', handle);
  });
}
