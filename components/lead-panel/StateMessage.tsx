import type { ErrorView, PanelState } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Icon } from '../ui/Icon';

export type MessageState = Extract<PanelState, { kind: 'no-key' | 'bad-key' | 'not-profile' | 'loading' | 'error' }>;

/** A failure (a queue's first page, say) as the panel's shared state messages word it. */
export function messageState(error: ErrorView): MessageState {
  if (error.code === 'no-key') return { kind: 'no-key' };
  if (error.code === 'bad-key') return { kind: 'bad-key', ...(error.reason === 'plan' ? { reason: 'plan' as const } : {}), ...(error.detail ? { detail: error.detail } : {}) };
  return { kind: 'error', ...error };
}

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

/** A refused key: what to do about it (or, for the plan, what is missing), the service's words beneath. */
function badKeyText(state: Extract<PanelState, { kind: 'bad-key' }>): ErrorText {
  if (state.reason === 'plan') return errorText({ code: 'bad-key', ...state });
  return { sentence: t('badKeyBody'), ...(state.detail ? { detail: state.detail } : {}) };
}

/** Everything the panel says when it cannot show a lead: no key, bad key, offline, rate-limited... */
export function StateMessage({ state, now, onOpenOptions, onRetry }: StateMessageProps) {
  switch (state.kind) {
    case 'loading':
      return (
        <div class="state-loading" role="status" aria-busy="true">
          <span class="visually-hidden">{t('loading')}</span>
          <div class="lead-header">
            <div class="skeleton" style={{ width: '44px', height: '44px', borderRadius: '50%' }} />
            <div class="stack" style={{ flex: 1, gap: '8px' }}>
              <div class="skeleton" style={{ height: '16px', width: '55%' }} />
              <div class="skeleton" style={{ height: '11px', width: '75%' }} />
            </div>
          </div>
          <div class="card card-body stack">
            <div class="row">
              <div class="skeleton" style={{ height: '11px', width: '30%' }} />
              <span class="spacer" />
              <div class="skeleton" style={{ height: '20px', width: '64px', borderRadius: '999px' }} />
            </div>
            <div class="skeleton" style={{ height: '88px' }} />
            <div class="skeleton" style={{ height: '30px', width: '40%' }} />
          </div>
          <div class="card card-body stack">
            <div class="skeleton" style={{ height: '11px', width: '20%' }} />
            <div class="skeleton" style={{ height: '96px' }} />
          </div>
        </div>
      );
    case 'no-key':
      return (
        <EmptyState icon="key" title={t('noKeyTitle')} body={t('noKeyBody')}>
          <Button variant="primary" onClick={onOpenOptions}>
            {t('openSettings')}
          </Button>
        </EmptyState>
      );
    case 'bad-key':
      return (
        <EmptyState icon="alert" title={t('badKeyTitle')} body={<ErrorMessage text={badKeyText(state)} />} tone="danger">
          <Button variant="primary" onClick={onOpenOptions}>
            {t('openSettings')}
          </Button>
        </EmptyState>
      );
    case 'not-profile':
      return <EmptyState icon="user" title={t('notProfileTitle')} body={t('notProfileBody')} />;
    case 'error': {
      if (state.code === 'rate-limited') {
        const left = secondsLeft(state.retryAt, now);
        return (
          <EmptyState icon="clock" title={t('rateLimitedTitle')} body={left > 0 ? t('rateLimitedCountdown', left) : t('rateLimitedReady')} tone="warning">
            <Button variant="primary" onClick={onRetry} disabled={left > 0}>
              {t('retryNow')}
            </Button>
          </EmptyState>
        );
      }
      const offline = state.code === 'offline';
      // Unreachable: what happens to the user's changes; any other failure in its own words.
      const text = offline && state.reason === undefined ? { sentence: t('offlineBody') } : errorText(state);
      return (
        <EmptyState
          icon={offline ? 'offline' : 'alert'}
          title={offline ? t('offlineTitle') : t('serviceErrorTitle')}
          body={<ErrorMessage text={text} />}
          tone={offline ? 'warning' : 'danger'}
        >
          {/* The one thing to do here: it must look like it, in both themes. */}
          <Button variant="primary" onClick={onRetry} icon={<Icon name="refresh" />}>
            {t('retryNow')}
          </Button>
        </EmptyState>
      );
    }
  }
}
