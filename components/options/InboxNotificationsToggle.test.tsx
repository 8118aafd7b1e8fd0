// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messenger } from '../../lib/messages';
import { DEFAULT_SETTINGS } from '../../lib/settings';
import type { SettingsView } from '../../lib/views';
import { useEnglish } from '../test-i18n';
import { InboxNotificationsToggle } from './InboxNotificationsToggle';

beforeEach(() => useEnglish());
afterEach(cleanup);

const settings: SettingsView = { ...DEFAULT_SETTINGS, key: { set: true, storage: 'persistent' } };

function setup(granted: boolean, current = settings) {
  const order: string[] = [];
  const send = vi.fn(async (type: string, payload: { patch: Partial<SettingsView> }) => {
    order.push(type);
    return { ok: true, value: { ...current, ...payload.patch } };
  });
  const requestNotifications = vi.fn(() => {
    order.push('permission');
    return Promise.resolve(granted);
  });
  const removeNotifications = vi.fn(() => Promise.resolve(true));
  const onSettings = vi.fn();
  render(
    <InboxNotificationsToggle
      settings={current}
      messenger={{ send } as unknown as Messenger}
      permissions={{ request: vi.fn(), remove: vi.fn(), requestNotifications, removeNotifications }}
      onSettings={onSettings}
    />,
  );
  return { order, send, requestNotifications, removeNotifications, onSettings, box: screen.getByRole('checkbox', { name: /Desktop notifications/ }) };
}

describe('InboxNotificationsToggle', () => {
  it('is off by default; turning it on asks for the permission first, then saves', async () => {
    const { box, order, onSettings } = setup(true);
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(onSettings).toHaveBeenCalledWith(expect.objectContaining({ inboxNotifications: true })));
    expect(order).toEqual(['permission', 'settings-set']);
  });

  it('stays off and says why when the browser refuses the permission', async () => {
    const { box, send } = setup(false);
    fireEvent.click(box);
    await screen.findByRole('alert');
    expect(send).not.toHaveBeenCalled();
    expect((box as HTMLInputElement).checked).toBe(false);
  });

  it('turning it off saves and gives the permission back', async () => {
    const { box, onSettings, removeNotifications, requestNotifications } = setup(true, { ...settings, inboxNotifications: true });
    fireEvent.click(box);
    await waitFor(() => expect(onSettings).toHaveBeenCalledWith(expect.objectContaining({ inboxNotifications: false })));
    expect(removeNotifications).toHaveBeenCalled();
    expect(requestNotifications).not.toHaveBeenCalled();
  });
});
