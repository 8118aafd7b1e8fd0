import { useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { SettingsView } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { ErrorMessage } from '../ui/ErrorMessage';

export interface ChipToggleProps {
  settings: SettingsView;
  messenger: Messenger;
  onSettings: (settings: SettingsView) => void;
}

/** Turns the status chip on profile pages on or off (on by default). */
export function ChipToggle({ settings, messenger, onSettings }: ChipToggleProps) {
  const [error, setError] = useState<ErrorText | null>(null);
  return (
    <div class="stack" style={{ gap: '4px' }}>
      <label class="checkbox">
        <input
          type="checkbox"
          checked={settings.chipEnabled}
          onChange={async (e) => {
            const chipEnabled = e.currentTarget.checked;
            const reply = await messenger.send('settings-set', { patch: { chipEnabled } });
            if (reply.ok) {
              setError(null);
              onSettings(reply.value);
            } else setError(errorText(reply.error));
          }}
        />
        <span>
          {t('chipLabel')}
          <span class="field-hint block">{t('chipHint')}</span>
        </span>
      </label>
      {error ? (
        <p class="field-error" role="alert">
          <ErrorMessage text={error} />
        </p>
      ) : null}
    </div>
  );
}
