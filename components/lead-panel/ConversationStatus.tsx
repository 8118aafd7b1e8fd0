import { effectiveState } from '../../lib/inbox/conversation-state';
import type { ConversationStatusView } from '../../lib/views';
import { formatDateTime } from '../format';
import { t } from '../i18n';
import { Pill, type PillTone } from '../ui/Pill';

export interface StatusInput {
  status: ConversationStatusView;
  snoozeUntil: number | null;
}

/**
 * The status as a sentence: "Open", "Snoozed until <local date and time>", "Archived". Read at `now`,
 * so a snooze that expires while the panel is open reads "Open" without a round trip.
 */
export function statusText(c: StatusInput, now: number, locale?: string): string {
  const s = effectiveState(c, now);
  switch (s.status) {
    case 'OPEN':
      return t('statusOpen');
    case 'ARCHIVED':
      return t('statusArchived');
    case 'SNOOZED':
      return t('statusSnoozedUntil', formatDateTime(s.snoozeUntil!, locale));
  }
}

export function statusTone(c: StatusInput, now: number): PillTone {
  const status = effectiveState(c, now).status;
  return status === 'OPEN' ? 'open' : status === 'SNOOZED' ? 'snoozed' : 'archived';
}

/** The status pill, coloured per status (Open green, Snoozed amber, Archived grey). */
export function ConversationStatus({ conversation, now, testId }: { conversation: StatusInput; now: number; testId?: string }) {
  return (
    <span class="status" data-testid={testId}>
      <Pill tone={statusTone(conversation, now)} dot>
        {statusText(conversation, now)}
      </Pill>
    </span>
  );
}
