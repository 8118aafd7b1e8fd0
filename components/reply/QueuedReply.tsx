/** A reply on its way in the composer: Sends in N s (Undo), Sending, Waiting for the network, or Not sent (Edit, Retry, Discard). */
import type { OutboxItemView } from '../../lib/views';
import { errorText } from '../error-text';
import { channelLabel } from '../format';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { replyItemStatus } from './reply-status';

export interface QueuedReplyProps {
  item: OutboxItemView;
  now: number;
  /** The browser's word on the network: offline, a reply past its window waits rather than "Sending". */
  online?: boolean;
  onUndo: () => void;
  /** Absent where retrying as it is would be refused again (a member who has left). */
  onRetry?: (() => void) | undefined;
  onEdit: () => void;
  onDiscard: () => void;
}

/** A reply on its way, shown as the message it will be: Sends in N s (Undo), Sending, Waiting for the network, or Not sent. */
export function QueuedReply({ item, now, online = true, onUndo, onRetry, onEdit, onDiscard }: QueuedReplyProps) {
  const status = replyItemStatus(item, now, online);
  return (
    <li class={`message message-out reply-item reply-${status.kind}`} data-testid="reply-item">
      <div class="message-meta">
        <span>{channelLabel(item.reply?.channel ?? null)}</span>
        <span aria-hidden="true">·</span>
        <span class="reply-state" data-testid="reply-state" role="status">
          {status.kind === 'window'
            ? t('replySendsIn', status.seconds)
            : status.kind === 'sending'
              ? t('replySending')
              : status.kind === 'offline'
                ? t('replyWaitingNetwork')
                : t('replyNotSent')}
        </span>
      </div>
      <div class="message-bubble">
        {item.reply?.subject ? <p class="message-subject">{item.reply.subject}</p> : null}
        <div class="message-body message-text">{item.reply?.text}</div>
      </div>
      {status.kind === 'window' ? (
        <Button size="sm" variant="soft" onClick={onUndo}>
          {t('undo')}
        </Button>
      ) : null}
      {status.kind === 'failed' ? (
        <div class="stack reply-failed">
          {item.error ? <ErrorMessage text={errorText(item.error)} /> : null}
          <div class="row">
            <Button size="sm" onClick={onEdit}>
              {t('replyEdit')}
            </Button>
            {onRetry ? (
              <Button size="sm" onClick={onRetry}>
                {t('retry')}
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={onDiscard}>
              {t('discard')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The reply last sent from the composer, as the message it became: its text stays in view after Sent. */
export function SentReply({ item }: { item: OutboxItemView }) {
  if (!item.reply) return null;
  return (
    <ol class="message-list reply-queued">
      <li class="message message-out reply-item" data-testid="reply-sent-item">
        <div class="message-bubble">
          {item.reply.subject ? <p class="message-subject">{item.reply.subject}</p> : null}
          <div class="message-body message-text">{item.reply.text}</div>
        </div>
      </li>
    </ol>
  );
}
