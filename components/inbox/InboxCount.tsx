import { useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { InboxCountView } from '../../lib/views';
import { t } from '../i18n';

/** The popup's line: how many conversations wait for a reply, and the way to the queue. */
export interface InboxCountProps {
  messenger: Messenger;
  onOpenQueue: () => void;
  /** The count's pushes (`inbox-count-changed`): the line follows a reply or an archive made meanwhile. */
  onCountPush?: (listener: (count: number | null) => void) => () => void;
}

export function InboxCount({ messenger, onOpenQueue, onCountPush }: InboxCountProps) {
  // null: asked, no answer yet (never counted is an answer: the background counts then, or says so).
  const [count, setCount] = useState<InboxCountView | 'unknown' | 'no-key' | null>(null);
  useEffect(() => {
    let pushed = false;
    const off = onCountPush?.((n) => {
      pushed = true;
      setCount({ count: n, at: Date.now() });
    });
    // A push that came first is newer than this answer.
    void messenger.send('inbox-count', {}).then((reply) => pushed || setCount(reply.ok ? reply.value : reply.error.code === 'no-key' ? 'no-key' : 'unknown'));
    return off;
  }, [messenger, onCountPush]);
  const known = typeof count === 'object' && count !== null && count.count != null ? count.count : null;
  return (
    <p class="inbox-count row" aria-busy={count === null ? true : undefined}>
      <span data-testid="inbox-count">{count === null ? t('inboxCountLoading') : known !== null ? t('inboxCountWaiting', known) : count === 'no-key' ? t('inboxCountNoKey') : t('inboxCountUnknown')}</span>
      <span class="spacer" />
      <a href="#" onClick={(e) => {
        e.preventDefault();
        onOpenQueue();
      }}>
        {t('inboxOpenQueue')}
      </a>
    </p>
  );
}
