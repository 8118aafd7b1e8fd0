import { useEffect, useState } from 'preact/hooks';
import { DEFAULT_BASE_URL, type Messenger, type SettingsView } from '../../lib/messages';
import { t, type MessageKey } from '../i18n';
import { Button } from '../ui/Button';
import { normaliseBaseUrl, originPatternFor, parseBaseUrl, type HostPermissions } from './permissions';

export interface BaseUrlFieldProps {
  settings: SettingsView;
  messenger: Messenger;
  permissions: HostPermissions;
  onSettings: (settings: SettingsView) => void;
}

const reasons: Record<'invalid' | 'scheme' | 'credentials' | 'extra', MessageKey> = {
  invalid: 'baseUrlInvalid',
  scheme: 'baseUrlScheme',
  credentials: 'baseUrlCredentials',
  extra: 'baseUrlExtra',
};

/**
 * The service's base URL. A host outside the built-in ones needs a host permission, asked for from
 * the click itself (browsers only grant it during a user gesture), before the setting changes.
 */
export function BaseUrlField({ settings, messenger, permissions, onSettings }: BaseUrlFieldProps) {
  const [value, setValue] = useState(settings.baseUrl);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(settings.baseUrl), [settings.baseUrl]);

  function apply(target: string) {
    setDone(null);
    const parsed = parseBaseUrl(target);
    if (!parsed.ok) {
      setError(t(reasons[parsed.reason]));
      return;
    }
    setError(null);
    const pattern = originPatternFor(parsed.url);
    // No await before this call: the permission prompt needs the click's user gesture.
    const granted = pattern ? permissions.request([pattern]) : Promise.resolve(true);
    setBusy(true);
    void granted
      .then(async (ok) => {
        if (!ok) {
          setError(t('baseUrlPermissionDenied', parsed.url.host));
          return;
        }
        const reply = await messenger.send('settings-set', { patch: { baseUrl: normaliseBaseUrl(parsed.url) } });
        if (reply.ok) {
          onSettings(reply.value);
          setDone(t('baseUrlApplied'));
        } else setError(reply.error.message);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  }

  const changed = value.trim() !== settings.baseUrl;
  return (
    <form
      class="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        apply(value);
      }}
    >
      <div class="field">
        <label class="field-label" for="base-url">
          {t('baseUrlLabel')}
        </label>
        <input
          id="base-url"
          class="input mono"
          type="url"
          inputMode="url"
          value={value}
          spellcheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'base-url-hint base-url-error' : 'base-url-hint'}
          onInput={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
            setDone(null);
          }}
        />
        <p class="field-hint" id="base-url-hint">
          {t('baseUrlHint', DEFAULT_BASE_URL)}
        </p>
        {error ? (
          <p class="field-error" id="base-url-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div class="row wrap">
        <Button type="submit" busy={busy} disabled={!changed}>
          {t('apply')}
        </Button>
        {settings.baseUrl !== DEFAULT_BASE_URL ? (
          <Button variant="ghost" onClick={() => apply(DEFAULT_BASE_URL)}>
            {t('resetDefault')}
          </Button>
        ) : null}
        <span class="saved-hint" role="status">
          {done}
        </span>
      </div>
    </form>
  );
}
