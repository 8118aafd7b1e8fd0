/**
 * "Enrich the selected" (issue 43), under This page's Add button: the cost of the whole selection for
 * the chosen type and the balance first (a selection that costs more says so, and its button stays
 * off), then the batch's progress and each person's result as it comes (pushed with This page's view:
 * no polling here). The balance is read again once the batch has nothing left to send.
 */
import { useEffect, useState } from 'preact/hooks';
import { ENRICH_CREDIT_COST, ENRICH_TYPES, type ContactField, type EnrichType } from '../../lib/api/enrichment';
import type { Messenger } from '../../lib/messages';
import type { CreditsView, EnrichBatchView, EnrichPersonView, ThisPageView } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { formatNumber } from '../format';
import { t, tn, type MessageKey } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Notice, type NoticeMessage } from '../ui/Notice';

export interface EnrichSelectedProps {
  messenger: Messenger;
  tabId: number;
  /** The people chosen (possibly from several result pages). */
  people: readonly { url: string; name?: string; title?: string; company?: string }[];
  /** The tab's latest batch, as This page's view carries it. */
  batch?: EnrichBatchView | undefined;
  /** The view the press answered. */
  onView?: (view: ThisPageView) => void;
}

const typeKeys: Record<EnrichType, MessageKey> = { EMAIL_ENRICH: 'enrichTypeEmail', PRONET_ENRICH: 'enrichTypeProfile', FULL_ENRICH: 'enrichTypeFull' };
const foundKeys: Record<ContactField, MessageKey> = { proEmail: 'contactProEmail', persoEmail: 'contactPersoEmail', phone: 'contactPhone' };

export function EnrichSelected({ messenger, tabId, people, batch, onView }: EnrichSelectedProps) {
  const [enrichType, setEnrichType] = useState<EnrichType>('EMAIL_ENRICH');
  const [credits, setCredits] = useState<CreditsView | null>(null);
  const [creditsError, setCreditsError] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<NoticeMessage | null>(null);

  // Read on mount, and again once a batch has nothing left to send (what it spent shows).
  const settled = batch && !batch.sending ? `${batch.id}:${batch.enriched}:${batch.unknown}` : '';
  useEffect(() => {
    let live = true;
    void messenger.send('credits', {}).then((reply) => {
      if (!live) return;
      if (reply.ok) {
        setCredits(reply.value);
        setCreditsError(null);
      } else setCreditsError(errorText(reply.error));
    });
    return () => void (live = false);
  }, [messenger, settled]);

  const cost = people.length * ENRICH_CREDIT_COST[enrichType];
  const short = credits !== null && cost > credits.total;

  async function press() {
    if (people.length === 0 || short || credits === null) return;
    setBusy(true);
    setMessage(null);
    const reply = await messenger.send('this-page-enrich', { tabId, enrichType, people: [...people] });
    setBusy(false);
    if (reply.ok) onView?.(reply.value);
    else setMessage({ tone: 'danger', error: errorText(reply.error) });
  }

  return (
    <div class="stack enrich-selected" data-testid="enrich-selected">
      <h3 class="card-title">{t('enrichSelectedTitle')}</h3>
      <div class="field">
        <label class="field-label" for="enrich-selected-type">
          {t('enrichTypeLabel')}
        </label>
        <select id="enrich-selected-type" class="select" value={enrichType} onChange={(e) => setEnrichType(e.currentTarget.value as EnrichType)}>
          {ENRICH_TYPES.map((type) => (
            <option key={type} value={type}>
              {t('enrichOptionCost', t(typeKeys[type]), formatNumber(ENRICH_CREDIT_COST[type]))}
            </option>
          ))}
        </select>
      </div>
      <p class="muted small" data-testid="enrich-selected-cost" aria-live="polite">
        {people.length === 0
          ? t('enrichSelectedPickFirst')
          : credits === null
            ? creditsError
              ? null
              : t('creditsLoading')
            : tn('enrichSelectedCost', people.length, formatNumber(cost), formatNumber(people.length), formatNumber(credits.total))}
      </p>
      {creditsError ? <ErrorMessage text={creditsError} /> : null}
      {short && credits ? (
        <p class="enrich-selected-short" role="alert">
          {t('enrichSelectedShort', formatNumber(cost), formatNumber(credits.total))}
        </p>
      ) : null}
      <Button variant="soft" block onClick={() => void press()} busy={busy} disabled={people.length === 0 || credits === null || short || busy}>
        {people.length > 0 ? t('enrichSelectedButton', formatNumber(people.length)) : t('enrichSelectedTitle')}
      </Button>
      {batch ? <EnrichProgress batch={batch} /> : null}
      <Notice message={message} />
    </div>
  );
}

function EnrichProgress({ batch }: { batch: EnrichBatchView }) {
  const underWay = batch.enriched - batch.results;
  const counts = [
    underWay > 0 ? t('enrichSelectedUnderWay', formatNumber(underWay)) : null,
    batch.refused > 0 ? tn('enrichSelectedRefused', batch.refused, formatNumber(batch.refused)) : null,
    batch.unknown > 0 ? tn('enrichSelectedUnknownCount', batch.unknown, formatNumber(batch.unknown)) : null,
    batch.skipped > 0 ? tn('enrichSelectedSkippedCount', batch.skipped, formatNumber(batch.skipped)) : null,
  ].filter(Boolean);
  return (
    <div class="stack enrich-selected-batch">
      <p role="status" data-testid="enrich-progress">
        {t('enrichSelectedProgress', formatNumber(batch.results), formatNumber(batch.total))}
      </p>
      {counts.length > 0 ? <p class="muted small">{counts.join(' · ')}</p> : null}
      <ul class="enrich-selected-people" aria-label={t('enrichSelectedPeople')}>
        {batch.people.map((p) => (
          <li key={p.profileUrl} class="enrich-selected-person" data-state={p.state}>
            <span class="enrich-selected-name">{p.name ?? p.profileUrl}</span>
            <span class={`pill enrich-state-${p.state}`}>{stateText(p)}</span>
            {p.error ? <ErrorMessage text={errorText(p.error)} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function stateText(p: EnrichPersonView): string {
  switch (p.state) {
    case 'queued':
      return t('enrichStateQueued');
    case 'enriching':
      return t('enrichStateEnriching');
    case 'found':
      return p.found.length > 0 ? t('enrichStateFound', p.found.map((f) => t(foundKeys[f]).toLowerCase()).join(', ')) : t('enrichStateFoundNothingNew');
    case 'nothing':
      return t('enrichStateNothing');
    case 'failed':
      return t('enrichStateFailed');
    case 'refused':
      return t('enrichStateRefused');
    case 'unknown':
      return t('enrichStateUnknown');
    case 'skipped':
      return t('enrichStateSkipped');
  }
}
