/**
 * The service's note rules (service-api.md, section 4, "Inbox note update"), in one place: the
 * emulator applies them and the UI previews exactly what the service will keep.
 *
 * Length is counted in JS string length (UTF-16 code units), as a JavaScript service counts it, so
 * an emoji outside the BMP counts 2. A cut never splits a surrogate pair: when the limit falls in
 * the middle of one, the whole character goes, and the note ends one unit under the limit.
 */

export const NOTE_MAX_LENGTH = 1500;

/** How a note update applies: replace the note, or append to it under a dated separator. */
export const NOTE_MODES = ['replace', 'append'] as const;
export type NoteMode = (typeof NOTE_MODES)[number];

export interface NoteResult {
  note: string;
  /** Whether anything was cut to fit NOTE_MAX_LENGTH. */
  truncated: boolean;
}

export interface NotePreview extends NoteResult {
  length: number;
  /** How many characters (UTF-16 units) the limit removed. */
  removedChars: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `"\n-- YYYY-MM-DD HH:mm --\n"` in UTC, the separator the service writes before appended text. */
export function appendSeparator(now: Date): string {
  if (Number.isNaN(now.getTime())) throw new RangeError('appendSeparator needs a valid date');
  const date = `${pad(now.getUTCFullYear(), 4)}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}`;
  const time = `${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}`;
  return `\n-- ${date} ${time} --\n`;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The first `max` units of `s`, one fewer if the cut would leave half a surrogate pair. */
function keepStart(s: string, max: number): string {
  if (s.length <= max) return s;
  const splitsPair = isHighSurrogate(s.charCodeAt(max - 1)) && isLowSurrogate(s.charCodeAt(max));
  return s.slice(0, splitsPair ? max - 1 : max);
}

/** The last `max` units of `s`, one fewer if the cut would leave half a surrogate pair. */
function keepEnd(s: string, max: number): string {
  if (s.length <= max) return s;
  const start = s.length - max;
  const splitsPair = isLowSurrogate(s.charCodeAt(start)) && isHighSurrogate(s.charCodeAt(start - 1));
  return s.slice(splitsPair ? start + 1 : start);
}

/**
 * The note the service keeps after an update.
 * - `replace`: `text` becomes the note, truncated from the end.
 * - `append`: `current + separator + text`; the oldest content goes from the beginning.
 *   Appending to an empty or missing note still writes the separator first, because the spec says
 *   the content "is appended after a separator" without an exception; the note then starts with "\n".
 */
export function applyNote(current: string | null, text: string, mode: NoteMode, now: Date): NoteResult {
  const { note, truncated } = previewNote(current, text, mode, now);
  return { note, truncated };
}

/** What the service will keep, with the figures the note editor shows beside its counter. */
export function previewNote(current: string | null, text: string, mode: NoteMode, now: Date): NotePreview {
  const full = mode === 'replace' ? text : (current ?? '') + appendSeparator(now) + text;
  const note = mode === 'replace' ? keepStart(full, NOTE_MAX_LENGTH) : keepEnd(full, NOTE_MAX_LENGTH);
  const removedChars = full.length - note.length;
  return { note, truncated: removedChars > 0, length: note.length, removedChars };
}

/** The separator `appendSeparator` writes, at the start of a text (any minute). */
const SEPARATOR_AT_START = /^\n-- \d{4}-\d{2}-\d{2} \d{2}:\d{2} --\n/;

/**
 * What an append added to `base`, when `note` is `base` after one or more appends: the text from the
 * first new separator on. The oldest part of `base` may have been cut to fit (an append keeps the
 * end), so the note may start anywhere in `base`. Null when `note` is not `base` plus appends (a
 * replace, or a change made elsewhere): then nothing can be carried over without guessing.
 */
export function appendedTail(base: string, note: string): string | null {
  if (note === base) return '';
  for (let kept = Math.min(base.length, note.length); kept >= 0; kept--) {
    const tail = note.slice(kept);
    // Only a whole base keeps its start; a cut base is its end.
    const rest = note.slice(0, kept);
    const fits = kept === base.length ? note.startsWith(base) : note.length === NOTE_MAX_LENGTH && base.endsWith(rest);
    if (fits && SEPARATOR_AT_START.test(tail)) return tail;
  }
  return null;
}
