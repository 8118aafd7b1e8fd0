/**
 * How much room a link's badge has, read from the page's layout (reads only, no write: callers read
 * every room of a batch before any badge changes). The arithmetic is `badgeRoom` (pure, tested as a
 * table); this reads its inputs.
 */
import { BADGE_GAP_PX, badgeRoom } from './list-links-core';

/** Where a link's row ends: the nearest list item, article or table row (else the link's parent). */
export const ROW_SELECTOR = 'li, article, tr, [role="listitem"], [role="article"]';

/** Ancestors looked at for the edge that bounds a link's badge, at most (a row is near its link). */
const EDGE_DEPTH = 8;

export interface BadgePlace {
  /** Px free after the link's end. */
  room: number;
  /** The link's line runs right to left: its end, and the badge, are on its left. */
  rtl: boolean;
}

/**
 * From the end of the link's last line box to the nearest edge on that side that bounds it (its
 * row's content box, else the nearest block's), a clipping ancestor on the way, or the viewport.
 * Null when the link has no box (not rendered).
 */
export function readBadgePlace(window: Window & typeof globalThis, link: Element): BadgePlace | null {
  const lines = link.getClientRects();
  const last = lines[lines.length - 1];
  if (!last) return null;
  // A right-to-left line ends on the left: the badge goes there, and its room is measured leftwards.
  const rtl = window.getComputedStyle(link).direction === 'rtl';
  const document = window.document;
  const row = link.closest(ROW_SELECTOR);
  const edges = [rtl ? 0 : document.documentElement.clientWidth];
  let el = link.parentElement;
  for (let depth = 0; el && el !== document.body && depth < EDGE_DEPTH; depth++, el = el.parentElement) {
    const style = window.getComputedStyle(el);
    const bounds = row ? el === row : !/^(inline|contents)/.test(style.display);
    const clips = style.overflowX !== 'visible';
    if (bounds || clips) {
      // The padding box's inner edge (a scroll bar excluded); a bounding box keeps its padding free.
      const left = el.getBoundingClientRect().left + el.clientLeft;
      if (rtl) edges.push(bounds ? left + (parseFloat(style.paddingLeft) || 0) : left);
      else edges.push(bounds ? left + el.clientWidth - (parseFloat(style.paddingRight) || 0) : left + el.clientWidth);
    }
    if (bounds) break;
  }
  return { rtl, room: badgeRoom(rtl ? last.left : last.right, edges, BADGE_GAP_PX, rtl) };
}
