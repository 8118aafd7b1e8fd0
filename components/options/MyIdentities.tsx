import { useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { IdentityView, SettingsView } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { ErrorMessage } from '../ui/ErrorMessage';

export interface MyIdentitiesProps {
  settings: SettingsView;
  messenger: Messenger;
  onSettings: (settings: SettingsView) => void;
}

/**
 * "I send as": the sending identities that are the user's. The service does not link an identity to
 * a member (nor says which member holds the key), so the user says it; the queue lists them first.
 */
export function MyIdentities({ settings, messenger, onSettings }: MyIdentitiesProps) {
  const [identities, setIdentities] = useState<IdentityView[] | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  const keySet = settings.key.set;
  useEffect(() => {
    if (!keySet) return;
    void messenger.send('identities', {}).then((reply) => {
      if (reply.ok) setIdentities(reply.value);
      else setError(errorText(reply.error));
    });
  }, [messenger, keySet]);

  async function toggle(id: string, mine: boolean) {
    const next = mine ? [...settings.myIdentityIds.filter((x) => x !== id), id] : settings.myIdentityIds.filter((x) => x !== id);
    const reply = await messenger.send('settings-set', { patch: { myIdentityIds: next } });
    if (reply.ok) {
      setError(null);
      onSettings(reply.value);
    } else setError(errorText(reply.error));
  }

  return (
    <div class="stack" style={{ gap: '4px', marginTop: 'var(--space-2)' }} role="group" aria-labelledby="my-identities-label">
      <span class="field-label" id="my-identities-label">
        {t('myIdentitiesLabel')}
      </span>
      <span class="field-hint">{t('myIdentitiesHint')}</span>
      {identities && identities.length > 0 ? (
        identities.map((i) => (
          <label class="checkbox" key={i.id}>
            <input type="checkbox" checked={settings.myIdentityIds.includes(i.id)} onChange={(e) => void toggle(i.id, e.currentTarget.checked)} />
            <span>{i.name}</span>
          </label>
        ))
      ) : !error ? (
        <p class="muted">{t('myIdentitiesNone')}</p>
      ) : null}
      {error ? (
        <p class="field-error" role="alert">
          <ErrorMessage text={error} />
        </p>
      ) : null}
    </div>
  );
}
