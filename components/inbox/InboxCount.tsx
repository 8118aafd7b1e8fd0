import { useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { InboxCountView } from '../../lib/views';
import { t } from '../i18n';

/** The popup's line: how many conversations wait for a reply, and the way to the queue. */
export function InboxCount({ messenger, onOpenQueue }: { messenger: Messenger; onOpenQueue: () => void }) {
  const [count, setCount] = useState<InboxCountView | null>(null);
  useEffect(() => {
    void messenger.send('inbox-count', {}).then((reply) => reply.ok && setCount(reply.value));
  }, [messenger]);
  return (
    <p class="inbox-count row">
      <span data-testid="inbox-count">{count?.count != null ? t('inboxCountWaiting', count.count) : t('inboxCountUnknown')}</span>
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
