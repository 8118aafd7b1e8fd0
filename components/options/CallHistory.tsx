import { Fragment } from 'preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { CallLogRow } from '../../lib/views';
import { formatDateTime, formatDuration, formatDurationExact, formatNumber } from '../format';
import { errorText, type ErrorText } from '../error-text';
import { t, uiLocale, type MessageKey } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Icon } from '../ui/Icon';
import { Pill, type PillTone } from '../ui/Pill';
import { callOutcome, callSummaryText, type CallOutcome } from './call-summary';

export interface CallHistoryProps {
  messenger: Messenger;
  /** How often to re-read the log while the page is visible (the log lives in the background). */
  refreshMs?: number;
  /** Rows read (the log keeps the newest 500). */
  limit?: number;
  pageSize?: number;
}

/**
 * The rows a filter keeps: one endpoint (or all), and a search in endpoint, status and summary. With
 * `failedOnly`, a look-up that found no lead is left out: nothing failed (the worker's list has it).
 */
export function filterCalls(rows: readonly CallLogRow[], filter: { endpoint: string; search: string; failedOnly?: boolean }): CallLogRow[] {
  const words = filter.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((r) => {
    if (filter.endpoint && r.endpoint !== filter.endpoint) return false;
    if (filter.failedOnly && callOutcome(r) !== 'failed') return false;
    const text = `${r.method} ${r.endpoint} ${r.status ?? ''} ${callSummaryText(r)}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

const OUTCOME: Record<CallOutcome, { tone: PillTone; key: MessageKey }> = {
  ok: { tone: 'ok', key: 'resultOk' },
  'no-match': { tone: 'neutral', key: 'resultNoMatch' },
  failed: { tone: 'danger', key: 'resultError' },
};

/**
 * An endpoint's name with a break opportunity before each capital ("search<wbr>Conversations"): a
 * narrow column wraps it between its words, never inside one (issue 45: "searchConversation/s").
 */
export function EndpointName({ name }: { name: string }) {
  const words = name.split(/(?=[A-Z])/);
  return (
    <span class="mono">
      {words.map((w, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {w}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * Every call to the service: when, endpoint, result, duration and a short summary; filtered by
 * endpoint and result, searched, a page at a time.
 */
export function CallHistory({ messenger, refreshMs = 5000, limit = 500, pageSize = 25 }: CallHistoryProps) {
  const [failedOnly, setFailedOnly] = useState(false);
  const [endpoint, setEndpoint] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
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

  const endpoints = useMemo(() => [...new Set((rows ?? []).map((r) => r.endpoint))].sort(), [rows]);
  const kept = useMemo(() => (rows ? filterCalls(rows, { endpoint, search, failedOnly }) : null), [rows, endpoint, search, failedOnly]);
  const pages = Math.max(1, Math.ceil((kept?.length ?? 0) / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = kept?.slice(current * pageSize, (current + 1) * pageSize) ?? null;
  // A new filter starts at the first page.
  useEffect(() => setPage(0), [failedOnly, endpoint, search]);

  return (
    <div class="stack">
      <div class="row wrap call-filters">
        <label class="checkbox">
          <input type="checkbox" checked={failedOnly} onChange={(e) => setFailedOnly(e.currentTarget.checked)} />
          <span>{t('failedOnly')}</span>
        </label>
        <select class="input" aria-label={t('callEndpointFilter')} value={endpoint} onChange={(e) => setEndpoint(e.currentTarget.value)}>
          <option value="">{t('callAllEndpoints')}</option>
          {endpoints.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <input
          class="input call-search"
          type="search"
          aria-label={t('callSearch')}
          placeholder={t('callSearch')}
          value={search}
          onInput={(e) => setSearch(e.currentTarget.value)}
        />
        <span class="spacer" />
        <span class="muted small" aria-live="polite" data-testid="call-count">
          {kept && shown
            ? kept.length > shown.length
              ? t('callRange', formatNumber(current * pageSize + 1), formatNumber(current * pageSize + shown.length), formatNumber(kept.length))
              : t(new Intl.PluralRules(uiLocale()).select(kept.length) === 'one' ? 'callCountOne' : 'callCount', formatNumber(kept.length))
            : ''}
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
              <th scope="col" class="num">
                {t('colDuration')}
              </th>
              <th scope="col">{t('colSummary')}</th>
            </tr>
          </thead>
          <tbody>
            {shown === null ? (
              <tr>
                <td colSpan={5} class="muted">
                  {t('loading')}
                </td>
              </tr>
            ) : shown.length === 0 ? (
              <tr>
                <td colSpan={5} class="muted table-empty">
                  {endpoint || search.trim() ? t('noMatchingCalls') : failedOnly ? t('noFailedCalls') : t('noCalls')}
                </td>
              </tr>
            ) : (
              shown.map((r) => {
                const outcome = callOutcome(r);
                const { tone, key } = OUTCOME[outcome];
                return (
                  <tr key={r.id} class={outcome === 'failed' ? 'row-failed' : ''}>
                    <td class="nowrap">{formatDateTime(r.at)}</td>
                    <td class="call-endpoint">
                      <span class="method">{r.method}</span> <EndpointName name={r.endpoint} />
                    </td>
                    <td class="nowrap">
                      {/* "No match" says what the 404 meant; its status stays in the tooltip and the search. */}
                      <Pill tone={tone} title={outcome === 'no-match' ? String(r.status) : undefined}>
                        {t(key)}
                        {r.status !== null && outcome !== 'no-match' ? ` ${r.status}` : ''}
                      </Pill>
                    </td>
                    <td class="num nowrap" title={formatDurationExact(r.durationMs)}>
                      {formatDuration(r.durationMs)}
                    </td>
                    <td class="summary">{callSummaryText(r)}</td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav class="row pager" aria-label={t('callPages')}>
          <Button size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t('previousPage')}
          </Button>
          <span class="muted small">{t('pageOf', formatNumber(current + 1), formatNumber(pages))}</span>
          <Button size="sm" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            {t('nextPage')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
