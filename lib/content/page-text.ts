/**
 * The text of a page as a reader hears it: accessible text (what is hidden from assistive technology
 * with `aria-hidden` is a visual duplicate or a decoration), in lines (one line per block of text,
 * inline links and emphasis joined to the sentence they sit in). No class name, no layout: a pure
 * walk over the DOM, bounded so that a huge subtree costs little.
 */

/** Elements whose text is no reading of the page. */
const SILENT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'BUTTON', 'SELECT', 'TEXTAREA', 'OPTION']);
/** Phrasing elements: a text inside one joins the sentence of its parent when that parent holds text of its own. */
const INLINE = new Set(['A', 'SPAN', 'STRONG', 'EM', 'B', 'I', 'U', 'S', 'SMALL', 'MARK', 'ABBR', 'TIME', 'BDI', 'BDO', 'SUB', 'SUP', 'CITE', 'Q', 'LABEL']);

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

function hidden(el: Element): boolean {
  return SILENT.has(el.tagName.toUpperCase()) || el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('hidden');
}

function hasOwnText(el: Element): boolean {
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === TEXT_NODE && n.nodeValue!.trim() !== '') return true;
  return false;
}

/** The element a text node's line belongs to: inline parents inside mixed text join their parent's line. */
function lineOwner(parent: Element): Element {
  let el = parent;
  while (INLINE.has(el.tagName.toUpperCase()) && el.parentElement && hasOwnText(el.parentElement)) el = el.parentElement;
  return el;
}

export interface LineOptions {
  /** Lines are collected only after this element (it and its content skipped). */
  after?: Element;
  /** At most this many lines (the walk stops there). */
  maxLines?: number;
  /** At most this many nodes visited. */
  maxNodes?: number;
  /** Subtrees left out (an experience entry's nested list: its description, or its grouped roles). */
  skip?: readonly Element[];
}

/** The lines of text of `root`, in document order. */
export function textLines(root: Element, options: LineOptions = {}): string[] {
  const { after, maxLines = 40, maxNodes = 4000, skip = [] } = options;
  const lines: string[] = [];
  let owner: Element | null = null;
  let current = '';
  let collecting = after === undefined;
  let visited = 0;
  const flush = () => {
    const line = collapse(current);
    if (line) lines.push(line);
    current = '';
  };
  const walk = (node: Node): boolean => {
    if (++visited > maxNodes || lines.length >= maxLines) return false;
    if (node.nodeType === TEXT_NODE) {
      if (!collecting || node.nodeValue!.trim() === '') return true;
      const own = lineOwner(node.parentElement!);
      if (own !== owner) {
        flush();
        owner = own;
      }
      current += node.nodeValue;
      return true;
    }
    if (node.nodeType !== ELEMENT_NODE) return true;
    const el = node as Element;
    if (el === after) {
      collecting = true;
      return true;
    }
    if (hidden(el) || skip.includes(el)) return true;
    for (let c = el.firstChild; c; c = c.nextSibling) if (!walk(c)) return false;
    return true;
  };
  walk(root);
  flush();
  return lines.slice(0, maxLines);
}

/** The accessible text of an element on one line ('' when it has none). */
export function accessibleText(el: Element): string {
  return collapse(textLines(el, { maxLines: 8, maxNodes: 400 }).join(' '));
}

/** What a control or link says to a screen reader: its label, else its text, else its title. */
export function accessibleName(el: Element): string {
  return collapse(el.getAttribute('aria-label') ?? '') || accessibleText(el) || collapse(el.getAttribute('title') ?? '');
}

/** The accessible text of a control's content (a button's own text: `textLines` leaves buttons out as controls). */
export function contentText(el: Element): string {
  const parts: string[] = [];
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    const text = accessibleText(c);
    if (text) parts.push(text);
  }
  return collapse(parts.join(' '));
}
