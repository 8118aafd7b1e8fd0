/**
 * The composer's follow-up (issue 36): "Remind me in N days if no answer" (3 by default). Ticked, the
 * reply's send asks the worker to snooze the conversation for N days once the reply has landed.
 */
import { FOLLOW_UP_DAYS_MAX } from '../../lib/inbox/follow-up';
import { t } from '../i18n';

export interface FollowUp {
  on: boolean;
  days: number;
}

export function FollowUpOption({ value, onChange }: { value: FollowUp; onChange(next: FollowUp): void }) {
  return (
    <div class="row reply-follow-up small">
      <label class="row">
        <input type="checkbox" checked={value.on} onChange={(e) => onChange({ ...value, on: e.currentTarget.checked })} aria-label={t('followUpLabel', value.days)} />
        <span aria-hidden="true">{t('followUpBefore')}</span>
      </label>
      <input
        class="input follow-up-days"
        type="number"
        min={1}
        max={FOLLOW_UP_DAYS_MAX}
        value={value.days}
        aria-label={t('followUpDays')}
        onInput={(e) => {
          const n = Math.round(Number(e.currentTarget.value));
          if (Number.isFinite(n) && n >= 1 && n <= FOLLOW_UP_DAYS_MAX) onChange({ on: true, days: n });
        }}
      />
      <span aria-hidden="true">{t('followUpAfter')}</span>
    </div>
  );
}
