// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import type { SettingsView } from '../../lib/views';
import { useEnglish, useFrench } from '../test-i18n';
import { ProfileHosts } from './ProfileHosts';

beforeEach(() => useEnglish());
afterEach(cleanup);

const settings: SettingsView = { ...DEFAULT_SETTINGS, key: { set: true, storage: 'persistent' } };
const HOST = 'pronet.corp.example';

function setup(request: () => Promise<boolean>) {
  const send = vi.fn(async (_type: string, payload: { patch: Partial<SettingsView> }) => ({ ok: true, value: { ...settings, ...payload.patch } }));
  const onSettings = vi.fn();
  render(<ProfileHosts settings={settings} messenger={{ send } as unknown as Messenger} permissions={{ request: vi.fn(request), remove: vi.fn(async () => true) }} onSettings={onSettings} />);
  fireEvent.input(screen.getByLabelText('Add a profile host'), { target: { value: `https://${HOST}/in/ada/` } });
  fireEvent.click(screen.getByRole('button', { name: 'Add host' }));
  return { send, onSettings };
}

const DENIED = `The browser did not grant access to ${HOST}, so the host was not added. Add it again and choose Allow when the browser asks; if it does not ask, allow the site in the browser's settings for this extension (site access).`;

// Issue 45: in headless Chrome, Add host showed no prompt and the page said nothing.
describe('ProfileHosts says what the browser answered', () => {
  it('adds the host once the browser grants access', async () => {
    const { send, onSettings } = setup(async () => true);
    await waitFor(() => expect(onSettings).toHaveBeenCalledWith(expect.objectContaining({ profileHosts: [HOST] })));
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('profile-host-asking')).toBeNull();
  });

  it('says the browser did not grant access, and how to allow it, when it answers no', async () => {
    const { send } = setup(async () => false);
    expect((await screen.findByRole('alert')).textContent).toBe(DENIED);
    expect(send).not.toHaveBeenCalled();
  });

  it('says so when the request fails, with the browser’s words beneath', async () => {
    setup(() => Promise.reject(new Error('Permission request is not allowed in headless mode.')));
    expect((await screen.findByRole('alert')).textContent).toBe(`${DENIED}Permission request is not allowed in headless mode.`);
  });

  it('says so when the request throws before it starts', async () => {
    setup(() => {
      throw new Error('This function must be called during a user gesture');
    });
    expect((await screen.findByRole('alert')).textContent).toContain(DENIED);
    expect(screen.queryByTestId('profile-host-asking')).toBeNull();
  });

  it('says it is asking while the browser has not answered (a prompt that never shows)', async () => {
    setup(() => new Promise<boolean>(() => undefined));
    expect((await screen.findByTestId('profile-host-asking')).textContent).toBe(
      `Asking the browser for access to ${HOST}. If no prompt shows, allow the site in the browser's settings for this extension (site access), then add the host again.`,
    );
    expect(screen.getByTestId('profile-host-asking').getAttribute('role')).toBe('status');
  });

  it('says it in French', async () => {
    useFrench();
    render(<ProfileHosts settings={settings} messenger={{ send: vi.fn() } as unknown as Messenger} permissions={{ request: vi.fn(async () => false), remove: vi.fn(async () => true) }} onSettings={vi.fn()} />);
    fireEvent.input(screen.getByLabelText('Ajouter un hôte de profils'), { target: { value: HOST } });
    fireEvent.click(screen.getByRole('button', { name: "Ajouter l'hôte" }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Le navigateur n'a pas accordé l'accès à pronet\.corp\.example/);
  });
});
