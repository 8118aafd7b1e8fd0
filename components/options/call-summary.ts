import { readSummary, type CallSummary } from '../../lib/api/summaries';
import { formatNumber } from '../format';
import { t, uiLocale, type MessageKey } from '../i18n';

/** A call's summary in the user's language; `n` picks the plural form the language's rules give. */
export function summaryWords(s: CallSummary): string {
  const base = `callSummary_${s.kind}`;
  const one = `${base}_one`;
  const counted = s.n !== undefined && new Intl.PluralRules(uiLocale()).select(s.n) === 'one' && t(one as MessageKey) !== one;
  const text = t((counted ? one : base) as MessageKey, ...[s.n, s.of].filter((x) => x !== undefined).map((x) => formatNumber(x)));
  if (!s.flag) return text;
  const flag = s.kind === 'leadsFound' ? t('callSummaryMoreMatched') : s.kind === 'noteSaved' ? t('callSummaryTruncated') : null;
  return flag ? `${text}, ${flag}` : text;
}

/** The call log's summary column in the user's language; a failed call's text is the service's own. */
export function callSummaryText(stored: string): string {
  const s = readSummary(stored);
  return s ? summaryWords(s) : stored;
}
