/**
 * The panel's conversation, live (issue 36): whose turn it is ("Waiting for you, 6 days"), and, while
 * the panel is visible, the conversation read again at most once a minute (the worker skips it while
 * the team relay's stream is open: the relay already brings what changed).
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
