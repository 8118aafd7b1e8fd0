/**
 * Message bodies come from the service and may be HTML written by anyone who ever emailed the lead.
 * They are sanitised before they touch the DOM: no scripts, no event handlers, no styles, no forms or
 * frames, only http(s)/mailto/tel links, and every link opens in a new tab with rel=noopener. No
 * library: the markup is parsed in an inert document (nothing runs, nothing loads) and a new tree is
 * built from the allowlist alone, so no node or attribute of the source reaches the page (DOMPurify
 * did this in 11 kB gzip, a fifth of the panel's code).
 */
const ALLOWED_TAGS = [
  'a', 'b', 'blockquote', 'br', 'code', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'hr', 'i', 'li', 'ol', 'p',
  'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'u', 'ul',
];
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan'];
const SAFE_URL = /^(?:https?:|mailto:|tel:)/i;
const TAG_SET = new Set(ALLOWED_TAGS);
const ATTR_SET = new Set([...ALLOWED_ATTR, 'target', 'rel']);
/** Elements whose content is no text of the message: dropped whole, not unwrapped. */
const DROPPED = new Set([
  'script', 'style', 'template', 'noscript', 'noembed', 'noframes', 'iframe', 'object', 'embed', 'svg', 'math',
  'title', 'head', 'textarea', 'select', 'xmp', 'plaintext', 'video', 'audio',
]);
const HTML_NS = 'http://www.w3.org/1999/xhtml';

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

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Whether sanitised markup holds only what the allowlist permits, once parsed again. A second,
 * independent look: should markup ever parse otherwise than it was built, the message falls back to
 * plain text.
 */
function onlyAllowed(html: string): boolean {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const el of Array.from(template.content.querySelectorAll('*'))) {
    if (!TAG_SET.has(el.localName)) return false;
    for (const attr of Array.from(el.attributes)) {
      if (!ATTR_SET.has(attr.name)) return false;
      if (attr.name === 'href' && !SAFE_URL.test(attr.value.trim())) return false;
    }
  }
  return true;
}

const SPACE = /[\t\n\f\r ]/;

/**
 * The markup without its event-handler attributes (`on…`), before any parser sees it. Chromium checks
 * an inline handler against the page's CSP as soon as a parser sets the attribute, even in an inert
 * document (DOMParser, template), and logs a CSP error each time: this pass keeps the attribute from
 * ever reaching a DOM. It follows the HTML tokenizer's rules for tags and attributes; the allowlist after
 * it remains the safeguard, so a tag it reads otherwise than a browser costs a console line, never safety.
 */
export function stripEventHandlers(html: string): string {
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1 || lt === html.length - 1) return out + html.slice(i);
    out += html.slice(i, lt);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      const stop = end === -1 ? html.length : end + 3;
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
  return new DOMParser().parseFromString(stripEventHandlers(html), 'text/html').body;
}

/**
 * Safe HTML for `innerHTML`: the markup parsed in an inert document and rebuilt from the allowlist
 * (`rebuild`); if the result ever held more than the allowlist, plain text instead.
 */
export function sanitizeMessageHtml(dirty: string): string {
  const doc = document.implementation.createHTMLDocument('');
  const clean = doc.createElement('div');
  rebuild(inertBody(dirty), clean, doc);
  const html = clean.innerHTML;
  if (onlyAllowed(html)) return html;
  const body = inertBody(dirty);
  for (const el of Array.from(body.querySelectorAll('script, style, template, noscript'))) el.remove();
  return escapeText(body.textContent ?? '');
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
