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

/** How a call ended, as the user reads it: done, found nothing (an answer, not a failure), or failed. */
export type CallOutcome = 'ok' | 'no-match' | 'failed';

export function callOutcome(row: Pick<CallLogRow, 'endpoint' | 'ok' | 'status'>): CallOutcome {
  if (row.ok) return 'ok';
  // A look-up's 404 says "no lead matches" (the worker reads it so too, lib/background/api.ts): shown
  // as a failure in red, "No lead for this profile" looked like something broke (issue 45).
  return row.endpoint === 'searchLeads' && row.status === 404 ? 'no-match' : 'failed';
}

/** The call log's summary column in the user's language; a row of an older build as it was stored. */
export function callSummaryText(row: Pick<CallLogRow, 'endpoint' | 'ok' | 'status' | 'summary' | 'failure'>): string {
  if (callOutcome(row) === 'no-match') return t('callNoLeadMatch');
  if (row.failure) return failureWords(row.failure);
  if (typeof row.summary === 'string') return row.summary;
  return row.summary ? summaryWords(row.summary) : '';
}
