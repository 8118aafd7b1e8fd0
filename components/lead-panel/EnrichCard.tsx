import { useEffect, useState } from 'preact/hooks';
import { ENRICH_CREDIT_COST, type EnrichType } from '../../lib/api/enrichment';
import type { Reply } from '../../lib/messages';
import type { CreditsView, EnrichmentView, EnrichResultView } from '../../lib/views';
import { actionErrorText, errorText, type ErrorText } from '../error-text';
import { formatNumber } from '../format';
import { t, tn, type MessageKey } from '../i18n';
import { EnrichmentStatus } from './EnrichmentStatus';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Icon } from '../ui/Icon';
import { Notice, type NoticeMessage } from '../ui/Notice';

export interface EnrichCardProps {
  loadCredits: () => Promise<Reply<CreditsView>>;
  enrich: (enrichType: EnrichType) => Promise<Reply<EnrichResultView>>;
  /** Why Enrich cannot run yet (a profile's enrichment needs both names), as a catalogue key. */
  blockedBy?: MessageKey;
  /** What else Enrich does first, said above the button (a profile that is no lead: it makes one). */
  alsoDoes?: MessageKey;
  /** The last enrichment asked from here, followed to its result. */
  enrichment?: EnrichmentView | undefined;
  now?: number;
}

const enrichTypes: { value: EnrichType; key: MessageKey }[] = [
  { value: 'EMAIL_ENRICH', key: 'enrichTypeEmail' },
  { value: 'PRONET_ENRICH', key: 'enrichTypeProfile' },
  { value: 'FULL_ENRICH', key: 'enrichTypeFull' },
];

/**
 * Enrich a profile or a lead, with the credit balance shown first (enrichment spends credits): on a
 * profile that is no lead yet, and on a lead without a conversation (one just added to an audience).
 */
export function EnrichCard({ loadCredits, enrich, blockedBy, alsoDoes, enrichment, now = Date.now() }: EnrichCardProps) {
  const [credits, setCredits] = useState<CreditsView | null>(null);
  const [creditsError, setCreditsError] = useState<ErrorText | null>(null);
  const [enrichType, setEnrichType] = useState<EnrichType>('EMAIL_ENRICH');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<NoticeMessage | null>(null);

  useEffect(() => {
    let live = true;
    void loadCredits().then((reply) => {
      if (!live) return;
      if (reply.ok) setCredits(reply.value);
      else setCreditsError(errorText(reply.error));
    });
    return () => {
      live = false;
    };
  }, [loadCredits]);

  async function run() {
    setBusy(true);
    setMessage(null);
    const reply = await enrich(enrichType);
    setBusy(false);
    if (reply.ok) {
      setMessage({ tone: 'ok', text: tn('enrichRequested', reply.value.creditsSpent, formatNumber(reply.value.creditsSpent)) });
      void loadCredits().then((r) => r.ok && setCredits(r.value));
    } else {
      setMessage({ tone: 'danger', error: actionErrorText(reply.error) });
    }
  }

  const noCredits = credits !== null && credits.total <= 0;
  // The worker follows every enrichment asked from here: while one is under way (this panel or one
  // opened before) a second click would spend again for the same person.
  const underWay = enrichment?.state === 'pending';

  return (
    <section class="card card-body stack" aria-labelledby="enrich-title">
      <div class="row">
        <h2 class="card-title" id="enrich-title">
          {t('enrichTitle')}
        </h2>
        <span class="spacer" />
        <span class="credits" data-testid="credits" aria-live="polite">
          {credits ? tn('creditsAvailable', credits.total, formatNumber(credits.total)) : creditsError ? t('creditsUnknown') : t('creditsLoading')}
        </span>
      </div>
      {credits && credits.perishable > 0 ? <p class="field-hint">{t('creditsPerishable', formatNumber(credits.perishable))}</p> : null}
      {creditsError ? (
        <p class="field-error">
          <ErrorMessage text={creditsError} />
        </p>
      ) : null}
      <div class="field">
        <label class="field-label" for="enrich-type">
          {t('enrichTypeLabel')}
        </label>
        {/* The button beside the choice it spends on, both on the first screen (issue 45). */}
        <div class="row enrich-choice">
          <select id="enrich-type" class="select spacer" value={enrichType} onChange={(e) => setEnrichType(e.currentTarget.value as EnrichType)}>
            {enrichTypes.map((o) => (
              <option key={o.value} value={o.value}>
                {tn('enrichOptionCost', ENRICH_CREDIT_COST[o.value], t(o.key), formatNumber(ENRICH_CREDIT_COST[o.value]))}
              </option>
            ))}
          </select>
          <Button onClick={() => void run()} busy={busy} disabled={credits === null || noCredits || blockedBy !== undefined || underWay} icon={<Icon name="sparkle" />}>
            {t('enrich')}
          </Button>
        </div>
      </div>
      <p class="field-hint">{t(blockedBy ?? 'enrichSpendsCredits')}</p>
      {alsoDoes && !blockedBy ? <p class="field-hint">{t(alsoDoes)}</p> : null}
      <Notice message={message} />
      {enrichment ? <EnrichmentStatus enrichment={enrichment} now={now} /> : null}
    </section>
  );
}
