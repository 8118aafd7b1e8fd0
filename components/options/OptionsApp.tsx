import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { OutboxItemView, SettingsView } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Icon, type IconName } from '../ui/Icon';
import { CallHistory } from './CallHistory';
import { ChipToggle } from './ChipToggle';
import { InboxNotificationsToggle } from './InboxNotificationsToggle';
import { ListBadgeToggles } from './ListBadgeToggles';
import { MyIdentities } from './MyIdentities';
import { ReplySettings } from './ReplySettings';
import { WebAppField } from './WebAppField';
import { RelaySettings } from '../live/RelaySettings';
import { LeadLinks } from './LeadLinks';
import { KeyForm } from './KeyForm';
import { Outbox } from './Outbox';
import { ProfileHosts } from './ProfileHosts';
import { StorageNotice } from '../storage/StorageNotice';
import type { HostPermissions } from './permissions';

export interface OptionsAppProps {
  messenger: Messenger;
  permissions: HostPermissions;
  /** Calls back with the whole outbox now and whenever it changes; returns the unsubscribe function. */
  subscribeOutbox: (listener: (items: OutboxItemView[]) => void) => () => void;
  /** Shortcut keys as the browser has them (commands.getAll), for the keyboard section. */
  shortcuts?: { name: string; shortcut: string; description: string }[];
}

export function OptionsApp({ messenger, permissions, subscribeOutbox, shortcuts }: OptionsAppProps) {
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [loadError, setLoadError] = useState<ErrorText | null>(null);
  const [outbox, setOutbox] = useState<OutboxItemView[] | null>(null);
  /** Counts the key and address changes saved here: what was read with the old ones is read again. */
  const [connection, setConnection] = useState(0);
  const connectionSaved = useCallback((next: SettingsView) => {
    setSettings(next);
    setConnection((n) => n + 1);
  }, []);

  useEffect(() => {
    void messenger.send('settings-get', {}).then((reply) => {
      if (reply.ok) setSettings(reply.value);
      else setLoadError(errorText(reply.error));
    });
    void messenger.send('outbox-list', {}).then((reply) => reply.ok && setOutbox((current) => current ?? reply.value));
    return subscribeOutbox(setOutbox);
  }, [messenger, subscribeOutbox]);

  const retry = useCallback((id: string) => void messenger.send('outbox-retry', { id }), [messenger]);
  const discard = useCallback((id: string) => void messenger.send('outbox-discard', { id }), [messenger]);
  const failedCount = outbox?.filter((i) => i.state === 'failed').length ?? 0;

  return (
    <main class="options">
      <header class="options-header">
        <span class="brand-mark brand-mark-lg" aria-hidden="true">
          <Icon name="message" size={18} />
        </span>
        <div>
          <h1 class="options-title">{t('extName')}</h1>
          <p class="muted">{t('optionsSubtitle')}</p>
        </div>
      </header>
      <StorageNotice messenger={messenger} aboutKey />
      {loadError ? (
        <div class="notice notice-danger" role="alert">
          <ErrorMessage text={loadError} />
        </div>
      ) : null}
      {settings ? (
        <>
          <Section icon="key" id="key" title={t('sectionKey')} intro={t('sectionKeyIntro')}>
            <KeyForm settings={settings} messenger={messenger} permissions={permissions} onSettings={connectionSaved} />
          </Section>
          <Section icon="user" id="profiles" title={t('sectionProfiles')} intro={t('sectionProfilesIntro')}>
            <ProfileHosts settings={settings} messenger={messenger} permissions={permissions} onSettings={setSettings} />
            <hr class="divider" />
            <ChipToggle settings={settings} messenger={messenger} onSettings={setSettings} />
            <ListBadgeToggles settings={settings} messenger={messenger} onSettings={setSettings} />
            <InboxNotificationsToggle settings={settings} messenger={messenger} permissions={permissions} onSettings={setSettings} />
            <MyIdentities key={connection} settings={settings} messenger={messenger} onSettings={setSettings} />
            <ReplySettings key={`reply-${connection}`} settings={settings} messenger={messenger} onSettings={setSettings} />
            <WebAppField settings={settings} messenger={messenger} onSettings={setSettings} />
            <LeadLinks messenger={messenger} />
          </Section>
          <Section icon="bell" id="live" title={t('sectionLive')} intro={t('sectionLiveIntro')}>
            <RelaySettings settings={settings} messenger={messenger} onSettings={setSettings} />
          </Section>
        </>
      ) : !loadError ? (
        <div class="card card-body" aria-busy="true">
          <div class="skeleton" style={{ height: '120px' }} />
        </div>
      ) : null}
      <Section
        icon="clock"
        id="outbox"
        title={t('sectionOutbox')}
        intro={t('sectionOutboxIntro')}
        badge={failedCount > 0 ? t('failedCount', failedCount) : null}
      >
        <Outbox items={outbox} onRetry={retry} onDiscard={discard} />
      </Section>
      <Section icon="list" id="calls" title={t('sectionCalls')} intro={t('sectionCallsIntro')}>
        <CallHistory messenger={messenger} />
      </Section>
      {shortcuts && shortcuts.length > 0 ? (
        <Section icon="keyboard" id="keyboard" title={t('sectionKeyboard')} intro={t('sectionKeyboardIntro')}>
          <dl class="shortcuts">
            {shortcuts.map((s) => (
              <div key={s.name}>
                <dt>{s.description || s.name}</dt>
                <dd>{s.shortcut ? <kbd class="kbd">{s.shortcut}</kbd> : <span class="muted">{t('shortcutUnset')}</span>}</dd>
              </div>
            ))}
          </dl>
        </Section>
      ) : null}
    </main>
  );
}

function Section({ icon, id, title, intro, badge, children }: { icon: IconName; id: string; title: string; intro: string; badge?: string | null; children: ComponentChildren }) {
  return (
    <section class="card options-section" id={id}>
      <div class="options-section-head">
        <span class="section-icon" aria-hidden="true">
          <Icon name={icon} />
        </span>
        <div class="spacer">
          <h2 class="options-section-title" id={`${id}-title`}>
            {title}
            {badge ? <span class="pill pill-danger section-badge">{badge}</span> : null}
          </h2>
          <p class="muted options-section-intro">{intro}</p>
        </div>
      </div>
      <div class="options-section-body">{children}</div>
    </section>
  );
}
