import type { ConversationView } from '../../lib/views';
import { channelLabel, formatDateTime } from '../format';
import { t } from '../i18n';
import { ConversationStatus } from './ConversationStatus';

export interface ConversationPickerProps {
  conversations: readonly ConversationView[];
  selectedId: string | null;
  onSelect: (conversationId: string) => void;
  now: number;
}

/** What tells two conversations of one lead apart: the campaign, then the identity. */
export function conversationTitle(c: ConversationView): string {
  return c.campaignName ?? t('noCampaign');
}

/** The identity, the last message's channel and date: what else tells two conversations apart. */
export function conversationSubtitle(c: ConversationView): string {
  const parts = c.identityName ? [t('viaIdentity', c.identityName)] : [];
  if (c.lastMessageAt !== null) parts.push(channelLabel(c.lastMessageType), formatDateTime(c.lastMessageAt));
  return parts.join(' · ');
}

/**
 * Shown when a lead has several conversations (one per identity or campaign): the actions below apply
 * to the one chosen here. Native radio buttons, so arrow keys move between them.
 */
export function ConversationPicker({ conversations, selectedId, onSelect, now }: ConversationPickerProps) {
  return (
    <fieldset class="picker">
      <legend class="section-label">{t('pickerLegend', conversations.length)}</legend>
      {conversations.map((c) => {
        const id = `conv-${c.id}`;
        const checked = c.id === selectedId;
        return (
          <label key={c.id} class={`picker-option ${checked ? 'picker-option-selected' : ''}`} for={id}>
            <input
              id={id}
              type="radio"
              name="conversation"
              value={c.id}
              checked={checked}
              onChange={() => onSelect(c.id)}
            />
            <span class="picker-text">
              <span class="picker-title">{conversationTitle(c)}</span>
              <span class="picker-sub">{conversationSubtitle(c)}</span>
            </span>
            <ConversationStatus conversation={c} now={now} />
          </label>
        );
      })}
    </fieldset>
  );
}
