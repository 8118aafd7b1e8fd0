import { useEffect, useState } from 'preact/hooks';
import type { Reply } from '../../lib/messages';
import type { ConversationMessagesView } from '../../lib/views';
import { messagePreview } from './sanitize';

export interface LastMessagePreviewProps {
  conversationId: string;
  /** Changes when the conversation gets a new message. */
  version: number | null;
  /**
   * The conversation's newest messages: the same request as the recent messages below, which the
   * background answers from one cached call.
   */
  load: (conversationId: string) => Promise<Reply<ConversationMessagesView>>;
}

/** One line of the last message's text (sanitised plain text, bounded); nothing while unknown. */
export function LastMessagePreview({ conversationId, version, load }: LastMessagePreviewProps) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (version === null) {
      setText(null);
      return;
    }
    void load(conversationId).then((reply) => {
      if (!live) return;
      const last = reply.ok ? reply.value.messages[0] : undefined;
      setText(last ? messagePreview(last.subject && !last.content.trim() ? last.subject : last.content) : null);
    });
    return () => {
      live = false;
    };
  }, [conversationId, version, load]);
  if (!text) return null;
  return (
    <p class="last-message-preview" data-testid="last-message-preview" title={text}>
      {text}
    </p>
  );
}
