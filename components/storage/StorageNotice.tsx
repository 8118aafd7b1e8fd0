import { useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { ErrorView } from '../../lib/views';
import { errorText } from '../error-text';
import { t } from '../i18n';
import { ErrorMessage } from '../ui/ErrorMessage';

export interface StorageNoticeProps {
  messenger: Messenger;
  /** The options page adds that a key saved meanwhile is kept for the session only. */
  aboutKey?: boolean;
}

/**
 * Says, in plain words, that the extension's storage (IndexedDB) is not usable and what that means:
 * profiles still come from the service, actions are refused rather than lost. Nothing when it works.
 */
export function StorageNotice({ messenger, aboutKey = false }: StorageNoticeProps) {
  const [problem, setProblem] = useState<ErrorView | null>(null);
  useEffect(() => {
    let live = true;
    void messenger.send('storage-status', {}).then((reply) => {
      if (live && reply.ok) setProblem(reply.value);
    });
    return () => {
      live = false;
    };
  }, [messenger]);
  if (!problem) return null;
  return (
    <div class="notice notice-warning storage-notice" role="alert" data-testid="storage-notice">
      <div>
        <ErrorMessage text={errorText(problem)} />
        {aboutKey ? <p class="storage-notice-key">{t('storageKeySessionOnly')}</p> : null}
      </div>
    </div>
  );
}
