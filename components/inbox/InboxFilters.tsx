import type { Ref } from 'preact';
import { QUEUE_VIEWS, type QueueViewId } from '../../lib/inbox/queue';
import type { InboxChoicesView } from '../../lib/views';
import { t, type MessageKey } from '../i18n';

export const VIEW_KEYS: Record<QueueViewId, MessageKey> = {
  waiting: 'inboxViewWaiting',
  snoozed: 'inboxViewSnoozed',
  untouched: 'inboxViewUntouched',
  unread: 'inboxViewUnread',
};

export interface InboxFiltersProps {
  view: QueueViewId;
  identityId: string;
  campaignId: string;
  untouchedDays: number;
  /** The identities and campaigns to narrow to (null: not asked yet). */
  choices: InboxChoicesView | null;
  /** The view picker (`/` focuses it). */
  pickerRef: Ref<HTMLSelectElement>;
  onView(view: QueueViewId): void;
  onIdentity(id: string): void;
  onCampaign(id: string): void;
  onUntouchedDays(days: number): void;
  /** A narrowing picker got the focus (its choices are asked for, if not yet). */
  onPickerUsed(): void;
}

/** The saved view, the identity and campaign it is narrowed to, and the untouched view's age in days. */
export function InboxFilters({ view, identityId, campaignId, untouchedDays, choices, pickerRef, onView, onIdentity, onCampaign, onUntouchedDays, onPickerUsed }: InboxFiltersProps) {
  return (
    <div class="inbox-filters" role="group" aria-label={t('inboxFilters')} onFocusIn={onPickerUsed}>
      <div class="inbox-filter">
        <label class="section-label" for="inbox-view">
          {t('inboxView')}
        </label>
        <select id="inbox-view" ref={pickerRef} value={view} onChange={(e) => onView((e.target as HTMLSelectElement).value as QueueViewId)}>
          {QUEUE_VIEWS.map((v) => (
            <option key={v} value={v}>
              {t(VIEW_KEYS[v])}
            </option>
          ))}
        </select>
      </div>
      <ChoiceFilter id="inbox-identity" label={t('identity')} all={t('inboxAllIdentities')} value={identityId} options={choices?.identities} onChange={onIdentity} />
      <ChoiceFilter id="inbox-campaign" label={t('campaign')} all={t('inboxAllCampaigns')} value={campaignId} options={choices?.campaigns} onChange={onCampaign} />
      {view === 'untouched' ? (
        <div class="inbox-filter inbox-days">
          <label class="section-label" for="inbox-days">
            {t('inboxUntouchedDays')}
          </label>
          <input
            id="inbox-days"
            type="number"
            min={1}
            max={365}
            value={untouchedDays}
            onChange={(e) => {
              const days = Number((e.target as HTMLInputElement).value);
              if (Number.isInteger(days) && days >= 1 && days <= 365) onUntouchedDays(days);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

interface ChoiceFilterProps {
  id: string;
  label: string;
  /** The first option: no narrowing. */
  all: string;
  value: string;
  /** `mine`: the user sends as it (identities only): "mine" first, in a group of their own. */
  options: readonly { id: string; name: string; mine?: boolean | undefined }[] | undefined;
  onChange(id: string): void;
}

const optionOf = (o: { id: string; name: string }) => (
  <option key={o.id} value={o.id}>
    {o.name}
  </option>
);

/** One narrowing picker (an identity, a campaign). */
function ChoiceFilter({ id, label, all, value, options, onChange }: ChoiceFilterProps) {
  return (
    <div class="inbox-filter">
      <label class="section-label" for={id}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        <option value="">{all}</option>
        {options?.some((o) => o.mine) ? (
          <>
            <optgroup label={t('inboxMyIdentities')}>{options.filter((o) => o.mine).map(optionOf)}</optgroup>
            <optgroup label={t('inboxOtherIdentities')}>{options.filter((o) => !o.mine).map(optionOf)}</optgroup>
          </>
        ) : (
          options?.map(optionOf)
        )}
      </select>
    </div>
  );
}
