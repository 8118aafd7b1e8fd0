/**
 * Did an append whose outcome is unknown reach the service? Answered from the note read back, before
 * the append is sent again, so that a timeout after sending never writes the text twice.
 *
 * The service writes `separator + text` at the end of the note (and may drop the oldest text to keep
 * 1500 characters). The separator carries the service's time, which we do not know, so it is matched
 * by its shape; the shape comes from `appendSeparator` itself, the one definition of the rule.
 */
import { appendSeparator } from '../inbox/note-rules';

/** The separator with every digit as '#': `\n-- ####-##-## ##:## --\n`. */
const TEMPLATE = appendSeparator(new Date(0)).replace(/\d/g, '#');

function matchesTemplate(s: string, template: string): boolean {
  if (s.length !== template.length) return false;
  for (let i = 0; i < s.length; i += 1) {
    const t = template[i];
    const c = s[i] ?? '';
    if (t === '#' ? !/\d/.test(c) : c !== t) return false;
  }
  return true;
}

/**
 * True when `readBack` ends with a separator and `text`, and differs from `baseNote` (the note known
 * before the append was first sent, when known): an identical earlier append leaves the note equal to
 * its base, ours does not.
 */
export function appendLanded(readBack: string | null, text: string, baseNote?: string | null): boolean {
  const note = readBack ?? '';
  if (baseNote !== undefined && note === (baseNote ?? '')) return false;
  if (text.length >= note.length) {
    // The limit cut into the text itself: only its end is left.
    return note.length > 0 && text.endsWith(note);
  }
  if (!note.endsWith(text)) return false;
  const head = note.slice(0, note.length - text.length);
  if (head.length >= TEMPLATE.length) return matchesTemplate(head.slice(-TEMPLATE.length), TEMPLATE);
  // The limit cut into the separator: what is left of it must be its end.
  return matchesTemplate(head, TEMPLATE.slice(TEMPLATE.length - head.length));
}
