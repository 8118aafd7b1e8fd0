import type { ComponentChildren } from 'preact';
import type { PanelState } from '../../lib/messages';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { Icon, type IconName } from '../ui/Icon';

export type MessageState = Extract<PanelState, { kind: 'no-key' | 'bad-key' | 'not-profile' | 'loading' | 'error' }>;

export interface StateMessageProps {
  state: MessageState;
  now: number;
  onOpenOptions: () => void;
  onRetry: () => void;
}

/** Seconds left before a rate-limited service may be asked again (never negative). */
export function secondsLeft(retryAt: number | undefined, now: number): number {
  return retryAt === undefined ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000));
}

/** Everything the panel says when it cannot show a lead: no key, bad key, offline, rate-limited... */
export function StateMessage({ state, now, onOpenOptions, onRetry }: StateMessageProps) {
  switch (state.kind) {
    case 'loading':
      return (
        <div class="state-loading" aria-busy="true" aria-label={t('loading')}>
          <div class="row">
            <div class="skeleton" style={{ width: '40px', height: '40px', borderRadius: '50%' }} />
            <div class="stack" style={{ flex: 1, gap: '6px' }}>
              <div class="skeleton" style={{ height: '14px', width: '60%' }} />
              <div class="skeleton" style={{ height: '11px', width: '40%' }} />
            </div>
          </div>
          <div class="skeleton" style={{ height: '90px' }} />
          <div class="skeleton" style={{ height: '120px' }} />
        </div>
      );
    case 'no-key':
      return (
        <Empty icon="key" title={t('noKeyTitle')} body={t('noKeyBody')}>
          <Button variant="primary" onClick={onOpenOptions}>
            {t('openSettings')}
          </Button>
        </Empty>
      );
    case 'bad-key':
      return (
        <Empty icon="alert" title={t('badKeyTitle')} body={state.message || t('badKeyBody')} tone="danger">
          <Button variant="primary" onClick={onOpenOptions}>
            {t('openSettings')}
          </Button>
        </Empty>
      );
    case 'not-profile':
      return <Empty icon="user" title={t('notProfileTitle')} body={t('notProfileBody')} />;
    case 'error': {
      if (state.code === 'rate-limited') {
        const left = secondsLeft(state.retryAt, now);
        return (
          <Empty icon="clock" title={t('rateLimitedTitle')} body={left > 0 ? t('rateLimitedCountdown', left) : t('rateLimitedReady')} tone="warning">
            <Button onClick={onRetry} disabled={left > 0}>
              {t('retryNow')}
            </Button>
          </Empty>
        );
      }
      const offline = state.code === 'offline';
      return (
        <Empty
          icon={offline ? 'offline' : 'alert'}
          title={offline ? t('offlineTitle') : t('serviceErrorTitle')}
          body={offline ? t('offlineBody') : state.message}
          tone={offline ? 'warning' : 'danger'}
        >
          <Button onClick={onRetry} icon={<Icon name="refresh" />}>
            {t('retryNow')}
          </Button>
        </Empty>
      );
    }
  }
}

function Empty({ icon, title, body, tone, children }: { icon: IconName; title: string; body: string; tone?: 'warning' | 'danger'; children?: ComponentChildren }) {
  return (
    <div class={`empty ${tone ? `empty-${tone}` : ''}`} role={tone === 'danger' ? 'alert' : undefined}>
      <div class="empty-icon">
        <Icon name={icon} size={22} />
      </div>
      <h2 class="empty-title">{title}</h2>
      <p class="empty-body">{body}</p>
      {children ? <div class="row empty-actions">{children}</div> : null}
    </div>
  );
}
