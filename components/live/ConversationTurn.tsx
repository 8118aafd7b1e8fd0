/**
 * The panel's conversation, live (issue 36): whose turn it is ("Waiting for you, 6 days"), and, while
 * the panel is visible, the conversation's summary read again at most once a minute, relay or not:
 * status, snooze and note travel in no webhook (issue 41; the worker reads the thread only when the
 * summary shows a message no relay event brought).
 */
import type { TurnFacts } from '../../lib/inbox/whose-turn';
import type { Messenger } from '../../lib/messages';
import { Pill } from '../ui/Pill';
import { turnText, turnTone } from './turn-text';
import { useRevalidate } from './use-revalidate';

export interface ConversationTurnProps {
  conversation: TurnFacts & { id: string };
  leadId: string;
  now: number;
  messenger: Messenger;
}

export function ConversationTurn({ conversation, leadId, now, messenger }: ConversationTurnProps) {
  useRevalidate(() => messenger.send('conversation-revalidate', { conversationId: conversation.id, leadId }));
  const text = turnText(conversation, now);
  const tone = turnTone(conversation);
  if (text === null || tone === null) return null;
  return (
    <span class="status" data-testid="whose-turn">
      <Pill tone={tone}>{text}</Pill>
    </span>
  );
}
