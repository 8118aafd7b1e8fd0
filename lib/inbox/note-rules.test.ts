import { describe, expect, it } from 'vitest';
import { NOTE_MAX_LENGTH, appendSeparator, appendedTail, applyNote, previewNote } from './note-rules';

const NOW = new Date(Date.UTC(2024, 2, 5, 7, 4, 59)); // 2024-03-05 07:04:59 UTC
const SEP = '\n-- 2024-03-05 07:04 --\n';
const EMOJI = '\u{1F600}'; // one character, two UTF-16 units

describe('appendSeparator', () => {
  it('writes the UTC date and time, zero-padded, between line feeds', () => {
    expect(appendSeparator(NOW)).toBe(SEP);
    expect(appendSeparator(new Date(Date.UTC(1999, 11, 31, 23, 59)))).toBe('\n-- 1999-12-31 23:59 --\n');
  });

  it('uses UTC, not the local time zone', () => {
    // 00:30 UTC on Jan 1st, whatever zone the machine is in.
    expect(appendSeparator(new Date('2025-01-01T00:30:00Z'))).toBe('\n-- 2025-01-01 00:30 --\n');
    expect(appendSeparator(new Date('2024-12-31T23:30:00-02:00'))).toBe('\n-- 2025-01-01 01:30 --\n');
  });

  it('refuses an invalid date instead of writing NaN into a note', () => {
    expect(() => appendSeparator(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('replace', () => {
  it('replaces the whole note', () => {
    expect(applyNote('old text', 'new text', 'replace', NOW)).toEqual({ note: 'new text', truncated: false });
  });

  it('keeps a note of exactly 1500 characters whole', () => {
    const text = 'x'.repeat(NOTE_MAX_LENGTH);
    expect(applyNote(null, text, 'replace', NOW)).toEqual({ note: text, truncated: false });
  });

  it('truncates a longer note from the end', () => {
    const text = 'a'.repeat(1000) + 'b'.repeat(600);
    const { note, truncated } = applyNote(null, text, 'replace', NOW);
    expect(note).toBe('a'.repeat(1000) + 'b'.repeat(500));
    expect(truncated).toBe(true);
  });

  it('does not split an emoji at the cut', () => {
    const text = 'x'.repeat(NOTE_MAX_LENGTH - 1) + EMOJI + 'tail';
    const { note, truncated } = applyNote(null, text, 'replace', NOW);
    expect(note).toBe('x'.repeat(NOTE_MAX_LENGTH - 1));
    expect(truncated).toBe(true);
  });

  it('keeps an emoji that ends exactly at the limit', () => {
    const text = 'x'.repeat(NOTE_MAX_LENGTH - 2) + EMOJI + 'tail';
    expect(applyNote(null, text, 'replace', NOW).note).toBe('x'.repeat(NOTE_MAX_LENGTH - 2) + EMOJI);
  });

  it('replaces with an empty note', () => {
    expect(applyNote('old', '', 'replace', NOW)).toEqual({ note: '', truncated: false });
  });
});

describe('append', () => {
  it('adds the separator and the text after the current note', () => {
    expect(applyNote('Called her.', 'Sent the deck.', 'append', NOW)).toEqual({
      note: `Called her.${SEP}Sent the deck.`,
      truncated: false,
    });
  });

  it('still writes the separator when the note is empty or missing', () => {
    expect(applyNote(null, 'First words', 'append', NOW)).toEqual({ note: `${SEP}First words`, truncated: false });
    expect(applyNote('', 'First words', 'append', NOW)).toEqual({ note: `${SEP}First words`, truncated: false });
  });

  it('keeps a combined note of exactly 1500 characters whole', () => {
    const current = 'c'.repeat(NOTE_MAX_LENGTH - SEP.length - 10);
    const result = applyNote(current, 't'.repeat(10), 'append', NOW);
    expect(result.note).toHaveLength(NOTE_MAX_LENGTH);
    expect(result.truncated).toBe(false);
  });

  it('removes the oldest content from the beginning when the combined note is too long', () => {
    const current = 'OLD' + 'c'.repeat(1497);
    const { note, truncated } = applyNote(current, 'new', 'append', NOW);
    expect(truncated).toBe(true);
    expect(note).toHaveLength(NOTE_MAX_LENGTH);
    expect(note.endsWith(`${SEP}new`)).toBe(true);
    expect(note).toBe((current + SEP + 'new').slice(-NOTE_MAX_LENGTH));
    expect(note.startsWith('OLD')).toBe(false);
  });

  it('keeps only the end of an appended text that alone exceeds the limit', () => {
    const text = 'a'.repeat(100) + 'z'.repeat(1500);
    const { note, truncated } = applyNote('old', text, 'append', NOW);
    expect(note).toBe('z'.repeat(1500));
    expect(truncated).toBe(true);
  });

  it('does not split an emoji at the cut', () => {
    // The combined note is EMOJI + "x" + SEP + text, one unit too long: the cut falls inside the emoji.
    const current = EMOJI + 'x';
    const text = 'y'.repeat(NOTE_MAX_LENGTH + 1 - current.length - SEP.length);
    const combined = current + SEP + text;
    const cut = combined.length - NOTE_MAX_LENGTH;
    expect(combined.charCodeAt(cut - 1)).toBe(0xd83d); // the cut really is inside the pair
    const { note, truncated } = applyNote(current, text, 'append', NOW);
    expect(note).toBe(combined.slice(cut + 1));
    expect(note.charCodeAt(0)).not.toBe(0xde00);
    expect(note).toHaveLength(NOTE_MAX_LENGTH - 1);
    expect(truncated).toBe(true);
  });

  it('keeps an emoji that starts exactly at the cut', () => {
    const current = 'x' + EMOJI + 'x'.repeat(10);
    const text = 'y'.repeat(NOTE_MAX_LENGTH - SEP.length - 12);
    const { note } = applyNote(current, text, 'append', NOW);
    expect(note.startsWith(EMOJI)).toBe(true);
    expect(note).toHaveLength(NOTE_MAX_LENGTH);
  });
});

describe('previewNote', () => {
  it('shows the kept note with its length and what the limit removed', () => {
    const current = 'c'.repeat(1490);
    expect(previewNote(current, 'hello', 'append', NOW)).toEqual({
      note: (current + SEP + 'hello').slice(-NOTE_MAX_LENGTH),
      truncated: true,
      length: NOTE_MAX_LENGTH,
      removedChars: 1490 + SEP.length + 5 - NOTE_MAX_LENGTH,
    });
  });

  it('reports nothing removed for a note that fits', () => {
    expect(previewNote('ignored by replace', 'short', 'replace', NOW)).toEqual({
      note: 'short',
      truncated: false,
      length: 5,
      removedChars: 0,
    });
  });

  it('counts a half-removed emoji as removed whole', () => {
    const text = 'x'.repeat(NOTE_MAX_LENGTH - 1) + EMOJI;
    expect(previewNote(null, text, 'replace', NOW)).toMatchObject({ length: NOTE_MAX_LENGTH - 1, removedChars: 2 });
  });

  it('agrees with applyNote', () => {
    for (const mode of ['replace', 'append'] as const) {
      const preview = previewNote('abc', 'd'.repeat(1600), mode, NOW);
      const applied = applyNote('abc', 'd'.repeat(1600), mode, NOW);
      expect({ note: preview.note, truncated: preview.truncated }).toEqual(applied);
    }
  });
});

describe('appendedTail', () => {
  it('is what appends added after the note a draft began from', () => {
    const base = 'Met at the fair.';
    const once = applyNote(base, 'Sent the deck.', 'append', NOW).note;
    expect(appendedTail(base, once)).toBe(`${SEP}Sent the deck.`);
    const twice = applyNote(once, 'Called.', 'append', NOW).note;
    expect(appendedTail(base, twice)).toBe(`${SEP}Sent the deck.${SEP}Called.`);
    expect(appendedTail(base, base)).toBe('');
  });

  it('finds the appended text when the append cut the oldest part of a full note', () => {
    const base = `${'a'.repeat(NOTE_MAX_LENGTH - 5)}END`;
    const after = applyNote(base, 'New line.', 'append', NOW);
    expect(after.truncated).toBe(true);
    expect(appendedTail(base, after.note)).toBe(`${SEP}New line.`);
  });

  it('is null for a change that is no append: a replace, or an edit made elsewhere', () => {
    expect(appendedTail('Met at the fair.', 'Something else.')).toBeNull();
    expect(appendedTail('Met at the fair.', 'Met at the fair. And more')).toBeNull();
    expect(appendedTail('Met at the fair.', '')).toBeNull();
  });
});
