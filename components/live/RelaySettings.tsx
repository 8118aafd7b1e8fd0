/**
 * Live replies (issue 36): the team relay's events address and token, as `npm run relay` printed them.
 * Test opens the stream with them (as typed) and says whether it opened, was refused, or found no
 * relay; Save keeps them, and the worker follows the relay while a panel is open.
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
const results: Record<TestResult, MessageKey> = { ok: 'relayTestOk', refused: 'relayTestRefused', unreachable: 'relayTestUnreachable' };

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
  const [saved, setSaved] = useState(false);
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
    setSaved(true);
    onSettings(reply.value);
  }

  const changed = url.trim() !== settings.relayUrl || token.trim() !== settings.relayToken;
  const edited = () => {
    setError(null);
    setSaved(false);
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
        <p class={result === 'ok' ? 'field-hint' : 'field-error'} role={result === 'ok' ? 'status' : 'alert'} data-testid="relay-test-result">
          {t(results[result])}
        </p>
      ) : null}
      {saved ? (
        <p class="field-hint" role="status">
          {t('relaySaved')}
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
