import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { QueueViewId } from '../../lib/inbox/queue';
import type { InboxPreviewView, InboxRowView } from '../../lib/views';
import { channelLabel, formatShortDateTime } from '../format';
import { turnText } from '../live/turn-text';
import { t } from '../i18n';
import { SnoozePicker } from '../lead-panel/SnoozePicker';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';

/** What a row shows as its last message: the lead's (looked up), or the reply just sent from here (`mine`). */
export type RowPreview = InboxPreviewView & { mine?: true };

export interface InboxRowProps {
  row: InboxRowView;
  view: QueueViewId;
  focused: boolean;
  /** The row whose profile was opened last (the profile view shows it). */
  opened: boolean;
  now: () => number;
  /** The first line of the last message (undefined: not looked up yet). */
  preview?: RowPreview | undefined;
  /** What opens under the row: its note box, its reply. */
  children?: ComponentChildren;
  onFocus(): void;
  onOpen(): void;
  onArchive(): void;
  onSnooze(until: number): void;
  /** A snoozed row: back to open now (the Snoozed view offered Snooze alone). */
  onUnsnooze(): void;
  onNote(): void;
}

/** One conversation of the queue: who, from which campaign and identity, the last message, and its actions. */
export function InboxRow({ row, view, focused, opened, now, preview, children, onFocus, onOpen, onArchive, onSnooze, onUnsnooze, onNote }: InboxRowProps) {
  const [snoozing, setSnoozing] = useState(false);
  // Whose turn (issue 36), in every view: "Replied" is the campaign's reply status, not this.
  const turn = turnText(row, now());
  const name = row.name ?? (row.leadKnown ? t('inboxUnknownLead') : t('loading'));
  const where = [row.campaignName ?? t('noCampaign'), row.identityName ?? row.identityId].join(' · ');
  // Waiting for a reply: what the lead wrote and how long ago, read before answering (issue 23).
  const waiting = view === 'waiting';
  return (
    <li
      class={`inbox-row${focused ? ' is-focused' : ''}${opened ? ' is-opened' : ''}`}
      tabIndex={focused ? 0 : -1}
      data-conversation={row.conversationId}
      data-lead={row.leadId}
      data-needs-lead={row.leadKnown ? undefined : ''}
      data-needs-preview={waiting && preview === undefined ? '' : undefined}
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
        {turn !== null ? (
          <span class="muted inbox-waited" data-testid="inbox-waited">
            {turn}
          </span>
        ) : null}
      </div>
      {waiting && preview?.firstLine ? (
        <p class={`inbox-preview${preview.mine ? ' is-mine' : ''}`} data-testid="inbox-preview" title={preview.firstLine}>
          {preview.mine ? <span class="inbox-preview-you">{t('inboxPreviewYou')}: </span> : <span class="visually-hidden">{t('inboxPreviewOf')}: </span>}
          {preview.firstLine}
        </p>
      ) : null}
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
        {row.status === 'SNOOZED' ? (
          <Button size="sm" onClick={onUnsnooze} icon={<Icon name="clock" />}>
            {t('unsnooze')}
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
      {children}
    </li>
  );
}
