import { useEffect, useState } from 'preact/hooks';
import type { Reply } from '../../lib/messages';
import type { ActivityItemView, ActivityPageView } from '../../lib/views';
import { formatDateTime } from '../format';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { errorText, type ErrorText } from '../error-text';
import { activityText } from './activity-text';

export interface ActivityProps {
  leadId: string;
  /** The recent events the lead search returned (no extra call to show them). */
  recent: readonly ActivityItemView[];
  loadPage: (skip: number, limit: number) => Promise<Reply<ActivityPageView>>;
}

/** How many events `Show more` adds. */
export const ACTIVITY_PAGE = 10;

/**
 * The lead's last events (sent, opened, replied, status changed, note updated), with date and
 * campaign, in a collapsed section: opening it costs nothing; `Show more` pages the lead's logs.
 */
export function Activity({ leadId, recent, loadPage }: ActivityProps) {
  const [more, setMore] = useState<{ items: ActivityItemView[]; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorText | null>(null);
  useEffect(() => {
    setMore(null);
    setError(null);
  }, [leadId, recent[0]?.id]);

  const items = more ? more.items : recent;
  const total = more?.total ?? null;

  async function showMore() {
    setBusy(true);
    const reply = await loadPage(0, items.length + ACTIVITY_PAGE);
    setBusy(false);
    if (!reply.ok) {
      setError(errorText(reply.error));
      return;
    }
    setError(null);
    setMore({ items: reply.value.items, total: reply.value.total });
  }

  return (
    <div class="activity stack">
      {items.length === 0 ? (
        <p class="muted">{t('activityEmpty')}</p>
      ) : (
        <ol class="activity-list" aria-label={t('activity')}>
          {items.map((item) => (
            <li key={item.id} class="activity-item">
              <span class="activity-what" title={item.description}>
                {activityText(item)}
              </span>
              <span class="picker-sub">
                {[formatDateTime(item.createdAt), item.campaignName].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ol>
      )}
      {total !== null ? <p class="muted small">{t('activityCount', items.length, total)}</p> : null}
      {error ? <ErrorMessage text={error} /> : null}
      {total === null || items.length < total ? (
        <Button size="sm" variant="ghost" busy={busy} onClick={() => void showMore()}>
          {t('activityShowMore')}
        </Button>
      ) : null}
    </div>
  );
}
