// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appendSeparator, NOTE_MAX_LENGTH } from '../../lib/inbox/note-rules';
import { useEnglish } from '../test-i18n';
import { NoteEditor } from './NoteEditor';

const NOW = Date.UTC(2025, 2, 12, 14, 5);

beforeEach(() => useEnglish());
afterEach(cleanup);

function setup(note = 'Met at the conference.') {
  const onSave = vi.fn(async (_mode: string, _text: string): Promise<string | null> => '1');
  render(<NoteEditor conversationId="conv_1" note={note} now={() => NOW} onSave={onSave} />);
  return { onSave };
}

describe('NoteEditor', () => {
  it('shows the note and counts its characters live', () => {
    setup('hello');
    const note = screen.getByLabelText('Note', { exact: true }) as HTMLTextAreaElement;
    expect(note.value).toBe('hello');
    expect(screen.getByTestId('note-counter').textContent).toBe(`5 / ${NOTE_MAX_LENGTH.toLocaleString('en-GB')} characters`);
    fireEvent.input(note, { target: { value: 'hello there' } });
    expect(screen.getByTestId('note-counter').textContent).toBe('11 / 1,500 characters');
  });

  it('previews the cut when a replacement is over 1500 characters, and saves what was typed', async () => {
    const { onSave } = setup('');
    const long = 'a'.repeat(1490) + 'b'.repeat(20);
    fireEvent.input(screen.getByLabelText('Note', { exact: true }), { target: { value: long } });
    expect(screen.getByTestId('note-counter').textContent).toBe('1,510 / 1,500 characters');
    const preview = screen.getByTestId('note-preview-replace').textContent!;
    expect(preview).toBe('a'.repeat(1490) + 'b'.repeat(10));
    expect(screen.getByText('The last 10 characters will be cut')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('replace', long));
  });

  it('shows no preview while the note fits', () => {
    setup('');
    fireEvent.input(screen.getByLabelText('Note', { exact: true }), { target: { value: 'short' } });
    expect(screen.queryByTestId('note-preview-replace')).toBeNull();
  });

  it('previews an append with the UTC separator at the injected time', async () => {
    const { onSave } = setup('First line');
    const field = screen.getByLabelText('Append to note');
    fireEvent.input(field, { target: { value: 'Called back' } });
    const expected = 'First line' + appendSeparator(new Date(NOW)) + 'Called back';
    expect(screen.getByTestId('note-preview-append').textContent).toBe(expected);
    expect(expected).toContain('\n-- 2025-03-12 14:05 --\n');
    expect(screen.getByTestId('append-counter').textContent).toBe(`${expected.length} / 1,500 characters after appending`);
    fireEvent.click(screen.getByRole('button', { name: 'Append', exact: true }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('append', 'Called back'));
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
  });

  it('warns that the oldest text goes when an append overflows', () => {
    setup('x'.repeat(1495));
    fireEvent.input(screen.getByLabelText('Append to note'), { target: { value: 'new' } });
    const preview = screen.getByTestId('note-preview-append').textContent!;
    expect(preview.length).toBe(1500);
    expect(preview.endsWith('--\nnew')).toBe(true);
    expect(screen.getByText(/The oldest \d+ characters will be dropped/)).toBeTruthy();
  });

  it('keeps Save note disabled until the note changes', () => {
    setup('same');
    const save = screen.getByRole('button', { name: 'Save note' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.input(screen.getByLabelText('Note', { exact: true }), { target: { value: 'same!' } });
    expect(save.disabled).toBe(false);
  });

  it('adds a line appended under an unsaved edit at the edit’s end, says so, and Save sends both', async () => {
    const onSave = vi.fn(async (_mode: string, _text: string): Promise<string | null> => '1');
    const props = { conversationId: 'conv_1', now: () => NOW, onSave };
    const { rerender } = render(<NoteEditor {...props} note="Met at the fair." />);
    const box = screen.getByLabelText('Note', { exact: true }) as HTMLTextAreaElement;
    fireEvent.input(box, { target: { value: 'Met at the fair. Budget: CFO.' } });
    expect(screen.getByTestId('note-draft-state').textContent).toBe('Your edit is not saved yet.');
    const appended = `Met at the fair.${appendSeparator(new Date(NOW))}Sent the deck.`;
    rerender(<NoteEditor {...props} note={appended} />);
    expect(box.value).toBe(`Met at the fair. Budget: CFO.${appendSeparator(new Date(NOW))}Sent the deck.`);
    expect(screen.getByTestId('note-draft-state').textContent).toContain('Save keeps it');
    // The service stamped another minute than the optimistic note: the draft carries the service's.
    const later = new Date(NOW + 60_000);
    rerender(<NoteEditor {...props} note={`Met at the fair.${appendSeparator(later)}Sent the deck.`} />);
    expect(box.value).toBe(`Met at the fair. Budget: CFO.${appendSeparator(later)}Sent the deck.`);
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('replace', box.value));
  });

  it('keeps an unsaved edit when the note changed otherwise, and shows that change instead of hiding it', () => {
    const props = { conversationId: 'conv_1', now: () => NOW, onSave: vi.fn(async () => '1') };
    const { rerender } = render(<NoteEditor {...props} note="Met at the fair." />);
    const box = screen.getByLabelText('Note', { exact: true }) as HTMLTextAreaElement;
    fireEvent.input(box, { target: { value: 'My edit.' } });
    rerender(<NoteEditor {...props} note="Written in the web app." />);
    expect(box.value).toBe('My edit.');
    expect(screen.getByTestId('note-draft-state').textContent).toContain('the note changed on the service meanwhile');
    expect(screen.getByTestId('note-service').textContent).toBe('Written in the web app.');
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(box.value).toBe('Written in the web app.');
    expect(screen.queryByTestId('note-draft-state')).toBeNull();
  });
});
