// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NoteAppend } from './inbox/NoteAppend';
import { NoteEditor } from './lead-panel/NoteEditor';
import { useEnglish, useFrench } from './test-i18n';

beforeEach(() => useEnglish('en-GB'));
afterEach(cleanup);

const NOW = Date.UTC(2025, 2, 12, 8, 5);

describe('rough edges of day one (issue 27)', () => {
  it("says beside the append preview that the note's stamp is UTC, with the local time it is", () => {
    render(<NoteEditor conversationId="c" note="" now={() => NOW} onSave={async () => '1'} />);
    fireEvent.input(document.getElementById('note-append')!, { target: { value: 'Called her' } });
    const hint = screen.getByTestId('note-utc-hint').textContent!;
    expect(hint).toMatch(/^The service stamps appended text in UTC: 08:05 UTC is \d\d:\d\d here\.$/);
  });

  it("tells the queue's note box keys: Enter a new line, Ctrl+Enter appends, in French too", () => {
    const props = { name: 'Ada Lovelace', text: '', textRef: { current: null }, onText: () => {}, onAppend: () => {}, onLeave: () => {} };
    render(<NoteAppend {...props} />);
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).toBe('inbox-note-hint');
    expect(document.getElementById('inbox-note-hint')!.textContent).toBe('Enter: new line · Ctrl+Enter: append · Esc: back to the row');
    cleanup();
    useFrench();
    render(<NoteAppend {...props} />);
    expect(document.getElementById('inbox-note-hint')!.textContent).toBe('Entrée : nouvelle ligne · Ctrl+Entrée : ajouter · Échap : retour à la conversation');
  });
});
