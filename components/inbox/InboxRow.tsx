import { useState } from 'preact/hooks';
import type { QueueViewId } from '../../lib/inbox/queue';
import type { InboxRowView } from '../../lib/views';
import { channelLabel, formatShortDateTime } from '../format';
import { t } from '../i18n';
import { SnoozePicker } from '../lead-panel/SnoozePicker';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Pill } from '../ui/Pill';

export interface InboxRowProps {
  row: InboxRowView;
  view: QueueViewId;
  focused: boolean;
  /** The row whose profile was opened last (the profile view shows it). */
  opened: boolean;
  now: () => number;
  onFocus(): void;
  onOpen(): void;
  onArchive(): void;
  onSnooze(until: number): void;
  onNote(): void;
}

/** One conversation of the queue: who, from which campaign and identity, the last message, and its actions. */
export function InboxRow({ row, focused, opened, now, onFocus, onOpen, onArchive, onSnooze, onNote }: InboxRowProps) {
  const [snoozing, setSnoozing] = useState(false);
  const name = row.name ?? (row.leadKnown ? t('inboxUnknownLead') : t('loading'));
  const where = [row.campaignName ?? t('noCampaign'), row.identityName ?? row.identityId].join(' · ');
  return (
    <li
      class={`inbox-row${focused ? ' is-focused' : ''}${opened ? ' is-opened' : ''}`}
      tabIndex={focused ? 0 : -1}
      data-conversation={row.conversationId}
      data-lead={row.leadId}
      data-needs-lead={row.leadKnown ? undefined : ''}
      aria-current={opened ? 'true' : undefined}
      aria-label={name}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onFocus();
      }}
      onClick={onFocus}
    >
      <div class="inbox-row-head">
        <span class={row.leadKnown ? 'inbox-name' : 'inbox-name is-pending'}>{name}</span>
        {row.company ? <span class="muted inbox-company">{row.company}</span> : null}
        <span class="spacer" />
        {row.leadReplied ? <Pill tone="ok">{t('repliedYes')}</Pill> : null}
      </div>
      <div class="muted inbox-meta">{where}</div>
      <div class="muted inbox-meta">
        {row.lastMessageAt !== null ? `${channelLabel(row.lastMessageType)} · ${formatShortDateTime(row.lastMessageAt)}` : t('noMessageYet')}
        {row.status === 'SNOOZED' && row.snoozeUntil !== null ? (
          <span class="inbox-wake" data-testid="inbox-wake">
            {' · '}
            {t('inboxWakes', formatShortDateTime(row.snoozeUntil))}
          </span>
        ) : null}
      </div>
      <div class="inbox-actions row" role="group" aria-label={t('inboxRowActions', name)}>
        <Button size="sm" variant="soft" onClick={onOpen} disabled={row.profileUrl === null} icon={<Icon name="external" />}>
          {t('inboxOpenProfile')}
        </Button>
        {row.status !== 'ARCHIVED' ? (
          <Button size="sm" onClick={onArchive} icon={<Icon name="archive" />}>
            {t('archive')}
          </Button>
        ) : null}
        <Button size="sm" onClick={() => setSnoozing((s) => !s)} aria-expanded={snoozing} icon={<Icon name="clock" />}>
          {t('snooze')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onNote} icon={<Icon name="note" />}>
          {t('inboxAppendNote')}
        </Button>
      </div>
      {snoozing ? (
        <SnoozePicker
          now={now}
          idPrefix={`snooze-${row.conversationId}`}
          onSnooze={(until) => {
            setSnoozing(false);
            onSnooze(until);
          }}
        />
      ) : null}
    </li>
  );
}
