import type { LeadStatus } from '../../lib/api/schemas';
import type { QualificationView } from '../../lib/views';
import { t, type MessageKey } from '../i18n';
import { Button } from '../ui/Button';
import { Pill } from '../ui/Pill';

/** The outcomes the service's lead status takes, grouped as its campaign stats count them. */
const GROUPS: readonly { key: MessageKey; tone: 'ok' | 'danger' | 'neutral'; statuses: readonly LeadStatus[] }[] = [
  { key: 'qualifyWon', tone: 'ok', statuses: ['INTERESTED', 'CALL_BOOKED', 'NEGOTIATING', 'READY_TO_BUY', 'CONVERTED'] },
  { key: 'qualifyLost', tone: 'danger', statuses: ['WRONG_TARGET', 'NOT_INTERESTED', 'ALREADY_EQUIPPED', 'UNSUBSCRIBED'] },
  { key: 'qualifyOpen', tone: 'neutral', statuses: ['TO_QUALIFY', 'WRONG_TIMING'] },
];

const LABELS: Readonly<Record<LeadStatus, MessageKey>> = {
  INTERESTED: 'leadStatusInterested',
  CALL_BOOKED: 'leadStatusCallBooked',
  NEGOTIATING: 'leadStatusNegotiating',
  READY_TO_BUY: 'leadStatusReadyToBuy',
  CONVERTED: 'leadStatusConverted',
  WRONG_TARGET: 'leadStatusWrongTarget',
  NOT_INTERESTED: 'leadStatusNotInterested',
  ALREADY_EQUIPPED: 'leadStatusAlreadyEquipped',
  UNSUBSCRIBED: 'leadStatusUnsubscribed',
  TO_QUALIFY: 'leadStatusToQualify',
  WRONG_TIMING: 'leadStatusWrongTiming',
};

/** A status in the UI language; one the extension does not know is shown as the service sent it. */
export function leadStatusLabel(status: string): string {
  const key = (LABELS as Record<string, MessageKey | undefined>)[status];
  return key ? t(key) : status;
}

function toneOf(status: string): 'ok' | 'danger' | 'neutral' {
  return GROUPS.find((g) => (g.statuses as readonly string[]).includes(status))?.tone ?? 'neutral';
}

export interface QualifyControlProps {
  campaignName: string;
  qualification: QualificationView;
  onQualify: (status: LeadStatus) => void;
  /** Takes the queued qualification back (`pendingId`). */
  onDiscard: (id: string) => void;
}

/**
 * Qualify in one click: each outcome is a button that queues POST /leads/status for the campaign.
 * Undo is offered only when it can be true: a qualification still queued is taken back; one the
 * service took is replaced by the status it replaced, when that is known.
 */
export function QualifyControl({ campaignName, qualification, onQualify, onDiscard }: QualifyControlProps) {
  const { status, previous, pendingId } = qualification;
  const undo = pendingId !== null ? () => onDiscard(pendingId) : previous !== null ? () => onQualify(previous as LeadStatus) : null;
  return (
    <section class="qualify stack" aria-label={t('qualifyTitle')}>
      <div class="conv-head">
        <span class="section-label">{t('qualifyTitle')}</span>
        <span class="spacer" />
        <span data-testid="lead-status">
          {status ? <Pill tone={toneOf(status)} dot>{leadStatusLabel(status)}</Pill> : <span class="muted small">{t('qualifyNone')}</span>}
        </span>
        {undo ? (
          <Button size="sm" variant="ghost" onClick={undo} aria-label={t('qualifyUndo', previous ? leadStatusLabel(previous) : '')}>
            {t('undo')}
          </Button>
        ) : null}
      </div>
      <p class="muted small">{t('qualifyHint', campaignName)}</p>
      {GROUPS.map((group) => (
        <div class="qualify-group" role="group" aria-label={t(group.key)} key={group.key}>
          {group.statuses.map((s) => (
            <Button key={s} size="sm" variant={s === status ? 'soft' : 'default'} aria-pressed={s === status} onClick={() => onQualify(s)}>
              {leadStatusLabel(s)}
            </Button>
          ))}
        </div>
      ))}
    </section>
  );
}
