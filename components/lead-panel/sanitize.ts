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

/** Safe HTML for `innerHTML` (plain text until `loadSanitizer` has resolved). */
export function sanitizeMessageHtml(html: string): string {
  const p = purifier;
  if (p?.isSupported) {
    const clean = p.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ADD_ATTR: ['target'], KEEP_CONTENT: true, RETURN_TRUSTED_TYPE: false }) as string;
    if (onlyAllowed(clean)) return clean;
  }
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of Array.from(doc.body.querySelectorAll('script, style, template, noscript'))) el.remove();
  return escapeText(doc.body.textContent ?? '');
}

/** Whether a body carries markup at all (plain text keeps its line breaks instead). */
export function looksLikeHtml(body: string): boolean {
  return /<\/?[a-z][\s\S]*?>/i.test(body);
}
