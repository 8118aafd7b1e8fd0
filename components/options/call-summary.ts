import { failureMessage, summaryMessage, type CallFailure, type CallSummary } from '../../lib/api/summaries';
import type { CallLogRow } from '../../lib/views';
import { formatNumber } from '../format';
import { t, uiLocale, type MessageKey } from '../i18n';

/** A call's summary in the user's language, with the plural form its rules give. */
export function summaryWords(s: CallSummary): string {
  const m = summaryMessage(s, uiLocale(), (key) => t(key as MessageKey) !== key);
  const text = t(m.key as MessageKey, ...m.counts.map((n) => formatNumber(n)));
  return m.flagKey ? `${text}, ${t(m.flagKey as MessageKey)}` : text;
}

/** Why a call failed in the user's language; a refusal in the service's own words. */
export function failureWords(f: CallFailure): string {
  const m = failureMessage(f);
  return m ? t(m.key as MessageKey, ...m.args) : f.kind === 'refused' ? f.message : '';
}

/** The call log's summary column in the user's language; a row of an older build as it was stored. */
export function callSummaryText(row: Pick<CallLogRow, 'summary' | 'failure'>): string {
  if (row.failure) return failureWords(row.failure);
  if (typeof row.summary === 'string') return row.summary;
  return row.summary ? summaryWords(row.summary) : '';
}
