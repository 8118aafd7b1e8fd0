import { useCallback } from 'preact/hooks';
import type { Messenger, Reply } from '../../lib/messages';
import type { CreditsView, PanelState } from '../../lib/views';
import { t } from '../i18n';
import { EmptyState } from '../ui/EmptyState';
import { CampaignAudience } from './CampaignAudience';
import { EnrichCard } from './EnrichCard';

type LeadState = Extract<PanelState, { kind: 'lead' }>;
const isAudienceAdd = (i: { kind: string }) => i.kind === 'add-to-audience';

export interface NoConversationProps {
  state: LeadState;
  messenger: Messenger;
  current: number;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
  loadCredits: () => Promise<Reply<CreditsView>>;
}

/**
 * A lead no campaign has contacted yet: why there is no note either (the service keeps notes on
 * conversations), a campaign's audience to join, and enrichment.
 */
export function NoConversation({ state, messenger, current, onRetry, onDiscard, loadCredits }: NoConversationProps) {
  const { lead } = state;
  const loadCampaigns = useCallback(() => messenger.send('campaign-audiences', {}), [messenger]);
  return (
    <>
      <EmptyState icon="message" title={t('noConversationTitle')} body={t('noConversationBody')} />
      <p class="muted small" data-testid="no-note-why">
        {t('noConversationNoNote')}
      </p>
      <CampaignAudience
        leadId={lead.id}
        loadCampaigns={loadCampaigns}
        addToAudience={(audience) => messenger.send('lead-to-audience', { leadId: lead.id, profileUrl: state.profileUrl, audience })}
        pending={state.pending.filter(isAudienceAdd)}
        failed={state.failed.filter(isAudienceAdd)}
        onRetry={onRetry}
        onDiscard={onDiscard}
      />
      {/* A lead with no conversation yet (one just added to an audience) may still be enriched. */}
      <EnrichCard loadCredits={loadCredits} enrich={(enrichType) => messenger.send('enrich', { enrichType, leadId: lead.id })} enrichment={state.enrichment} now={current} />
    </>
  );
}
