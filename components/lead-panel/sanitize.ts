/**
 * Message bodies come from the service and may be HTML written by anyone who ever emailed the lead.
 * They are sanitised before they touch the DOM: no scripts, no event handlers, no styles, no forms or
 * frames, only http(s)/mailto/tel links, and every link opens in a new tab with rel=noopener.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

const ALLOWED_TAGS = [
  'a', 'b', 'blockquote', 'br', 'code', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'hr', 'i', 'li', 'ol', 'p',
  'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'u', 'ul',
];
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan'];
const SAFE_URL = /^(?:https?:|mailto:|tel:)/i;

let purifier: Purifier | null = null;

function instance(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href !== null && !SAFE_URL.test(href.trim())) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = p;
  return p;
}

/** Safe HTML for `innerHTML`. */
export function sanitizeMessageHtml(html: string): string {
  return instance().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ADD_ATTR: ['target'],
    KEEP_CONTENT: true,
    RETURN_TRUSTED_TYPE: false,
  }) as string;
}

/** Whether a body carries markup at all (plain text keeps its line breaks instead). */
export function looksLikeHtml(body: string): boolean {
  return /<\/?[a-z][\s\S]*?>/i.test(body);
}
