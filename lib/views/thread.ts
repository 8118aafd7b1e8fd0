/**
 * Read before you answer (issue 23): what a queue row says of the lead's last message, how long it
 * has waited, and how far back the panel's thread is shown.
 */
import { z } from 'zod/mini';

/** A queue row's last message from the lead, reduced to one line of plain text (`inbox-previews`). */
export const InboxPreviewView = z.object({
  conversationId: z.string(),
  /** Null: the conversation holds no message from the lead. */
  firstLine: z.nullable(z.string()),
  at: z.nullable(z.number()),
});
export type InboxPreviewView = z.infer<typeof InboxPreviewView>;

/** How much of a row a preview may take: the row ends it with an ellipsis (CSS) anyway. */
export const PREVIEW_MAX = 160;

const PREVIEW_SCAN = 20_000;
/** Elements whose content is no text of the message. */
const DROPPED = /<(script|style|template|noscript|title|head|iframe|object|svg|math|textarea|select)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const BREAKS = /<(?:br|hr)\b[^>]*>|<\/(?:p|div|li|h[1-6]|tr|blockquote|pre|table|ul|ol)\s*>/gi;
/** The named entities mail clients write most; any other stays as written (plain text, harmless). */
const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', hellip: '…',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', euro: '€', copy: '©',
  eacute: 'é', egrave: 'è', ecirc: 'ê', agrave: 'à', acirc: 'â', ccedil: 'ç', ugrave: 'ù', ocirc: 'ô', icirc: 'î',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      // Control characters and what is no character stay out of the line.
      return code > 31 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : ' ';
    }
    return NAMED[name] ?? NAMED[name.toLowerCase()] ?? whole;
  });
}

/** Spaces and control characters (none reaches the row) as one space. */
function collapse(line: string): string {
  let out = '';
  for (const ch of line) out += ch.charCodeAt(0) < 32 || ch === '\u007f' ? ' ' : ch;
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * The first line a person reads of a message body (plain text or HTML): tags and what scripts,
 * styles and the like hold are gone, entities decoded, spaces collapsed, at most `max` characters.
 * Plain text only: the row renders it as text, never as markup. Null when nothing is left.
 */
export function firstLine(content: string, max = PREVIEW_MAX): string | null {
  const text = decodeEntities(
    // The first line is near the top: a megabyte of markup is not read through for it.
    content
      .slice(0, PREVIEW_SCAN)
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(DROPPED, '')
      .replace(BREAKS, '\n')
      .replace(/<\/?[a-z](?:[^>"']|"[^"]*"|'[^']*')*>/gi, ''),
  );
  const line = text
    .split(/\r?\n/)
    .map((l) => collapse(l))
    .find((l) => l !== '');
  if (line === undefined) return null;
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : line;
}

/** The newest message from the lead of a page of messages (newest first). */
export function leadLastMessage<M extends { direction: string; createdAt: number }>(messages: readonly M[]): M | null {
  let best: M | null = null;
  for (const m of messages) if (m.direction === 'RECEIVED' && (best === null || m.createdAt > best.createdAt)) best = m;
  return best;
}

export type WaitUnit = 'minute' | 'hour' | 'day';

/** How long a message has waited, in the one unit a person reads it in: "3 days", "5 h", "12 min". */
export function waitedFor(since: number, now: number): { value: number; unit: WaitUnit } {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  if (minutes < 60) return { value: Math.max(1, minutes), unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { value: hours, unit: 'hour' };
  return { value: Math.floor(hours / 24), unit: 'day' };
}

/** The service's page of a conversation's messages (row 24): 50, newest first. */
export const MESSAGES_PAGE_SIZE = 50;

/** What the panel's thread has loaded: the pages fetched so far, newest first, and the service's total. */
export interface ThreadLoaded {
  /** Every message fetched, newest first, each once. */
  messages: readonly { id: string }[];
  total: number;
  /** The pages fetched (0..pages-1). */
  pages: number;
}

/** Messages fetched again after a page moved (a new message shifts them) are kept once. */
export function mergeOlder<M extends { id: string }>(loaded: readonly M[], older: readonly M[]): M[] {
  const seen = new Set(loaded.map((m) => m.id));
  return [...loaded, ...older.filter((m) => !seen.has(m.id))];
}

/**
 * "Show older messages": how many to show now and whether the next page must be fetched first.
 * `shown` grows by `step`; messages already fetched are shown without a call.
 */
export function showOlder(loaded: ThreadLoaded, shown: number, step: number): { shown: number; fetchPage: number | null } {
  const want = Math.min(shown + step, Math.max(loaded.total, loaded.messages.length));
  if (want <= loaded.messages.length) return { shown: want, fetchPage: null };
  // Past the last page the service counts: nothing more to ask for.
  const morePages = loaded.pages * MESSAGES_PAGE_SIZE < loaded.total;
  return { shown: Math.min(want, loaded.messages.length), fetchPage: morePages ? loaded.pages : null };
}

/** How many older messages are not shown yet (the button says it). */
export function olderHidden(loaded: Pick<ThreadLoaded, 'messages' | 'total'>, shown: number): number {
  return Math.max(0, Math.max(loaded.total, loaded.messages.length) - Math.min(shown, loaded.messages.length));
}
