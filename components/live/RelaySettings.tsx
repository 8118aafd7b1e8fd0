/**
 * Live replies (issue 36): the team relay's events address and token, as `npm run relay` printed them.
 * Test checks them (as typed) end to end: the stream opens, the relay's webhook is on the service
 * (put back if it had gone), and a ping posted where the service posts comes back on the stream (issue
 * 41). Save keeps them, and the worker follows the relay while a panel is open.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Messenger, ReplyOf } from '../../lib/messages';
import type { SettingsView } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { t, type MessageKey } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';

export interface RelaySettingsProps {
  settings: SettingsView;
  messenger: Messenger;
  onSettings: (settings: SettingsView) => void;
}

type TestResult = ReplyOf<'relay-test'>['result'];
const results: Record<TestResult, MessageKey> = {
  ok: 'relayTestOk',
  're-registered': 'relayTestReRegistered',
  'no-webhook': 'relayTestNoWebhook',
  'no-delivery': 'relayTestNoDelivery',
  refused: 'relayTestRefused',
  unreachable: 'relayTestUnreachable',
  outdated: 'relayTestOutdated',
};
/** Live replies work (the webhook was put back, if it had gone): said as news, not as a problem. */
const working = (r: TestResult) => r === 'ok' || r === 're-registered';

/** An http(s) address, or null. */
function relayAddress(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function RelaySettings({ settings, messenger, onSettings }: RelaySettingsProps) {
  const [url, setUrl] = useState(settings.relayUrl);
  const [token, setToken] = useState(settings.relayToken);
  const [result, setResult] = useState<TestResult | 'testing' | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  /** What Save did: follow a relay, or go without one. */
  const [saved, setSaved] = useState<'relay' | 'none' | null>(null);
  useEffect(() => setUrl(settings.relayUrl), [settings.relayUrl]);
  useEffect(() => setToken(settings.relayToken), [settings.relayToken]);

  const typed = () => {
    const address = url.trim() === '' ? '' : relayAddress(url);
    if (address === null) {
      setError({ sentence: t('relayUrlInvalid') });
      return null;
    }
    if (address !== '' && token.trim() === '') {
      setError({ sentence: t('relayTokenMissing') });
      return null;
    }
    return { url: address, token: address === '' ? '' : token.trim() };
  };

  async function test() {
    const v = typed();
    if (!v || v.url === '') return;
    setResult('testing');
    const reply = await messenger.send('relay-test', v);
    if (!reply.ok) {
      setResult(null);
      setError(errorText(reply.error));
      return;
    }
    setResult(reply.value.result);
  }

  async function save() {
    const v = typed();
    if (!v) return;
    const reply = await messenger.send('settings-set', { patch: { relayUrl: v.url, relayToken: v.token } });
    if (!reply.ok) {
      setError(errorText(reply.error));
      return;
    }
    setSaved(v.url === '' ? 'none' : 'relay');
    onSettings(reply.value);
  }

  const changed = url.trim() !== settings.relayUrl || token.trim() !== settings.relayToken;
  const edited = () => {
    setError(null);
    setSaved(null);
    setResult(null);
  };
  return (
    <form
      class="field"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label class="field-label" for="relay-url">
        {t('relayUrlLabel')}
      </label>
      <input
        id="relay-url"
        class="input mono"
        type="url"
        inputMode="url"
        value={url}
        spellcheck={false}
        autocomplete="off"
        placeholder="http://127.0.0.1:8790/events"
        aria-describedby="relay-hint"
        onInput={(e) => {
          setUrl(e.currentTarget.value);
          edited();
        }}
      />
      <label class="field-label" for="relay-token" style={{ marginTop: 'var(--space-2)' }}>
        {t('relayTokenLabel')}
      </label>
      <div class="row">
        <input
          id="relay-token"
          class="input mono"
          type="password"
          value={token}
          spellcheck={false}
          autocomplete="off"
          onInput={(e) => {
            setToken(e.currentTarget.value);
            edited();
          }}
        />
        <Button type="button" variant="soft" disabled={url.trim() === '' || result === 'testing'} onClick={() => void test()}>
          {t('relayTest')}
        </Button>
        <Button type="submit" disabled={!changed}>
          {t('relaySave')}
        </Button>
      </div>
      <p class="field-hint" id="relay-hint">
        {t('relayHint')}
      </p>
      {result !== null && result !== 'testing' ? (
        <p class={working(result) ? 'field-hint' : 'field-error'} role={working(result) ? 'status' : 'alert'} data-testid="relay-test-result">
          {t(results[result])}
        </p>
      ) : null}
      {saved ? (
        <p class="field-hint" role="status">
          {t(saved === 'relay' ? 'relaySaved' : 'relaySavedNone')}
        </p>
      ) : null}
      {error ? (
        <p class="field-error" role="alert">
          <ErrorMessage text={error} />
        </p>
      ) : null}
    </form>
  );
}
