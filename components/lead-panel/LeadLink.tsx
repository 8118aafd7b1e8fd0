import { useState } from 'preact/hooks';
import type { Messenger, Reply } from '../../lib/messages';
import type { NameSearchView } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { ErrorMessage } from '../ui/ErrorMessage';
import { FindByName } from './FindByName';
import { personReading } from '../../lib/pronet/person-name';

/**
 * The profile resolves to a lead the user linked by hand on this browser. When that lead has no
 * pronetUrl, the service can take this profile's: one user-priority call, its result said plainly.
 */
export function LinkNotice({ tabId, pronetUrlMissing, messenger }: { tabId: number; pronetUrlMissing: boolean; messenger: Messenger }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: true } | { ok: false; error: ErrorText } | null>(null);

  async function setUrl() {
    setBusy(true);
    const reply = await messenger.send('set-lead-url', { tabId });
    setBusy(false);
    setResult(reply.ok ? { ok: true } : { ok: false, error: errorText(reply.error) });
  }

  return (
    <div class="card card-body stack link-notice">
      <p class="muted small">{t('linkedNotice')}</p>
      {pronetUrlMissing ? (
        <>
          <p class="field-hint">{t('setLeadUrlHint')}</p>
          <div class="row">
            <Button size="sm" onClick={() => void setUrl()} busy={busy}>
              {t('setLeadUrl')}
            </Button>
          </div>
        </>
      ) : null}
      {result ? (
        <div class={`notice notice-${result.ok ? 'ok' : 'danger'}`} role={result.ok ? 'status' : 'alert'}>
          {result.ok ? t('leadUrlSet') : <ErrorMessage text={result.error} />}
        </div>
      ) : null}
    </div>
  );
}

export interface LeadPageWithoutLinkProps {
  words: { displayName?: string; company?: string };
  tabId: number;
  findByName: (query: { firstname: string; lastname: string; companyName: string }) => Promise<Reply<NameSearchView>>;
}

/** A lead page with no public profile link to resolve: the panel says why, and Find by name still helps. */
export function LeadPageWithoutLink({ words, tabId, findByName }: LeadPageWithoutLinkProps) {
  const reading = personReading(words);
  return (
    <div class="stack">
      <EmptyState icon="user" title={t('leadPageNoLinkTitle')} body={t('leadPageNoLinkBody')} />
      <FindByName firstname={reading.firstname} lastname={reading.lastname} company={reading.company} resetKey={`${tabId}:${words.displayName ?? ''}`} find={findByName} />
    </div>
  );
}
