import { t, tn } from '../i18n';
import { Icon } from '../ui/Icon';

/** Whole minutes between `at` and `now` (never negative). */
export function minutesSince(at: number, now: number): number {
  return Math.max(0, Math.floor((now - at) / 60_000));
}

/** The service could not be reached: what the panel shows is the cached answer, this old. */
export function OfflineNotice({ fetchedAt, now }: { fetchedAt: number; now: number }) {
  const minutes = minutesSince(fetchedAt, now);
  return (
    <p class="notice notice-warning offline-notice" role="status" data-testid="offline-notice">
      <Icon name="offline" />
      <span>{minutes < 1 ? t('panelOfflineJustNow') : tn('panelOffline', minutes, minutes)}</span>
    </p>
  );
}

/** Said as soon as it is known (no Refresh needed): the service cannot be reached, changes wait here. */
export function UnreachableNotice() {
  return (
    <p class="notice notice-warning offline-notice" role="status" data-testid="unreachable-notice">
      <Icon name="offline" />
      <span>{t('panelUnreachable')}</span>
    </p>
  );
}
