// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Messenger } from '../../lib/messages';
import { type SettingsView } from '../../lib/views';
import { DEFAULT_BASE_URL, DEFAULT_SETTINGS } from '../../lib/settings';
import { useEnglish } from '../test-i18n';
import { KeyForm } from './KeyForm';

beforeEach(() => useEnglish());
afterEach(cleanup);

const noKey: SettingsView = {
  ...DEFAULT_SETTINGS,
  baseUrl: DEFAULT_BASE_URL,
  profileHosts: [],
  chipEnabled: true,
  listBadges: true,
  prefetchOnHover: true,
  sessionOnlyKey: false,
  cacheEnabled: true,
  key: { set: false, storage: null },
};
const withKey: SettingsView = { ...noKey, key: { set: true, storage: 'persistent' } };

const MEMBERS = [
  { id: 'mem_1', name: 'Sam Sales', label: 'Owner' },
  { id: 'mem_2', name: 'Priya Natarajan', label: 'Member' },
  { id: 'mem_3', name: 'Chris Moreau', label: 'Member' },
];

/** A background that accepts everything and records the order of what it was asked. */
function background(opts: { granted?: boolean; members?: number; initial?: SettingsView; testError?: { code: string; detail?: string; subject?: string } } = {}) {
  const order: string[] = [];
  let current = opts.initial ?? noKey;
  const send = vi.fn(async (type: string, payload: Record<string, unknown>) => {
    order.push(type);
    switch (type) {
      case 'settings-set':
        current = { ...current, ...(payload.patch as object) };
        return { ok: true, value: current };
      case 'key-set':
        current = { ...current, sessionOnlyKey: payload.sessionOnly as boolean, key: { set: true, storage: payload.sessionOnly ? 'session' : 'persistent' } };
        return { ok: true, value: current };
      case 'key-test': {
        if (opts.testError) return { ok: false, error: opts.testError };
        const list = MEMBERS.slice(0, opts.members ?? 3);
        return { ok: true, value: { members: list.length, list } };
      }
      default:
        return { ok: false, error: { code: 'internal', detail: `unexpected ${type}` } };
    }
  });
  const request = vi.fn((origins: string[]) => {
    order.push(`permission ${origins.join(',')}`);
    return Promise.resolve(opts.granted ?? true);
  });
  return { order, send, request, messenger: { send } as unknown as Messenger, permissions: { request, remove: vi.fn() } };
}

function renderForm(settings: SettingsView, bg: ReturnType<typeof background>, onSettings = vi.fn()) {
  render(<KeyForm settings={settings} messenger={bg.messenger} permissions={bg.permissions} onSettings={onSettings} />);
  return onSettings;
}

describe('KeyForm', () => {
  it("tells a real user what to paste as the base URL, not the emulator's loopback address", () => {
    renderForm(noKey, background());
    const hint = document.getElementById('base-url-hint')!.textContent!;
    expect(hint).toContain('/flow');
    expect(hint).not.toContain('127.0.0.1');
  });

  it('masks the key and shows it on request', () => {
    renderForm(noKey, background());
    const input = screen.getByLabelText('API key') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show key' }));
    expect(input.type).toBe('text');
  });

  it('tests the key first, then saves it for this session only when asked', async () => {
    const bg = background();
    const onSettings = renderForm(noKey, bg);
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: '  key_demo_123  ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /browser session only/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save', exact: true }));
    expect(await screen.findByText('The key works: 3 members in this workspace.')).toBeTruthy();
    // The members themselves, by name, under the sentence.
    const list = screen.getByRole('list', { name: 'The key works: 3 members in this workspace.' });
    expect([...list.querySelectorAll('.host-name')].map((n) => n.textContent)).toEqual(['Sam Sales', 'Priya Natarajan', 'Chris Moreau']);
    expect(bg.send).toHaveBeenCalledWith('key-set', { key: 'key_demo_123', sessionOnly: true });
    // Tested first: only a key the service accepts is stored.
    expect(bg.order).toEqual(['key-test', 'key-set']);
    expect(bg.send).toHaveBeenCalledWith('key-test', { key: 'key_demo_123' });
    expect(onSettings).toHaveBeenCalled();
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('');
  });

  it('tests, then saves a loopback base URL and the key with one Save, the URL first, asking no permission', async () => {
    const bg = background();
    renderForm(noKey, bg);
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: 'key_demo' } });
    fireEvent.input(screen.getByLabelText('Base URL'), { target: { value: 'http://127.0.0.1:41234/flow/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save', exact: true }));
    await waitFor(() => expect(bg.order).toEqual(['key-test', 'settings-set', 'key-set']));
    expect(bg.send).toHaveBeenCalledWith('key-test', { key: 'key_demo', baseUrl: 'http://127.0.0.1:41234/flow' });
    expect(bg.send).toHaveBeenCalledWith('settings-set', { patch: { baseUrl: 'http://127.0.0.1:41234/flow' } });
    expect(bg.request).not.toHaveBeenCalled();
  });

  it('asks for another host from the click itself, before saving anything', async () => {
    const bg = background({ initial: withKey });
    renderForm(withKey, bg);
    fireEvent.input(screen.getByLabelText('Base URL'), { target: { value: 'https://api.outreach.example:8443/flow' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save', exact: true }));
    // Synchronously within the click: browsers grant host permissions only during the user gesture.
    expect(bg.request).toHaveBeenCalledWith(['https://api.outreach.example/*']);
    await waitFor(() => expect(bg.order).toEqual(['permission https://api.outreach.example/*', 'key-test', 'settings-set']));
  });

  it('keeps the old URL when the permission is refused', async () => {
    const bg = background({ granted: false });
    renderForm(withKey, bg);
    fireEvent.input(screen.getByLabelText('Base URL'), { target: { value: 'https://api.outreach.example/flow' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save', exact: true }));
    expect((await screen.findByRole('alert')).textContent).toContain('api.outreach.example');
    expect(bg.send).not.toHaveBeenCalled();
  });

  it('says what is wrong with an invalid URL and saves nothing', () => {
    const bg = background();
    renderForm(withKey, bg);
    fireEvent.input(screen.getByLabelText('Base URL'), { target: { value: 'ftp://files.example/flow' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save', exact: true }));
    expect(screen.getByRole('alert').textContent).toBe('Use an http:// or https:// address.');
    expect(bg.request).not.toHaveBeenCalled();
    expect(bg.send).not.toHaveBeenCalled();
  });

  it("tests a typed key without storing it and shows the service's message on failure", async () => {
    const send = vi.fn(async () => ({ ok: false, error: { code: 'bad-key', detail: 'Invalid API key', status: 401 } }));
    render(<KeyForm settings={noKey} messenger={{ send } as unknown as Messenger} permissions={{ request: vi.fn(), remove: vi.fn() }} onSettings={() => {}} />);
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test key' }));
    expect(await screen.findByText('Invalid API key')).toBeTruthy();
    expect(screen.getByText('The service does not accept this API key.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(send).toHaveBeenCalledWith('key-test', { key: 'wrong' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('refuses a key the service refuses: nothing stored, the previous key kept, said in red only', async () => {
    const bg = background({ initial: withKey, testError: { code: 'bad-key', detail: 'Unknown API key.' } });
    const onSettings = renderForm(withKey, bg);
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: 'key_wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save', exact: true }));
    const outcome = screen.getByTestId('key-outcome');
    await waitFor(() => expect(outcome.textContent).toContain('Unknown API key.'));
    expect(outcome.textContent).toContain('The service does not accept this API key. Nothing was saved: your previous key is kept.');
    expect(outcome.querySelector('.notice-ok')).toBeNull();
    expect(outcome.textContent).not.toContain('Saved.');
    expect(bg.order).toEqual(['key-test']);
    expect(onSettings).not.toHaveBeenCalled();
    // The typed key stays in the field, to be corrected.
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('key_wrong');
  });

  it('saves with a "not verified" warning when the service cannot be reached, naming the address', async () => {
    const bg = background({ testError: { code: 'offline', subject: 'http://127.0.0.1:9/flow' } });
    renderForm(noKey, bg);
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: 'key_demo' } });
    fireEvent.input(screen.getByLabelText('Base URL'), { target: { value: 'http://127.0.0.1:9/flow' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save', exact: true }));
    await waitFor(() => expect(bg.order).toEqual(['key-test', 'settings-set', 'key-set']));
    const outcome = screen.getByTestId('key-outcome');
    await waitFor(() => expect(outcome.querySelector('.notice-warning')?.textContent).toContain('Saved, but not verified: The service at http://127.0.0.1:9/flow can\'t be reached.'));
    expect(outcome.querySelector('.notice-ok')).toBeNull();
  });

  it('tests the base URL typed in the field, and the typed key, without saving either', async () => {
    const bg = background({ initial: withKey });
    renderForm(withKey, bg);
    fireEvent.input(screen.getByLabelText('Base URL'), { target: { value: 'http://127.0.0.1:41234/flow' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test key' }));
    await waitFor(() => expect(bg.order).toEqual(['key-test']));
    expect(bg.send).toHaveBeenCalledWith('key-test', { baseUrl: 'http://127.0.0.1:41234/flow' });
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: 'key_other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test key' }));
    await waitFor(() => expect(bg.send).toHaveBeenLastCalledWith('key-test', { key: 'key_other', baseUrl: 'http://127.0.0.1:41234/flow' }));
    expect(bg.order).toEqual(['key-test', 'key-test']);
  });
});
