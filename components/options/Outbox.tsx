import type { OutboxItemView } from '../../lib/views';
import { t } from '../i18n';
import { OutboxList } from '../lead-panel/OutboxList';

export interface OutboxProps {
  items: readonly OutboxItemView[] | null;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}

/** Every change still on its way to the service, and those it refused, across all leads. */
export function Outbox({ items, onRetry, onDiscard }: OutboxProps) {
  if (items === null) return <p class="muted">{t('loading')}</p>;
  const failed = items.filter((i) => i.state === 'failed');
  const pending = items.filter((i) => i.state !== 'failed');
  if (items.length === 0) return <p class="muted">{t('outboxEmpty')}</p>;
  return <OutboxList pending={pending} failed={failed} onRetry={onRetry} onDiscard={onDiscard} showTarget />;
}
