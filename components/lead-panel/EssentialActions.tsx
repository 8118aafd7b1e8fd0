/**
 * The panel's one-click acts on the first screen (issue 45): Archive (or Unarchive, Unsnooze), Snooze
 * with its presets in a menu, Append to note, Reply. Snooze's menu and the reply box open in place,
 * under the row; `r` opens the reply from anywhere in the panel but a field, as in the queue.
 */
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import type { ConversationAction } from '../../lib/inbox/conversation-state';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { ActionBar } from './ActionBar';

export type OpenPart = 'snooze' | 'reply' | null;

export interface EssentialActionsProps {
  actions: readonly ConversationAction[];
  onAction(action: 'archive' | 'unarchive' | 'unsnooze'): void;
  open: OpenPart;
  onOpen(part: OpenPart): void;
  onAppend(): void;
  /** What opens under the row: the snooze picker, the reply box. */
  snoozer: ComponentChildren;
  composer: ComponentChildren;
}

const inField = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

export function EssentialActions({ actions, onAction, open, onOpen, onAppend, snoozer, composer }: EssentialActionsProps) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key === 'r' || e.key === 'R') && !e.ctrlKey && !e.metaKey && !e.altKey && !inField(e.target)) {
        e.preventDefault();
        onOpen('reply');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onOpen]);
  const toggle = (part: Exclude<OpenPart, null>) => onOpen(open === part ? null : part);
  return (
    <>
      <div class="row wrap action-bar essentials-actions">
        <ActionBar actions={actions} onAction={onAction} />
        {actions.includes('snooze') ? (
          <Button onClick={() => toggle('snooze')} aria-expanded={open === 'snooze'} icon={<Icon name="clock" />}>
            {t('snoozeMenu')}
          </Button>
        ) : null}
        <Button onClick={onAppend} icon={<Icon name="note" />}>
          {t('appendLabel')}
        </Button>
        <Button variant="primary" onClick={() => toggle('reply')} aria-expanded={open === 'reply'} aria-keyshortcuts="r" title={t('replyKeyHint')} icon={<Icon name="message" />}>
          {t('replyLabel')}
        </Button>
      </div>
      {open === 'snooze' ? <div class="snooze-section">{snoozer}</div> : null}
      {open === 'reply' ? composer : null}
    </>
  );
}
