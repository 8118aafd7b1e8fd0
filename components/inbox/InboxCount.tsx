import { useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { InboxCountView } from '../../lib/views';
import { t } from '../i18n';

/** The popup's line: how many conversations wait for a reply, and the way to the queue. */
export function InboxCount({ messenger, onOpenQueue }: { messenger: Messenger; onOpenQueue: () => void }) {
  // null: asked, no answer yet (never counted is an answer: the background counts then, or says so).
  const [count, setCount] = useState<InboxCountView | 'unknown' | null>(null);
  useEffect(() => {
    void messenger.send('inbox-count', {}).then((reply) => setCount(reply.ok ? reply.value : 'unknown'));
  }, [messenger]);
  const known = count !== null && count !== 'unknown' && count.count != null ? count.count : null;
  return (
    <p class="inbox-count row" aria-busy={count === null ? true : undefined}>
      <span data-testid="inbox-count">{count === null ? t('inboxCountLoading') : known !== null ? t('inboxCountWaiting', known) : t('inboxCountUnknown')}</span>
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
