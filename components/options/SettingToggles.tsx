import { useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { SettingsView } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { t, type MessageKey } from '../i18n';
import { ErrorMessage } from '../ui/ErrorMessage';

/** The settings that are on or off. */
export type SwitchSetting = { [K in keyof SettingsView]: SettingsView[K] extends boolean ? K : never }[keyof SettingsView];

export interface SettingToggle {
  field: SwitchSetting;
  label: MessageKey;
  hint: MessageKey;
}

export interface SettingTogglesProps {
  toggles: readonly SettingToggle[];
  settings: SettingsView;
  messenger: Messenger;
  onSettings: (settings: SettingsView) => void;
}

/** Checkboxes, each turning one setting on or off as soon as it is pressed; a refusal is shown beneath. */
export function SettingToggles({ toggles, settings, messenger, onSettings }: SettingTogglesProps) {
  const [error, setError] = useState<ErrorText | null>(null);
  return (
    <div class="stack" style={{ gap: '4px' }}>
      {toggles.map(({ field, label, hint }) => (
        <label class="checkbox" key={field}>
          <input
            type="checkbox"
            checked={settings[field]}
            onChange={async (e) => {
              const reply = await messenger.send('settings-set', { patch: { [field]: e.currentTarget.checked } });
              if (reply.ok) {
                setError(null);
                onSettings(reply.value);
              } else setError(errorText(reply.error));
            }}
          />
          <span>
            {t(label)}
            <span class="field-hint block">{t(hint)}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p class="field-error" role="alert">
          <ErrorMessage text={error} />
        </p>
      ) : null}
    </div>
  );
}
