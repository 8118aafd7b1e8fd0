import type { OutboxItemView } from '../../lib/views';
import { errorText } from '../error-text';
import { channelLabel, formatShortDateTime, formatTime } from '../format';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { leadStatusLabel } from './QualifyControl';

/** The item's action in the UI language ("Snooze until Mon 17 Mar, 09:00"). */
export function outboxItemLabel(item: OutboxItemView): string {
  switch (item.kind) {
    case 'note':
      return item.note?.mode === 'append' ? t('outboxAppendNote') : t('outboxSaveNote');
    case 'archive':
      return t('archive');
    case 'unarchive':
      return t('unarchive');
    case 'snooze':
      return item.snoozeUntil !== undefined ? t('outboxSnoozeUntil', formatShortDateTime(item.snoozeUntil)) : t('snooze');
    case 'unsnooze':
      return t('unsnooze');
    case 'add-to-audience':
      return t('outboxAddToAudience', item.audience ?? '');
    case 'remove-from-audience':
      return t('outboxRemoveFromAudience', item.audience ?? '');
    case 'import-audience':
      return t('outboxImportAudience', item.audience ?? '');
    case 'enrich-person':
      return t('outboxEnrichPerson');
    case 'qualify':
      return t('outboxQualify', item.leadStatus ? leadStatusLabel(item.leadStatus) : '');
    case 'reply':
      return t('outboxReply', channelLabel(item.reply?.channel ?? null));
  }
}

/** How a waiting item stands, in the list's words: sending, retrying at a time, or waiting its turn. */
export function outboxStateText(item: OutboxItemView): string {
  if (item.state === 'sending') return t('outboxSending');
  return item.nextAttemptAt !== null && item.attempts > 0 ? t('outboxRetryAt', formatTime(item.nextAttemptAt)) : t('outboxPending');
}

export interface OutboxListProps {
  pending: readonly OutboxItemView[];
  failed: readonly OutboxItemView[];
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
  /** Show where each item goes (the options page lists every lead's items). */
  showTarget?: boolean;
}

/** Changes waiting to reach the service, and those it refused, with Retry and Discard. */
export function OutboxList({ pending, failed, onRetry, onDiscard, showTarget }: OutboxListProps) {
  if (pending.length === 0 && failed.length === 0) return null;
  return (
    <ul class="outbox" aria-label={t('outboxTitle')}>
      {failed.map((item) => (
        <li key={item.id} class="outbox-item outbox-failed">
          <div class="outbox-main">
            <span class="outbox-label">{outboxItemLabel(item)}</span>
            {showTarget ? <Target item={item} /> : null}
            <ErrorMessage class="outbox-error" text={item.error ? errorText(item.error) : { sentence: t('outboxFailed') }} />
          </div>
          <div class="row">
            <Button size="sm" onClick={() => onRetry(item.id)}>
              {t('retry')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onDiscard(item.id)}>
              {t('discard')}
            </Button>
          </div>
        </li>
      ))}
      {pending.map((item) => (
        <li key={item.id} class="outbox-item outbox-pending">
          <div class="outbox-main">
            <span class="outbox-label">
              {item.state === 'sending' ? <span class="spinner" aria-hidden="true" /> : <span class="pending-dot" aria-hidden="true" />}
              {outboxItemLabel(item)}
            </span>
            {showTarget ? <Target item={item} /> : null}
            <span class="outbox-state">{outboxStateText(item)}</span>
          </div>
          {showTarget ? (
            <div class="row">
              <Button size="sm" variant="ghost" onClick={() => onDiscard(item.id)}>
                {t('discard')}
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Whose change it is: the lead's name where known (the address then in its title), else the address. */
function Target({ item }: { item: OutboxItemView }) {
  const where = item.profileUrl ?? item.conversationId ?? item.leadId;
  if (item.leadName) return <span class="outbox-target" title={where ?? undefined}>{item.leadName}</span>;
  return where ? <span class="outbox-target">{where}</span> : null;
}
