/**
 * Message bodies come from the service and may be HTML written by anyone who ever emailed the lead.
 * They are sanitised before they touch the DOM: no scripts, no event handlers, no styles, no forms or
 * frames, no images (nothing loads), no ids or names (nothing clobbers the page's globals), only
 * http(s)/mailto/tel links, and every link opens in a new tab with rel=noopener. No library: the
 * markup is parsed in an inert document (nothing runs, nothing loads) and a new tree of nodes is built
 * from the allowlist alone, mounted as nodes (never serialised and parsed again, where a mutation
 * could turn it into something else), so no node or attribute of the source reaches the page.
 * Proved against DOMPurify's own corpus and the classic mutation-XSS cases in real Chromium and
 * Firefox (test/e2e/sanitizer.e2e.ts, test/e2e-firefox/sanitizer.firefox.ts).
 */
const ALLOWED_TAGS = [
  'a', 'b', 'blockquote', 'br', 'code', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'hr', 'i', 'li', 'ol', 'p',
  'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'u', 'ul',
];
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan'];
const SAFE_URL = /^(?:https?:|mailto:|tel:)/i;
const TAG_SET = new Set(ALLOWED_TAGS);
/** Elements whose content is no text of the message: dropped whole, not unwrapped. */
const DROPPED = new Set([
  'script', 'style', 'template', 'noscript', 'noembed', 'noframes', 'iframe', 'object', 'embed', 'svg', 'math',
  'title', 'head', 'textarea', 'select', 'xmp', 'plaintext', 'video', 'audio',
]);
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** Beyond this many characters a body is not shown (parsing a megabyte takes a second): "open it on the service". */
export const MESSAGE_HTML_MAX = 200_000;

/**
 * The one Trusted Types policy of the extension's pages (their CSP requires Trusted Types where the
 * browser has them, and names this policy and, for Chrome's worker, the polyfill's loader's only). What it lets through goes only to the inert parser
 * below, never to a live document.
 */
export const TRUSTED_TYPES_POLICY = 'message-sanitizer';

interface TrustedHtmlPolicy {
  createHTML(input: string): string;
}
let policy: TrustedHtmlPolicy | null | undefined;

/** Markup for the inert parser: through the policy where the browser enforces Trusted Types. */
function forInertParser(html: string): string {
  if (policy === undefined) {
    const tt = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: { createHTML(input: string): string }): TrustedHtmlPolicy } }).trustedTypes;
    policy = tt ? tt.createPolicy(TRUSTED_TYPES_POLICY, { createHTML: stripEventHandlers }) : null;
  }
  return policy ? policy.createHTML(html) : stripEventHandlers(html);
}

/**
 * Copies `from`'s children into `to`, rebuilt in `doc`: text as text, an allowed HTML element as a new
 * element with only its allowed attributes, any other element unwrapped to its content (or dropped
 * with it, `DROPPED`), comments and everything else left out. Nothing of the source tree is kept.
 */
function rebuild(from: Node, to: Node, doc: Document): void {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const el = node as Element;
    const name = el.localName;
    if (DROPPED.has(name)) continue;
    if (!TAG_SET.has(name) || el.namespaceURI !== HTML_NS) {
      rebuild(el, to, doc);
      continue;
    }
    const copy = doc.createElement(name);
    for (const attr of ALLOWED_ATTR) {
      const value = el.getAttribute(attr);
      if (value !== null && (attr !== 'href' || SAFE_URL.test(value.trim()))) copy.setAttribute(attr, value);
    }
    if (name === 'a') {
      copy.setAttribute('target', '_blank');
      copy.setAttribute('rel', 'noopener noreferrer');
    }
    rebuild(el, copy, doc);
    to.appendChild(copy);
  }
}

const SPACE = /[\t\n\f\r ]/;

/**
 * The markup without its event-handler attributes (`on…`), before any parser sees it. Chromium checks
 * an inline handler against the page's CSP as soon as a parser sets the attribute, even in an inert
 * document (DOMParser), and logs a CSP error each time: this pass keeps most handlers from ever
 * reaching a DOM. It is NOT the safeguard, and guarantees nothing for safety: it reads tags and
 * comments as the HTML tokenizer does (abrupt comments `<!-->` included), but not the raw-text
 * elements (`<style>`, `<textarea>`, `<title>`, `<xmp>`, `<noscript>`, …), whose content the
 * tokenizer reads as text, nor foreign content (SVG, MathML), so a handler there may still reach the
 * inert document. The rebuild (`rebuild`) is what removes everything outside the allowlist.
 */
export function stripEventHandlers(html: string): string {
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1 || lt === html.length - 1) return out + html.slice(i);
    out += html.slice(i, lt);
    if (html.startsWith('<!--', lt)) {
      // Where the tokenizer ends a comment: `<!-->` and `<!--->` at once (abrupt), else `-->` or `--!>`.
      const abrupt = html.startsWith('<!-->', lt) ? 5 : html.startsWith('<!--->', lt) ? 6 : 0;
      const end = abrupt ? null : /-->|--!>/.exec(html.slice(lt + 4));
      const stop = abrupt ? lt + abrupt : end ? lt + 4 + end.index + end[0].length : html.length;
      out += html.slice(lt, stop);
      i = stop;
      continue;
    }
    if (!/[A-Za-z]/.test(html[lt + 1]!)) {
      out += '<';
      i = lt + 1;
      continue;
    }
    // A start tag: its name, then its attributes until '>'.
    let j = lt + 1;
    while (j < html.length && !SPACE.test(html[j]!) && html[j] !== '/' && html[j] !== '>') j++;
    out += html.slice(lt, j);
    for (;;) {
      while (j < html.length && (SPACE.test(html[j]!) || html[j] === '/')) out += html[j++];
      if (j >= html.length || html[j] === '>') break;
      const start = j;
      j++; // a name's first character may be '='
      while (j < html.length && !SPACE.test(html[j]!) && html[j] !== '/' && html[j] !== '>' && html[j] !== '=') j++;
      const name = html.slice(start, j);
      let k = j;
      while (k < html.length && SPACE.test(html[k]!)) k++;
      if (html[k] === '=') {
        k++;
        while (k < html.length && SPACE.test(html[k]!)) k++;
        const quote = html[k];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, k + 1);
          k = close === -1 ? html.length : close + 1;
        } else {
          while (k < html.length && !SPACE.test(html[k]!) && html[k] !== '>') k++;
        }
        j = k;
      }
      if (!/^on/i.test(name)) out += html.slice(start, j);
    }
    i = j;
  }
  return out;
}

/** The body of an inert document (no scripts run, nothing loads) parsed from markup without handlers. */
function inertBody(html: string): HTMLElement {
  return new DOMParser().parseFromString(forInertParser(html), 'text/html').body;
}

/**
 * The message as safe nodes of `doc`, to mount as they are (`replaceChildren`): the markup parsed in
 * an inert document and rebuilt from the allowlist (`rebuild`). Only allowlisted elements are
 * created, none of which loads anything.
 */
export function sanitizedFragment(dirty: string, doc: Document = document): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  rebuild(inertBody(dirty), fragment, doc);
  return fragment;
}

/** The longest preview of a message, in characters (an ellipsis marks the cut). */
export const PREVIEW_MAX = 120;

/**
 * A message body as one line of plain text for a preview: markup parsed without its handlers, scripts
 * and styles dropped, whitespace collapsed, cut at `max` characters with an ellipsis.
 */
export function messagePreview(body: string, max = PREVIEW_MAX): string {
  let text = body;
  if (looksLikeHtml(body)) {
    const doc = inertBody(body);
    for (const el of Array.from(doc.querySelectorAll('script, style, template, noscript'))) el.remove();
    // Block ends and line breaks separate words.
    for (const el of Array.from(doc.querySelectorAll('br, p, div, li, tr, h1, h2, h3, h4'))) el.append(' ');
    text = doc.textContent ?? '';
  }
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** Whether a body carries markup at all (plain text keeps its line breaks instead). */
export function looksLikeHtml(body: string): boolean {
  return /<\/?[a-z][\s\S]*?>/i.test(body);
}
