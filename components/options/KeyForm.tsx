import { useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { ErrorView, KeyTestView, SettingsView } from '../../lib/views';
import { errorText, thrownText, type ErrorText } from '../error-text';
import { formatNumber } from '../format';
import { memberRoleLabel } from '../format';
import { t, tn } from '../i18n';
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

type Outcome =
  | { tone: 'ok' | 'neutral'; text: string; members?: KeyTestView }
  | { tone: 'warning'; error: ErrorText }
  | { tone: 'danger'; error: ErrorText }
  | null;

/** Failures of a test that say nothing about the key (no answer, a pause, a failing service): the save goes on, unverified. */
const UNVERIFIED: ReadonlySet<ErrorView['code']> = new Set(['offline', 'rate-limited', 'server', 'malformed']);

/**
 * The connection: the API key (typed masked, with a show toggle) and the service's base URL. Save
 * tests what is typed first (`GET /members` at the typed base URL): a refusal saves nothing and keeps
 * what was stored; no answer saves it with a "not verified" warning. The stored key never comes back
 * to this page; the form only knows whether one is set.
 */
export function KeyForm({ settings, messenger, permissions, onSettings }: KeyFormProps) {
  const [key, setKey] = useState('');
  const [visible, setVisible] = useState(false);
  const [sessionOnly, setSessionOnly] = useState(settings.sessionOnlyKey);
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl);
  const [baseUrlError, setBaseUrlError] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | 'clear' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  /** Remove key asks first: the extension stops working until a key is entered again. */
  const [confirmRemove, setConfirmRemove] = useState(false);
  useEffect(() => setBaseUrl(settings.baseUrl), [settings.baseUrl]);

  const worked = (members: KeyTestView): Outcome => ({ tone: 'ok', text: tn('keyWorks', members.members, formatNumber(members.members)), members });

  /**
   * The typed base URL, checked, with its host permission asked for from the click itself (browsers
   * grant host permissions only during the user gesture): null after showing why not.
   */
  function typedUrl(): { plan: ReturnType<typeof planBaseUrl>; granted: Promise<boolean> } | null {
    const plan = planBaseUrl(baseUrl, settings.baseUrl);
    if (plan.kind === 'error') {
      setBaseUrlError({ sentence: plan.message });
      return null;
    }
    return { plan, granted: plan.kind === 'change' && plan.permission ? permissions.request([plan.permission]) : Promise.resolve(true) };
  }

  function denied(plan: ReturnType<typeof planBaseUrl>) {
    setBaseUrlError({ sentence: t('baseUrlPermissionDenied', new URL(plan.kind === 'change' ? plan.baseUrl : baseUrl).host) });
  }

  function save(e: Event) {
    e.preventDefault();
    setOutcome(null);
    const typedKey = key.trim();
    const url = typedUrl();
    if (!url) return;
    const { plan } = url;
    if (plan.kind === 'unchanged' && !typedKey) {
      setOutcome({ tone: 'danger', error: { sentence: settings.key.set ? t('nothingToSave') : t('keyEmpty') } });
      return;
    }
    setBusy('save');
    void url.granted
      .then(async (ok) => {
        if (!ok) return denied(plan);
        const changedUrl = plan.kind === 'change' ? plan.baseUrl : undefined;
        // Test before saving: what the service refuses is never stored.
        let tested: Outcome = null;
        if (typedKey || settings.key.set) {
          const reply = await messenger.send('key-test', { ...(typedKey ? { key: typedKey } : {}), ...(changedUrl ? { baseUrl: changedUrl } : {}) });
          if (reply.ok) tested = worked(reply.value);
          else if (UNVERIFIED.has(reply.error.code)) {
            const why = errorText(reply.error);
            tested = { tone: 'warning', error: { sentence: `${t('savedNotVerified')} ${why.sentence}`, ...(why.detail ? { detail: why.detail } : {}) } };
          } else {
            const why = errorText(reply.error);
            const kept = settings.key.set ? t('nothingSavedKeyKept') : t('nothingSaved');
            setOutcome({ tone: 'danger', error: { sentence: `${why.sentence} ${kept}`, ...(why.detail ? { detail: why.detail } : {}) } });
            return;
          }
        }
        if (changedUrl) {
          const reply = await messenger.send('settings-set', { patch: { baseUrl: changedUrl } });
          if (!reply.ok) {
            setBaseUrlError(errorText(reply.error));
            return;
          }
          onSettings(reply.value);
        }
        if (typedKey) {
          const reply = await messenger.send('key-set', { key: typedKey, sessionOnly });
          if (!reply.ok) {
            setOutcome({ tone: 'danger', error: errorText(reply.error) });
            return;
          }
          onSettings(reply.value);
          setKey('');
          setVisible(false);
        }
        setOutcome(tested ?? { tone: 'ok', text: t('connectionSaved') });
      })
      .catch((error: unknown) => setOutcome({ tone: 'danger', error: thrownText(error) }))
      .finally(() => setBusy(null));
  }

  /** Tests what is typed (the key in the field, else the stored one; the base URL in the field), storing nothing. */
  function runTest() {
    setOutcome(null);
    const url = typedUrl();
    if (!url) return;
    const { plan } = url;
    const typedKey = key.trim();
    setBusy('test');
    void url.granted
      .then(async (ok) => {
        if (!ok) return denied(plan);
        const reply = await messenger.send('key-test', { ...(typedKey ? { key: typedKey } : {}), ...(plan.kind === 'change' ? { baseUrl: plan.baseUrl } : {}) });
        setOutcome(reply.ok ? worked(reply.value) : { tone: 'danger', error: errorText(reply.error) });
      })
      .catch((error: unknown) => setOutcome({ tone: 'danger', error: thrownText(error) }))
      .finally(() => setBusy(null));
  }

  async function clear() {
    setConfirmRemove(false);
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
        <Button onClick={runTest} busy={busy === 'test'} disabled={(!stored && !key.trim()) || (busy !== null && busy !== 'test')}>
          {t('testKey')}
        </Button>
        {stored && !confirmRemove ? (
          <Button variant="ghost" class="btn-danger" onClick={() => setConfirmRemove(true)} busy={busy === 'clear'}>
            {t('removeKey')}
          </Button>
        ) : null}
      </div>
      {stored && confirmRemove ? (
        <div class="notice notice-warning stack" role="alertdialog" aria-labelledby="remove-key-question">
          <p id="remove-key-question">{t('removeKeyConfirm')}</p>
          <div class="row wrap">
            <Button class="btn-danger" onClick={() => void clear()}>
              {t('removeKeyYes')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirmRemove(false)}>
              {t('removeKeyNo')}
            </Button>
          </div>
        </div>
      ) : null}
      <div aria-live="polite" data-testid="key-outcome">
        {outcome ? (
          <div class={`notice ${outcome.tone === 'neutral' ? '' : `notice-${outcome.tone}`}`}>
            <Icon name={outcome.tone === 'danger' || outcome.tone === 'warning' ? 'alert' : 'check'} />
            {outcome.tone === 'danger' || outcome.tone === 'warning' ? <ErrorMessage text={outcome.error} /> : <span>{outcome.text}</span>}
          </div>
        ) : null}
        {outcome && 'members' in outcome && outcome.members && outcome.members.list.length > 0 ? (
          <ul class="host-list member-list" aria-label={outcome.text}>
            {outcome.members.list.map((m) => (
              <li key={m.id} class="host-item">
                <span class="host-name">{m.name}</span>
                <span>{memberRoleLabel(m.label)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </form>
  );
}
