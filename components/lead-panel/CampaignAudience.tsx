import { useEffect, useState } from 'preact/hooks';
import type { Reply } from '../../lib/messages';
import type { CampaignAudienceView, OutboxItemView } from '../../lib/views';
import { actionErrorText } from '../error-text';
import { campaignStatusLabel } from '../format';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Notice, type NoticeMessage } from '../ui/Notice';
import { OutboxList } from './OutboxList';

export interface CampaignAudienceProps {
  /** Resets the choice and the message when the panel shows another lead. */
  leadId: string;
  loadCampaigns: () => Promise<Reply<CampaignAudienceView[]>>;
  /** Queues the lead's addition to the audience named `audience` (the worker's outbox). */
  addToAudience: (audience: string) => Promise<Reply<OutboxItemView>>;
  /** This lead's additions still on their way, and those the service refused. */
  pending: readonly OutboxItemView[];
  failed: readonly OutboxItemView[];
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}

/**
 * A lead with no conversation: put them in a campaign's audience, so that the campaign reaches out.
 * The service starts conversations from campaigns only; the API has no call that opens one by hand.
 */
export function CampaignAudience({ leadId, loadCampaigns, addToAudience, pending, failed, onRetry, onDiscard }: CampaignAudienceProps) {
  const [campaigns, setCampaigns] = useState<CampaignAudienceView[] | null>(null);
  const [loadFailed, setLoadFailed] = useState<NoticeMessage | null>(null);
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<NoticeMessage | null>(null);

  useEffect(() => {
    setMessage(null);
    setChoice('');
  }, [leadId]);

  useEffect(() => {
    let live = true;
    void loadCampaigns().then((reply) => {
      if (!live) return;
      if (!reply.ok) {
        setCampaigns([]);
        setLoadFailed({ tone: 'danger', error: actionErrorText(reply.error) });
        return;
      }
      setCampaigns(reply.value);
      setChoice((current) => current || (reply.value[0]?.id ?? ''));
    });
    return () => {
      live = false;
    };
  }, [loadCampaigns]);

  const chosen = campaigns?.find((c) => c.id === choice) ?? null;
  const adding = pending.some((i) => i.kind === 'add-to-audience');

  async function add() {
    if (!chosen) return;
    setBusy(true);
    setMessage(null);
    const reply = await addToAudience(chosen.audience);
    setBusy(false);
    setMessage(reply.ok ? { tone: 'ok', text: t('campaignAudienceQueued', chosen.audience, chosen.name) } : { tone: 'danger', error: actionErrorText(reply.error) });
  }

  return (
    <section class="card card-body stack" aria-labelledby="campaign-audience-title">
      <h2 class="card-title" id="campaign-audience-title">
        {t('campaignAudienceTitle')}
      </h2>
      <p class="muted small">{t('campaignAudienceIntro')}</p>
      {campaigns !== null && campaigns.length === 0 && !loadFailed ? <p class="muted small">{t('campaignAudienceNone')}</p> : null}
      {campaigns === null || campaigns.length > 0 ? (
        <>
          <div class="field">
            <label class="field-label" for="campaign-audience-select">
              {t('campaign')}
            </label>
            <select id="campaign-audience-select" class="select" value={choice} onChange={(e) => setChoice(e.currentTarget.value)} disabled={campaigns === null}>
              {(campaigns ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {t('campaignAudienceOption', c.name, c.audience, campaignStatusLabel(c.status))}
                </option>
              ))}
            </select>
          </div>
          <div class="row">
            <Button variant="primary" onClick={() => void add()} busy={busy} disabled={!chosen || adding} icon={<Icon name="plus" />}>
              {t('campaignAudienceAdd')}
            </Button>
          </div>
        </>
      ) : null}
      <OutboxList pending={pending} failed={failed} onRetry={onRetry} onDiscard={onDiscard} />
      <Notice message={loadFailed ?? message} />
    </section>
  );
}
