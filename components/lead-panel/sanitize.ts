/**
 * Message bodies come from the service and may be HTML written by anyone who ever emailed the lead.
 * They are sanitised before they touch the DOM: no scripts, no event handlers, no styles, no forms or
 * frames, only http(s)/mailto/tel links, and every link opens in a new tab with rel=noopener.
 */
import type { DOMPurify as Purifier } from 'dompurify';

const ALLOWED_TAGS = [
  'a', 'b', 'blockquote', 'br', 'code', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'hr', 'i', 'li', 'ol', 'p',
  'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'u', 'ul',
];
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan'];
const SAFE_URL = /^(?:https?:|mailto:|tel:)/i;
const TAG_SET = new Set(ALLOWED_TAGS);
const ATTR_SET = new Set([...ALLOWED_ATTR, 'target', 'rel']);

let purifier: Purifier | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads the sanitiser. DOMPurify is half of the panel's own code and only HTML bodies need it, so it
 * comes in its own chunk, the first time one is shown; until it is there (or if it cannot load),
 * `sanitizeMessageHtml` gives plain text.
 */
export function loadSanitizer(): Promise<void> {
  loading ??= import('dompurify').then(({ default: DOMPurify }) => {
    const p = DOMPurify(window);
    p.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A') return;
      const href = node.getAttribute('href');
      if (href !== null && !SAFE_URL.test(href.trim())) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    });
    purifier = p;
  });
  return loading;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Whether sanitised markup holds only what the allowlist permits. A second, independent look: should
 * the sanitiser ever run in a DOM it cannot handle, the message falls back to plain text.
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
 * ever reaching a DOM. It follows the HTML tokenizer's rules for tags and attributes; DOMPurify after it
 * remains the safeguard, so a tag it reads otherwise than a browser costs a console line, never safety.
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

/** Safe HTML for `innerHTML` (plain text until `loadSanitizer` has resolved). */
export function sanitizeMessageHtml(dirty: string): string {
  const html = stripEventHandlers(dirty);
  const p = purifier;
  if (p?.isSupported) {
    const clean = p.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ADD_ATTR: ['target'], KEEP_CONTENT: true, RETURN_TRUSTED_TYPE: false }) as string;
    if (onlyAllowed(clean)) return clean;
  }
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of Array.from(doc.body.querySelectorAll('script, style, template, noscript'))) el.remove();
  return escapeText(doc.body.textContent ?? '');
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
    const doc = new DOMParser().parseFromString(stripEventHandlers(body), 'text/html');
    for (const el of Array.from(doc.body.querySelectorAll('script, style, template, noscript'))) el.remove();
    // Block ends and line breaks separate words.
    for (const el of Array.from(doc.body.querySelectorAll('br, p, div, li, tr, h1, h2, h3, h4'))) el.append(' ');
    text = doc.body.textContent ?? '';
  }
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** Whether a body carries markup at all (plain text keeps its line breaks instead). */
export function looksLikeHtml(body: string): boolean {
  return /<\/?[a-z][\s\S]*?>/i.test(body);
}
