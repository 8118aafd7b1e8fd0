import { useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { SettingsView } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { t, type MessageKey } from '../i18n';
import { ErrorMessage } from '../ui/ErrorMessage';

export interface ListBadgeTogglesProps {
  settings: SettingsView;
  messenger: Messenger;
  onSettings: (settings: SettingsView) => void;
}

const TOGGLES: { field: 'listBadges' | 'prefetchOnHover'; label: MessageKey; hint: MessageKey }[] = [
  { field: 'listBadges', label: 'listBadgesLabel', hint: 'listBadgesHint' },
  { field: 'prefetchOnHover', label: 'prefetchLabel', hint: 'prefetchHint' },
];

/** Badges on lists and prefetch on hover, each on or off (both on by default). */
export function ListBadgeToggles({ settings, messenger, onSettings }: ListBadgeTogglesProps) {
  const [error, setError] = useState<ErrorText | null>(null);
  return (
    <div class="stack" style={{ gap: '4px' }}>
      {TOGGLES.map(({ field, label, hint }) => (
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
