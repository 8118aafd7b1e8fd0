import { useState } from 'preact/hooks';
import { fromDateTimeLocalValue, snoozePresets, toDateTimeLocalValue, tomorrowMorning, type SnoozePresetId } from '../../lib/inbox/snooze-presets';
import type { MessageKey } from '../i18n';
import { t } from '../i18n';
import { formatDateTime, formatShortDateTime, formatTime } from '../format';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';

export interface SnoozePickerProps {
  now: () => number;
  /** Snoozes until `until` (epoch ms). */
  onSnooze: (until: number) => void;
  disabled?: boolean;
  /** Prefix for element ids, so two pickers could share a page. */
  idPrefix?: string;
}

const presetKeys: Record<SnoozePresetId, MessageKey> = {
  'later-today': 'snoozeLaterToday',
  'tomorrow-morning': 'snoozeTomorrowMorning',
  'next-week': 'snoozeNextWeek',
};

/** Presets (later today, tomorrow morning, next week) in one click, or a date and time of one's own. */
export function SnoozePicker({ now, onSnooze, disabled, idPrefix = 'snooze' }: SnoozePickerProps) {
  const current = new Date(now());
  const [custom, setCustom] = useState(() => toDateTimeLocalValue(tomorrowMorning(current)));
  const [error, setError] = useState<string | null>(null);
  const inputId = `${idPrefix}-until`;

  function snoozeCustom() {
    const at = fromDateTimeLocalValue(custom);
    if (!at) {
      setError(t('snoozeInvalidDate'));
      return;
    }
    if (at.getTime() <= now()) {
      setError(t('snoozeInPast'));
      return;
    }
    setError(null);
    onSnooze(at.getTime());
  }

  const presets = snoozePresets(current);
  // The field shows the browser's own format; the chosen time is also written in the UI's locale.
  const chosen = fromDateTimeLocalValue(custom);
  return (
    <div class="snooze-picker">
      <div class="snooze-presets" role="group" aria-label={t('snoozePresetsLabel')}>
        {presets.map((p) => (
          <button
            key={p.id}
            type="button"
            class="preset"
            disabled={disabled}
            data-preset={p.id}
            onClick={() => onSnooze(p.until.getTime())}
          >
            <span class="preset-name">{t(presetKeys[p.id])}</span>
            <span class="preset-when">{p.id === 'later-today' ? formatTime(p.until.getTime()) : formatShortDateTime(p.until.getTime())}</span>
          </button>
        ))}
      </div>
      <div class="snooze-custom">
        <div class="field">
          <label class="field-label" for={inputId}>
            {t('snoozeUntilLabel')}
          </label>
          <div class="row">
            <input
              id={inputId}
              class="input"
              type="datetime-local"
              value={custom}
              min={toDateTimeLocalValue(current)}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : chosen ? `${inputId}-chosen` : undefined}
              onInput={(e) => {
                setCustom(e.currentTarget.value);
                setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') snoozeCustom();
              }}
            />
            <Button onClick={snoozeCustom} disabled={disabled} icon={<Icon name="clock" />}>
              {t('snooze')}
            </Button>
          </div>
          {chosen && !error ? (
            <p class="field-hint" id={`${inputId}-chosen`} data-testid="snooze-chosen">
              {formatDateTime(chosen.getTime())}
            </p>
          ) : null}
          {error ? (
            <p class="field-error" id={`${inputId}-error`} role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
