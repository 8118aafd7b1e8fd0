/**
 * How much room a link's badge has, read from the page's layout (reads only, no write: callers read
 * every room of a batch before any badge changes). The arithmetic is `badgeRoom` (pure, tested as a
 * table); this reads its inputs.
 */
import { BADGE_GAP_PX, badgeSpot, type LineSpan } from './list-links-core';

/** Where a link's row ends: the nearest list item, article or table row (else the link's parent). */
export const ROW_SELECTOR = 'li, article, tr, [role="listitem"], [role="article"]';

/** Ancestors looked at for the edge that bounds a link's badge, at most (a row is near its link). */
const EDGE_DEPTH = 8;
/** Words after the link looked at for its line's text, at most (the line ends within a few). */
const FOLLOWER_TEXTS = 12;

export interface BadgePlace {
  /** Px free after the link's end. */
  room: number;
  /** The link's line runs right to left: its end, and the badge, are on its left. */
  rtl: boolean;
  /** Px from the link's end to the badge, past the text that follows the link closely on its line. */
  shift: number;
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
  let block: Element = row ?? link.parentElement ?? link;
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
    if (bounds) {
      block = el;
      break;
    }
  }
  // Measured left to right: a right-to-left line is mirrored (x -> -x).
  const x = (v: number) => (rtl ? -v : v);
  const followers = lineTexts(document, link, block, last).map((s) => (rtl ? { left: -s.right, right: -s.left } : s));
  const spot = badgeSpot(x(rtl ? last.left : last.right), followers, edges.map(x), BADGE_GAP_PX);
  return { rtl, ...spot };
}

/**
 * The boxes of the text after the link, within its row, on the link's last line (`line`): the words
 * a badge beside the link would cover. Stops at the first text below the line. A visually hidden
 * copy (a box of 1px, for screen readers) is not seen, so it is not counted.
 */
function lineTexts(document: Document, link: Element, block: Element, line: DOMRect): LineSpan[] {
  const spans: LineSpan[] = [];
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  walker.currentNode = link;
  const range = document.createRange();
  for (let seen = 0, node = walker.nextNode(); node && seen < FOLLOWER_TEXTS; node = walker.nextNode()) {
    if (link.contains(node) || !node.nodeValue?.trim()) continue;
    seen++;
    const box = node.parentElement?.getBoundingClientRect();
    if (box && (box.width <= 1 || box.height <= 1)) continue;
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width === 0) continue;
      if (rect.top >= line.bottom - 1) return spans;
      if (rect.bottom > line.top + 1) spans.push({ left: rect.left, right: rect.right });
    }
  }
  return spans;
}
