import { useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { SettingsView } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { ErrorMessage } from '../ui/ErrorMessage';
import type { HostPermissions } from './permissions';

export interface InboxNotificationsToggleProps {
  settings: SettingsView;
  messenger: Messenger;
  permissions: HostPermissions;
  onSettings: (settings: SettingsView) => void;
}

/**
 * The inbox's desktop notifications (off by default). Turning them on asks for the `notifications`
 * permission first, in the click itself (browsers ask within a user gesture); off gives it back.
 */
export function InboxNotificationsToggle({ settings, messenger, permissions, onSettings }: InboxNotificationsToggleProps) {
  const [error, setError] = useState<ErrorText | string | null>(null);
  const { requestNotifications, removeNotifications } = permissions;
  if (!requestNotifications) return null;

  async function save(inboxNotifications: boolean) {
    const reply = await messenger.send('settings-set', { patch: { inboxNotifications } });
    if (reply.ok) {
      setError(null);
      onSettings(reply.value);
    } else setError(errorText(reply.error));
  }

  return (
    <div class="stack" style={{ gap: '4px' }}>
      <label class="checkbox">
        <input
          type="checkbox"
          checked={settings.inboxNotifications}
          onChange={(e) => {
            const input = e.currentTarget;
            if (!input.checked) {
              void save(false);
              void removeNotifications?.().catch(() => false);
              return;
            }
            // Asked before anything is awaited: the gesture does not survive an await.
            void requestNotifications().then(
              (granted) => {
                if (granted) return save(true);
                input.checked = false;
                setError(t('inboxNotifyDenied'));
              },
              () => {
                input.checked = false;
                setError(t('inboxNotifyDenied'));
              },
            );
          }}
        />
        <span>
          {t('inboxNotifyLabel')}
          <span class="field-hint block">{t('inboxNotifyHint')}</span>
        </span>
      </label>
      {error ? (
        <p class="field-error" role="alert">
          {typeof error === 'string' ? error : <ErrorMessage text={error} />}
        </p>
      ) : null}
    </div>
  );
}
