import { readSummary, summaryMessage, type CallSummary } from '../../lib/api/summaries';
import { formatNumber } from '../format';
import { t, uiLocale, type MessageKey } from '../i18n';

/** A call's summary in the user's language, with the plural form its rules give. */
export function summaryWords(s: CallSummary): string {
  const m = summaryMessage(s, uiLocale(), (key) => t(key as MessageKey) !== key);
  const text = t(m.key as MessageKey, ...m.counts.map((n) => formatNumber(n)));
  return m.flagKey ? `${text}, ${t(m.flagKey as MessageKey)}` : text;
}

/** The call log's summary column in the user's language; a failed call's text is the service's own. */
export function callSummaryText(stored: string): string {
  const s = readSummary(stored);
  return s ? summaryWords(s) : stored;
}
