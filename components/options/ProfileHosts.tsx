import { useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { SettingsView } from '../../lib/views';
import { errorText, thrownText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Icon } from '../ui/Icon';
import { profileHostPatterns } from '../../lib/pronet/canonical-url';
import { parseProfileHost, type HostPermissions } from './permissions';

export interface ProfileHostsProps {
  settings: SettingsView;
  messenger: Messenger;
  permissions: HostPermissions;
  onSettings: (settings: SettingsView) => void;
}

/** The built-in hosts, always on: the network itself (with its country and mobile sites) and the demo. */
const BUILT_IN_HOSTS = ['pronet.example', 'pronet.localhost'];

/** Extra hosts where profiles are recognised; each asks for its optional host permission on Add. */
export function ProfileHosts({ settings, messenger, permissions, onSettings }: ProfileHostsProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<ErrorText | null>(null);
  /** The host whose permission the browser is being asked for: said while no answer came. */
  const [asking, setAsking] = useState<string | null>(null);

  function add() {
    const host = parseProfileHost(value);
    if (!host) {
      setError({ sentence: t('hostInvalid') });
      return;
    }
    if (BUILT_IN_HOSTS.includes(host) || settings.profileHosts.includes(host)) {
      setError({ sentence: t('hostDuplicate', host) });
      return;
    }
    setError(null);
    // Every way the browser can say no is said (issue 45: headless Chrome showed no prompt and the
    // page said nothing): false, a rejection, a throw, and, while no answer came, that it asks.
    const denied = (e?: unknown) => setError({ sentence: t('hostPermissionDenied', host), ...(e === undefined ? {} : { detail: e instanceof Error ? e.message : String(e) }) });
    let request: Promise<boolean>;
    try {
      // Straight from the click: the permission prompt needs the user gesture.
      request = permissions.request(profileHostPatterns(host));
    } catch (e) {
      request = Promise.reject(e);
    }
    setAsking(host);
    void request
      .then(
        async (granted) => {
          setAsking(null);
          if (granted !== true) {
            denied();
            return;
          }
          const reply = await messenger.send('settings-set', { patch: { profileHosts: [...settings.profileHosts, host] } });
          if (reply.ok) {
            onSettings(reply.value);
            setValue('');
          } else setError(errorText(reply.error));
        },
        (e: unknown) => {
          setAsking(null);
          denied(e);
        },
      )
      .catch((e: unknown) => setError(thrownText(e)));
  }

  async function remove(host: string) {
    const reply = await messenger.send('settings-set', { patch: { profileHosts: settings.profileHosts.filter((h) => h !== host) } });
    if (reply.ok) {
      onSettings(reply.value);
      void permissions.remove(profileHostPatterns(host)).catch(() => undefined);
    } else setError(errorText(reply.error));
  }

  return (
    <div class="stack">
      <ul class="host-list" aria-label={t('profileHostsList')}>
        {BUILT_IN_HOSTS.map((h) => (
          <li key={h} class="host-item">
            <Icon name="globe" />
            <span class="mono host-name">{h}</span>
            <span class="pill">{t('hostBuiltIn')}</span>
          </li>
        ))}
        {settings.profileHosts.map((h) => (
          <li key={h} class="host-item">
            <Icon name="globe" />
            <span class="mono host-name">{h}</span>
            <Button size="sm" variant="ghost" aria-label={t('removeHostAria', h)} onClick={() => void remove(h)}>
              {t('remove')}
            </Button>
          </li>
        ))}
      </ul>
      <form
        class="field"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label class="field-label" for="profile-host">
          {t('profileHostLabel')}
        </label>
        <div class="row">
          <input
            id="profile-host"
            class="input mono"
            value={value}
            spellcheck={false}
            placeholder="pronet.corp.example"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'profile-host-hint profile-host-error' : 'profile-host-hint'}
            onInput={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
          />
          <Button type="submit" disabled={!value.trim()} icon={<Icon name="plus" />}>
            {t('addHost')}
          </Button>
        </div>
        <p class="field-hint" id="profile-host-hint">
          {t('profileHostHint')}
        </p>
        {asking ? (
          <p class="field-hint" role="status" data-testid="profile-host-asking">
            {t('hostPermissionAsking', asking)}
          </p>
        ) : null}
        {error ? (
          <p class="field-error" id="profile-host-error" role="alert">
            <ErrorMessage text={error} />
          </p>
        ) : null}
      </form>
    </div>
  );
}
