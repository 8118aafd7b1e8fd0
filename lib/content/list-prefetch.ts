/**
 * Prefetch of the profile the pointer rests on (~100 ms, `PREFETCH_HOVER_MS`) or presses: the
 * background resolves it at list priority, so that following the link shows its status from cache
 * (issue 11). Each profile once a page (`ListCore.prefetch`); the setting is read by `enabled`.
 */
import { listedProfile, PREFETCH_HOVER_MS, type ListCore } from './list-links-core';
import type { ContentContext } from './profile-page';

export interface ListPrefetchDeps {
  window: Window & typeof globalThis;
  ctx: ContentContext;
  core: Pick<ListCore, 'prefetch'>;
  /** The profile hosts the settings add (beside the built-in ones). */
  hosts(): readonly string[];
  /** The "prefetch on hover" setting. */
  enabled(): boolean;
  /** Asks the background to resolve `url` (a canonical profile URL). */
  prefetch(url: string): void;
}

export function startListPrefetch(deps: ListPrefetchDeps): void {
  const { window, ctx } = deps;
  const document = window.document;
  let hover: { link: Element; timer: number } | null = null;
  const prefetch = (link: Element | null | undefined) => {
    // A timer of a content script the extension has since replaced (an update, a reload) does nothing.
    if (ctx.isInvalid || !deps.enabled() || !link) return;
    const profile = listedProfile(link.getAttribute('href'), window.location.href, deps.hosts());
    if (profile !== null && deps.core.prefetch(profile)) deps.prefetch(profile);
  };
  const linkOf = (target: EventTarget | null) => (target instanceof window.Element ? target.closest('a[href]') : null);
  const onOver = (event: Event) => {
    const link = linkOf(event.target);
    if (link === hover?.link) return;
    if (hover) window.clearTimeout(hover.timer);
    hover = link ? { link, timer: ctx.setTimeout(() => prefetch(link), PREFETCH_HOVER_MS) } : null;
  };
  const onOut = (event: Event) => {
    const to = linkOf((event as MouseEvent).relatedTarget);
    if (hover && to !== hover.link) {
      window.clearTimeout(hover.timer);
      hover = null;
    }
  };
  const onDown = (event: Event) => prefetch(linkOf(event.target));
  document.addEventListener('pointerover', onOver, { passive: true });
  document.addEventListener('pointerout', onOut, { passive: true });
  document.addEventListener('pointerdown', onDown, { passive: true, capture: true });
  ctx.onInvalidated(() => {
    if (hover) window.clearTimeout(hover.timer);
    hover = null;
    document.removeEventListener('pointerover', onOver);
    document.removeEventListener('pointerout', onOut);
    document.removeEventListener('pointerdown', onDown, { capture: true });
  });
}
