/** The toast each conversation action shows (with its Undo), and what it says as the change travels. */
import type { Messenger } from '../../lib/messages';
import { hasFailedAttempt, itemProgress } from '../../lib/outbox-progress';
import type { ConversationView, PanelState } from '../../lib/views';
import { formatDateTime } from '../format';
import { t } from '../i18n';

/**
 * A toast about a queued change (`item`: its outbox id) says what is true: being sent, queued (an
 * attempt failed: it waits for the service), refused, or done (the item left the outbox after `since`,
 * the state when the button was pressed).
 */
export type ToastState = { id: number; text: string; undo?: () => void; item?: { id: string; since: PanelState | null; sending: string; queued: string } };
export type ToastInput = Omit<ToastState, 'id'>;

/** What a toast says now, from the state the background pushed. */
export function toastText(toast: ToastInput, state: PanelState | null): string {
  const { item } = toast;
  if (!item) return toast.text;
  const lists = (s: PanelState | null) => (s !== null && 'pending' in s ? s : null);
  const progress = itemProgress(item.id, lists(state), lists(item.since));
  if (progress.kind === 'refused') return t('toastRefused');
  if (progress.kind === 'listed') return hasFailedAttempt(progress.item) ? item.queued : item.sending;
  return progress.kind === 'landed' ? toast.text : item.sending;
}

export interface ActionToastInput {
  action: 'archive' | 'unarchive' | 'unsnooze' | 'snooze';
  leadName: string;
  target: { conversationId: string; leadId: string };
  /** The conversation as it was before the action: what Undo puts back. */
  before: Pick<ConversationView, 'status' | 'snoozeUntil'>;
  /** The snooze date (snooze). */
  until?: number | undefined;
  now: number;
  itemId: string;
  since: PanelState | null;
  messenger: Messenger;
}

/**
 * Every action says what it did with a toast of its own, which replaces the one before: no Undo is
 * left on screen for a change that another one has since replaced (issue 34: a snooze toast outlived
 * Unsnooze, and its Undo did nothing).
 */
export function actionToast({ action, leadName, target, before, until, now, itemId, since, messenger }: ActionToastInput): ToastInput {
  const send = messenger.send;
  const item = (sending: string, queued: string) => ({ id: itemId, since, sending, queued });
  switch (action) {
    case 'archive':
      return { text: t('toastArchived', leadName), undo: () => void send('unarchive', target), item: item(t('toastArchiving', leadName), t('toastArchiveQueued', leadName)) };
    case 'unarchive':
      return { text: t('toastUnarchived', leadName), undo: () => void send('archive', target), item: item(t('toastUnarchiving', leadName), t('toastUnarchiveQueued', leadName)) };
    case 'unsnooze': {
      // Undo snoozes again to the same date, while that date is still ahead.
      const back = before.snoozeUntil;
      return {
        text: t('toastUnsnoozed'),
        ...(back !== null && back > now ? { undo: () => void send('snooze', { ...target, until: back }) } : {}),
        item: item(t('toastUnsnoozing'), t('toastUnsnoozeQueued')),
      };
    }
    case 'snooze': {
      // Undo puts the conversation back the way it was: snoozed to its old date, archived, or open.
      const old = before.snoozeUntil;
      const undo =
        before.status === 'SNOOZED' && old !== null && old > now
          ? () => void send('snooze', { ...target, until: old })
          : before.status === 'ARCHIVED'
            ? () => void send('archive', target)
            : () => void send('unsnooze', target);
      const when = formatDateTime(until!);
      return { text: t('toastSnoozed', when), undo, item: item(t('toastSnoozing', when), t('toastSnoozeQueued', when)) };
    }
  }
}
