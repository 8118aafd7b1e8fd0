/**
 * The rules of a reply, in one place: what the service accepts (a pronet message of at most 8,000
 * characters, never an empty one), how the user's plain text becomes an email's HTML (escaped
 * paragraphs: no markup the user typed reaches the email as HTML), and how a message body is
 * compared when a send is read back (`bodyKey`: the words, whatever markup and spacing carry them).
 */

/** The longest pronet message the service takes, in JS string length (UTF-16 units). */
export const PRONET_MESSAGE_MAX = 8000;

export const REPLY_CHANNELS = ['PRONET', 'EMAIL'] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];

/** Why a text cannot be sent as it is. */
export type ReplyTextProblem = 'empty' | 'too-long';

export function replyTextProblem(text: string, channel: ReplyChannel): ReplyTextProblem | null {
  if (text.trim() === '') return 'empty';
  if (channel === 'PRONET' && text.length > PRONET_MESSAGE_MAX) return 'too-long';
  return null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * Plain text → email HTML: a paragraph per block (blank lines apart), line breaks kept as `<br>`,
 * every character of the text escaped.
 */
export function textToEmailHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((block) => block.replace(/^\n+|\n+$/g, ''))
    .filter((block) => block.trim() !== '')
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * An HTML template → the composer's plain text: a paragraph or block per blank-line-separated block,
 * `<br>` a line break, a link's words followed by its address, every other tag dropped, entities
 * decoded. The text goes back to HTML only through `textToEmailHtml` (escaped).
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<a\b[^>]*\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a>/gi, (_, dq?: string, sq?: string, words = '') => {
      const href = dq ?? sq ?? '';
      return /^https?:/i.test(href) && !words.includes(href) ? `${words} (${href})` : words;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * What a message says, for comparison: tags dropped (a tag is a word break), entities decoded,
 * every run of white space one space, trimmed. The text we sent and the HTML the service kept of it
 * give the same key; so do two spacings of the same words.
 */
export function bodyKey(content: string, isHtml: boolean): string {
  const text = isHtml ? decodeEntities(content.replace(/<[^>]*>/g, ' ')) : content;
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether a stored body is HTML (the service keeps an email's HTML, a pronet message's text). */
export function looksLikeHtmlBody(content: string): boolean {
  return /<\/?[a-z][^>]*>/i.test(content);
}
