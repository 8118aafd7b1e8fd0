import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { CallLogRow } from '../../lib/views';
import { formatDateTime, formatNumber } from '../format';
import { errorText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Icon } from '../ui/Icon';

export interface CallHistoryProps {
  messenger: Messenger;
  /** How often to re-read the log while the page is visible (the log lives in the background). */
  refreshMs?: number;
  limit?: number;
}

/** Every call to the service: endpoint, result, a short summary and when; a failed-only filter. */
export function CallHistory({ messenger, refreshMs = 5000, limit = 200 }: CallHistoryProps) {
  const [failedOnly, setFailedOnly] = useState(false);
  const [rows, setRows] = useState<CallLogRow[] | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);

  const load = useCallback(async () => {
    const reply = await messenger.send('call-log', { failedOnly, limit });
    if (reply.ok) {
      setRows(reply.value);
      setError(null);
    } else setError(errorText(reply.error));
  }, [messenger, failedOnly, limit]);

  useEffect(() => {
    void load();
    const handle = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, refreshMs);
    return () => clearInterval(handle);
  }, [load, refreshMs]);

  return (
    <div class="stack">
      <div class="row wrap">
        <label class="checkbox">
          <input type="checkbox" checked={failedOnly} onChange={(e) => setFailedOnly(e.currentTarget.checked)} />
          <span>{t('failedOnly')}</span>
        </label>
        <span class="spacer" />
        <span class="muted small" aria-live="polite">
          {rows ? t('callCount', formatNumber(rows.length)) : ''}
        </span>
        <Button size="sm" variant="ghost" onClick={() => void load()} icon={<Icon name="refresh" />}>
          {t('refresh')}
        </Button>
      </div>
      {error ? (
        <div class="notice notice-danger" role="alert">
          <ErrorMessage text={error} />
        </div>
      ) : null}
      <div class="table-wrap">
        <table class="table" aria-label={t('callHistoryTitle')}>
          <thead>
            <tr>
              <th scope="col">{t('colTime')}</th>
              <th scope="col">{t('colEndpoint')}</th>
              <th scope="col">{t('colResult')}</th>
              <th scope="col">{t('colSummary')}</th>
              <th scope="col" class="num">
                {t('colDuration')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows === null ? (
              <tr>
                <td colSpan={5} class="muted">
                  {t('loading')}
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={5} class="muted table-empty">
                  {failedOnly ? t('noFailedCalls') : t('noCalls')}
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.id} class={r.ok ? '' : 'row-failed'}>
                  <td class="nowrap">{formatDateTime(r.at)}</td>
                  <td class="nowrap">
                    <span class="method">{r.method}</span> <span class="mono">{r.endpoint}</span>
                  </td>
                  <td class="nowrap">
                    <span class={`pill ${r.ok ? 'pill-ok' : 'pill-danger'}`}>
                      {r.ok ? t('resultOk') : t('resultError')}
                      {r.status !== null ? ` ${r.status}` : ''}
                    </span>
                  </td>
                  <td class="summary">{r.summary}</td>
                  <td class="num nowrap">{t('durationMs', formatNumber(Math.round(r.durationMs)))}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
