import type { ContactField } from '../../lib/api/enrichment';
import type { EnrichmentView } from '../../lib/views';
import { formatTime } from '../format';
import { t, type MessageKey } from '../i18n';

const foundKeys: Record<ContactField, MessageKey> = {
  proEmail: 'contactProEmail',
  persoEmail: 'contactPersoEmail',
  phone: 'contactPhone',
};

/** Where the last enrichment asked from here stands: followed until the service says it ended. */
export function enrichmentText(e: EnrichmentView, now: number): string {
  switch (e.state) {
    case 'pending':
      return e.nextCheckAt !== null && e.nextCheckAt > now ? t('enrichPending', formatTime(e.nextCheckAt)) : t('enrichPendingNow');
    case 'done':
      return e.found.length > 0 ? t('enrichDone', e.found.map((f) => t(foundKeys[f]).toLowerCase()).join(', ')) : t('enrichDoneNothingNew');
    case 'not-found':
      return t('enrichNotFound');
    case 'failed':
      return t('enrichFailed');
    case 'unknown':
      return t('enrichUnknown');
  }
}

export function EnrichmentStatus({ enrichment, now }: { enrichment: EnrichmentView; now: number }) {
  const tone = enrichment.state === 'done' ? 'notice-ok' : enrichment.state === 'pending' ? '' : 'notice-warning';
  return (
    <p class={`notice ${tone}`} role="status" data-testid="enrichment-status" data-state={enrichment.state}>
      {enrichment.state === 'pending' ? <span class="spinner" aria-hidden="true" /> : null}
      {enrichmentText(enrichment, now)}
    </p>
  );
}
