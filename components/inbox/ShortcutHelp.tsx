import { useEffect, useRef } from 'preact/hooks';
import { QUEUE_SHORTCUTS, type QueueCommand } from '../../lib/inbox/queue';
import { MORNING_HOUR } from '../../lib/inbox/snooze-presets';
import { formatTime } from '../format';
import { t, type MessageKey } from '../i18n';

const COMMAND_KEYS: Record<QueueCommand, MessageKey> = {
  next: 'inboxKeyNext',
  previous: 'inboxKeyPrevious',
  open: 'inboxKeyOpen',
  archive: 'inboxKeyArchive',
  snooze: 'inboxKeySnooze',
  note: 'inboxKeyNote',
  undo: 'inboxKeyUndo',
  'pick-view': 'inboxKeyPickView',
  help: 'inboxKeyHelp',
  'close-help': 'inboxKeyHelp',
  reply: 'inboxKeyReply',
  'send-reply': 'inboxKeySendReply',
  'close-reply': 'inboxKeyCloseReply',
};

/** Key names in the UI language ("Entrée" in French); letters and signs as they are. */
export function keyNames(keys: string): string {
  return keys.replace(/\bEnter\b/g, t('keyEnter'));
}

/** The `?` overlay: the queue's shortcuts. Escape or the button closes it. */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div class="inbox-help" role="dialog" aria-modal="true" aria-labelledby="inbox-help-title">
      <div class="inbox-help-card card card-body stack">
        <h2 id="inbox-help-title" class="section-label">
          {t('inboxShortcuts')}
        </h2>
        <dl class="inbox-keys">
          {QUEUE_SHORTCUTS.map((s) => (
            <div key={s.command}>
              <dt>
                <kbd>{keyNames(s.keys)}</kbd>
              </dt>
              <dd>{s.command === 'snooze' ? t('inboxKeySnooze', formatTime(new Date(2000, 0, 1, MORNING_HOUR).getTime())) : t(COMMAND_KEYS[s.command])}</dd>
            </div>
          ))}
        </dl>
        <button type="button" class="btn" ref={close} onClick={onClose}>
          {t('inboxCloseHelp')}
        </button>
      </div>
    </div>
  );
}
