import { useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { SettingsView } from '../../lib/views';
import { parseWebAppUrl, type WebAppUrlProblem } from '../../lib/inbox/web-app-link';
import { errorText, type ErrorText } from '../error-text';
import { t, type MessageKey } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';

export interface WebAppFieldProps {
  settings: SettingsView;
  messenger: Messenger;
  onSettings: (settings: SettingsView) => void;
}

const reasons: Record<WebAppUrlProblem, MessageKey> = {
  invalid: 'webAppInvalid',
  scheme: 'webAppScheme',
  credentials: 'webAppCredentials',
  extra: 'webAppExtra',
};

/** The service's web app address (optional): where the panel's "Open in the web app" link goes. */
export function WebAppField({ settings, messenger, onSettings }: WebAppFieldProps) {
  const [value, setValue] = useState(settings.webAppUrl);
  const [error, setError] = useState<ErrorText | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setValue(settings.webAppUrl), [settings.webAppUrl]);

  async function save() {
    const parsed = parseWebAppUrl(value);
    if (!parsed.ok) {
      setError({ sentence: t(reasons[parsed.reason]) });
      return;
    }
    const reply = await messenger.send('settings-set', { patch: { webAppUrl: parsed.value } });
    if (!reply.ok) {
      setError(errorText(reply.error));
      return;
    }
    setValue(reply.value.webAppUrl);
    setSaved(true);
    onSettings(reply.value);
  }

  return (
    <form
      class="field"
      style={{ marginTop: 'var(--space-2)' }}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label class="field-label" for="web-app-url">
        {t('webAppLabel')}
      </label>
      <div class="row">
        <input
          id="web-app-url"
          class="input mono"
          type="url"
          inputMode="url"
          value={value}
          spellcheck={false}
          autocomplete="off"
          placeholder="https://app.your-service.example"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'web-app-url-hint web-app-url-error' : 'web-app-url-hint'}
          onInput={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
            setSaved(false);
          }}
        />
        <Button type="submit" disabled={value.trim() === settings.webAppUrl}>
          {t('webAppSave')}
        </Button>
      </div>
      <p class="field-hint" id="web-app-url-hint">
        {t('webAppHint')}
      </p>
      {saved ? (
        <p class="field-hint" role="status">
          {t('webAppSaved')}
        </p>
      ) : null}
      {error ? (
        <p class="field-error" id="web-app-url-error" role="alert">
          <ErrorMessage text={error} />
        </p>
      ) : null}
    </form>
  );
}
