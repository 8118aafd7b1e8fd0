import { describe, expect, it } from 'vitest';
import { applyNote, NOTE_MAX_LENGTH } from '../inbox/note-rules';
import { appendLanded } from './append-check';

const at = new Date(Date.UTC(2025, 2, 1, 14, 5));

describe('appendLanded', () => {
  it('finds an append at the end of the note, whatever time the service wrote', () => {
    const after = applyNote('Met at the fair', 'Call Tuesday', 'append', at).note;
    expect(appendLanded(after, 'Call Tuesday', 'Met at the fair')).toBe(true);
    expect(appendLanded(after, 'Call Tuesday')).toBe(true);
  });

  it('finds an append to an empty note', () => {
    expect(appendLanded(applyNote(null, 'first', 'append', at).note, 'first', null)).toBe(true);
  });

  it('says no when the note is as it was before the append', () => {
    const before = applyNote('x', 'Call Tuesday', 'append', at).note;
    // An earlier append of the same text: the end matches, but nothing changed since.
    expect(appendLanded(before, 'Call Tuesday', before)).toBe(false);
  });

  it('says no when the text is there without a separator before it', () => {
    expect(appendLanded('please Call Tuesday', 'Call Tuesday', 'please')).toBe(false);
    expect(appendLanded('something else', 'Call Tuesday', 'x')).toBe(false);
    expect(appendLanded(null, 'Call Tuesday', 'x')).toBe(false);
  });

  it('still recognises the append when the 1500-character limit cut the separator or the text', () => {
    const longText = 'y'.repeat(NOTE_MAX_LENGTH - 10);
    const cutSeparator = applyNote('z'.repeat(800), longText, 'append', at).note;
    expect(cutSeparator).toHaveLength(NOTE_MAX_LENGTH);
    expect(appendLanded(cutSeparator, longText, 'z'.repeat(800))).toBe(true);
    const hugeText = 'w'.repeat(NOTE_MAX_LENGTH + 40);
    expect(appendLanded(applyNote('old', hugeText, 'append', at).note, hugeText, 'old')).toBe(true);
  });
});
