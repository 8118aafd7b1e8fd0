// @vitest-environment happy-dom
// Issue 34's rough edges on the options page: Remove key asks first; an undo window out of range is refused aloud.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import type { SettingsView } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { KeyForm } from './KeyForm';
import { ReplySettings } from './ReplySettings';

beforeEach(() => useEnglish());
afterEach(cleanup);

const settings: SettingsView = { ...DEFAULT_SETTINGS, key: { set: true, storage: 'persistent' } };

function messenger() {
  const send = vi.fn(async (type: string) => {
    if (type === 'reply-members') return { ok: true, value: { members: [], memberId: null } };
    return { ok: true, value: { ...settings, key: { set: false, storage: null } } };
  });
  return { send, messenger: { send } as unknown as Messenger };
}

describe('Remove key', () => {
  it('asks first; Keep it keeps the key, and only the confirmed removal reaches the background', async () => {
    const { send, messenger: m } = messenger();
    render(<KeyForm settings={settings} messenger={m} permissions={{ request: async () => true, remove: async () => true }} onSettings={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove key' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Remove the key from this browser?');
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(send).not.toHaveBeenCalledWith('key-clear', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Remove key' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the key' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('key-clear', {}));
    await waitFor(() => expect(screen.getByTestId('key-outcome').textContent).toContain('The key was removed from this browser.'));
  });
});

describe('Undo window', () => {
  it('refuses 45 aloud, keeps what was typed in view and the setting as it was', async () => {
    const { send, messenger: m } = messenger();
    render(<ReplySettings settings={{ ...settings, replyUndoSeconds: 10 }} messenger={m} onSettings={() => {}} />);
    const field = screen.getByLabelText('Undo window after Send (seconds, 0 to 30)') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '45' } });
    expect(screen.getByRole('alert').textContent).toBe('“45” is not between 0 and 30 seconds: not saved. The undo window stays 10 s.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalledWith('settings-set', expect.anything());
    fireEvent.change(field, { target: { value: '20' } });
    await waitFor(() => expect(send).toHaveBeenCalledWith('settings-set', { patch: { replyUndoSeconds: 20 } }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
