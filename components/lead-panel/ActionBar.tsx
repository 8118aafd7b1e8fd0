import type { ConversationAction } from '../../lib/inbox/conversation-state';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';

export interface ActionBarProps {
  /** The actions the conversation's state allows (lib/inbox/conversation-state decides). */
  actions: readonly ConversationAction[];
  onAction: (action: 'archive' | 'unarchive' | 'unsnooze') => void;
  disabled?: boolean;
}

/** Archive or Unarchive, and Unsnooze when snoozed (buttons of the row they are put in); snoozing has its own picker. */
export function ActionBar({ actions, onAction, disabled }: ActionBarProps) {
  return (
    <>
      {actions.includes('archive') ? (
        <Button onClick={() => onAction('archive')} disabled={disabled} icon={<Icon name="archive" />}>
          {t('archive')}
        </Button>
      ) : null}
      {actions.includes('unarchive') ? (
        <Button onClick={() => onAction('unarchive')} disabled={disabled} icon={<Icon name="unarchive" />}>
          {t('unarchive')}
        </Button>
      ) : null}
      {actions.includes('unsnooze') ? (
        <Button onClick={() => onAction('unsnooze')} disabled={disabled} icon={<Icon name="bell" />}>
          {t('unsnooze')}
        </Button>
      ) : null}
    </>
  );
}
