/**
 * The emulator's call history words a call's summary in English, from the extension's English
 * catalogue: the same messages the options page shows, so the two histories read alike.
 */
import en from '../public/_locales/en/messages.json' with { type: 'json' };
import { summaryMessage, type CallSummary } from '../lib/api/summaries';

const catalog = en as Record<string, { message: string }>;

export function englishSummary(s: CallSummary): string {
  const m = summaryMessage(s, 'en', (key) => key in catalog);
  const text = catalog[m.key]!.message.replace(/\$p(\d)\$/g, (_whole, i: string) => String(m.counts[Number(i) - 1] ?? ''));
  return m.flagKey ? `${text}, ${catalog[m.flagKey]!.message}` : text;
}
