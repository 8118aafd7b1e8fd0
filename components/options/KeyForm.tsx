import { useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { KeyTestView, SettingsView } from '../../lib/views';
import { errorText, thrownText, type ErrorText } from '../error-text';
import { formatNumber } from '../format';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Icon } from '../ui/Icon';
import { BaseUrlField, planBaseUrl } from './BaseUrlField';
import type { HostPermissions } from './permissions';

export interface KeyFormProps {
  settings: SettingsView;
  messenger: Messenger;
  permissions: HostPermissions;
  onSettings: (settings: SettingsView) => void;
}

type Outcome = { tone: 'ok' | 'neutral'; text: string; members?: KeyTestView } | { tone: 'danger'; error: ErrorText } | null;

/**
 * The connection: the API key (typed masked, with a show toggle) and the service's base URL, saved
 * together by one Save, then tested with `GET /members`. The stored key never comes back to this
 * page; the form only knows whether one is set.
 */
export function KeyForm({ settings, messenger, permissions, onSettings }: KeyFormProps) {
  const [key, setKey] = useState('');
  const [visible, setVisible] = useState(false);
  const [sessionOnly, setSessionOnly] = useState(settings.sessionOnlyKey);
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl);
  const [baseUrlError, setBaseUrlError] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | 'clear' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => setBaseUrl(settings.baseUrl), [settings.baseUrl]);

  async function test(candidate?: string) {
    const reply = await messenger.send('key-test', candidate ? { key: candidate } : {});
    if (reply.ok) setOutcome({ tone: 'ok', text: t('keyWorks', formatNumber(reply.value.members)), members: reply.value });
    else setOutcome({ tone: 'danger', error: errorText(reply.error) });
  }

  function save(e: Event) {
    e.preventDefault();
    setOutcome(null);
    const plan = planBaseUrl(baseUrl, settings.baseUrl);
    if (plan.kind === 'error') {
      setBaseUrlError({ sentence: plan.message });
      return;
    }
    const typedKey = key.trim();
    if (plan.kind === 'unchanged' && !typedKey) {
      setOutcome({ tone: 'danger', error: { sentence: settings.key.set ? t('nothingToSave') : t('keyEmpty') } });
      return;
    }
    // Asked for from the click itself, before any await: browsers grant host permissions only
    // during the user gesture.
    const granted = plan.kind === 'change' && plan.permission ? permissions.request([plan.permission]) : Promise.resolve(true);
    setBusy('save');
    void granted
      .then(async (ok) => {
        if (!ok) {
          setBaseUrlError({ sentence: t('baseUrlPermissionDenied', new URL(plan.kind === 'change' ? plan.baseUrl : baseUrl).host) });
          return;
        }
        let latest = settings;
        if (plan.kind === 'change') {
          const reply = await messenger.send('settings-set', { patch: { baseUrl: plan.baseUrl } });
          if (!reply.ok) {
            setBaseUrlError(errorText(reply.error));
            return;
          }
          latest = reply.value;
          onSettings(latest);
        }
        if (typedKey) {
          const reply = await messenger.send('key-set', { key: typedKey, sessionOnly });
          if (!reply.ok) {
            setOutcome({ tone: 'danger', error: errorText(reply.error) });
            return;
          }
          latest = reply.value;
          onSettings(latest);
          setKey('');
          setVisible(false);
        }
        setOutcome({ tone: 'ok', text: t('connectionSaved') });
        if (latest.key.set) {
          setBusy('test');
          await test();
        }
      })
      .catch((error: unknown) => setOutcome({ tone: 'danger', error: thrownText(error) }))
      .finally(() => setBusy(null));
  }

  async function runTest() {
    setBusy('test');
    setOutcome(null);
    await test(key.trim() || undefined);
    setBusy(null);
  }

  async function clear() {
    setBusy('clear');
    const reply = await messenger.send('key-clear', {});
    setBusy(null);
    if (reply.ok) {
      onSettings(reply.value);
      setOutcome({ tone: 'neutral', text: t('keyCleared') });
    } else setOutcome({ tone: 'danger', error: errorText(reply.error) });
  }

  const stored = settings.key.set;
  return (
    <form class="stack" onSubmit={save} noValidate>
      <div class="key-status" data-testid="key-status">
        {stored ? (
          <span class="pill pill-ok">
            <Icon name="check" size={12} />
            {settings.key.storage === 'session' ? t('keyStoredSession') : t('keyStoredPersistent')}
          </span>
        ) : (
          <span class="pill pill-danger">{t('keyNotSet')}</span>
        )}
      </div>
      <div class="field">
        <label class="field-label" for="api-key">
          {t('apiKeyLabel')}
        </label>
        <div class="input-group">
          <input
            id="api-key"
            class="input mono"
            // Preact types `type` per literal; both values are valid for this input.
            type={(visible ? 'text' : 'password') as 'password'}
            value={key}
            autocomplete="off"
            spellcheck={false}
            placeholder={stored ? t('apiKeyPlaceholderStored') : t('apiKeyPlaceholder')}
            aria-describedby="api-key-hint"
            onInput={(e) => setKey(e.currentTarget.value)}
          />
          <button
            type="button"
            class="btn input-addon"
            aria-pressed={visible}
            aria-label={visible ? t('hideKey') : t('showKey')}
            title={visible ? t('hideKey') : t('showKey')}
            onClick={() => setVisible((v) => !v)}
          >
            <Icon name={visible ? 'eyeOff' : 'eye'} />
          </button>
        </div>
        <p class="field-hint" id="api-key-hint">
          {t('apiKeyHint')}
        </p>
      </div>
      <label class="checkbox">
        <input type="checkbox" checked={sessionOnly} onChange={(e) => setSessionOnly(e.currentTarget.checked)} />
        <span>
          {t('sessionOnlyLabel')}
          <span class="field-hint block">{t('sessionOnlyHint')}</span>
        </span>
      </label>
      <BaseUrlField
        value={baseUrl}
        error={baseUrlError}
        onInput={(value) => {
          setBaseUrl(value);
          setBaseUrlError(null);
        }}
      />
      <div class="row wrap">
        <Button type="submit" variant="primary" busy={busy === 'save'} disabled={busy !== null && busy !== 'save'}>
          {t('save')}
        </Button>
        <Button onClick={() => void runTest()} busy={busy === 'test'} disabled={(!stored && !key.trim()) || (busy !== null && busy !== 'test')}>
          {t('testKey')}
        </Button>
        {stored ? (
          <Button variant="ghost" class="btn-danger" onClick={() => void clear()} busy={busy === 'clear'}>
            {t('removeKey')}
          </Button>
        ) : null}
      </div>
      <div aria-live="polite" data-testid="key-outcome">
        {outcome ? (
          <div class={`notice ${outcome.tone === 'ok' ? 'notice-ok' : outcome.tone === 'danger' ? 'notice-danger' : ''}`}>
            <Icon name={outcome.tone === 'danger' ? 'alert' : 'check'} />
            {outcome.tone === 'danger' ? <ErrorMessage text={outcome.error} /> : <span>{outcome.text}</span>}
          </div>
        ) : null}
        {outcome && outcome.tone !== 'danger' && outcome.members && outcome.members.list.length > 0 ? (
          <ul class="host-list member-list" aria-label={outcome.text}>
            {outcome.members.list.map((m) => (
              <li key={m.id} class="host-item">
                <span class="host-name">{m.name}</span>
                <span>{m.label}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </form>
  );
}
