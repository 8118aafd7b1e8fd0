import { useEffect, useState } from 'preact/hooks';
import type { Reply } from '../../lib/messages';
import type { ConversationMessagesView, MessageView } from '../../lib/views';
import { channelLabel, formatDateTime } from '../format';
import { errorText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { MessageHtml } from './MessageHtml';
import { looksLikeHtml } from './sanitize';

export interface RecentMessagesProps {
  conversationId: string;
  /** Changes when the conversation gets a new message, to fetch again. */
  version: number | null;
  leadName: string;
  load: (conversationId: string) => Promise<Reply<ConversationMessagesView>>;
  /** How many of the newest messages to show. */
  limit?: number;
}

type LoadState = { kind: 'loading' } | { kind: 'error'; text: ErrorText } | { kind: 'ready'; messages: MessageView[]; total: number };

/** The newest messages of the conversation, oldest first like a chat, bodies sanitised. */
export function RecentMessages({ conversationId, version, leadName, load, limit = 6 }: RecentMessagesProps) {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState((s) => (s.kind === 'ready' ? s : { kind: 'loading' }));
    void load(conversationId).then((reply) => {
      if (!live) return;
      if (reply.ok) setState({ kind: 'ready', messages: reply.value.messages, total: reply.value.total });
      else setState({ kind: 'error', text: errorText(reply.error) });
    });
    return () => {
      live = false;
    };
  }, [conversationId, version, attempt, load]);

  if (state.kind === 'loading') {
    return (
      <div class="messages" aria-busy="true">
        <div class="skeleton" style={{ height: '44px', width: '78%' }} />
        <div class="skeleton" style={{ height: '36px', width: '64%', alignSelf: 'flex-end' }} />
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div class="notice notice-danger" role="alert">
        <ErrorMessage class="spacer" text={state.text} />
        <Button size="sm" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (state.messages.length === 0) return <p class="muted empty-line">{t('noMessages')}</p>;
  const shown = state.messages.slice(0, limit).reverse();
  return (
    <div class="messages">
      {state.total > shown.length ? <p class="muted messages-more">{t('olderMessages', state.total - shown.length)}</p> : null}
      <ol class="message-list">
        {shown.map((m) => (
          <MessageItem key={m.id} message={m} leadName={leadName} />
        ))}
      </ol>
    </div>
  );
}

function MessageItem({ message: m, leadName }: { message: MessageView; leadName: string }) {
  const received = m.direction === 'RECEIVED';
  const html = looksLikeHtml(m.content);
  return (
    <li class={`message ${received ? 'message-in' : 'message-out'}`}>
      <div class="message-meta">
        <span class="message-author">{received ? leadName : t('messageFromYou')}</span>
        <span aria-hidden="true">·</span>
        <span>{channelLabel(m.channel)}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={new Date(m.createdAt).toISOString()}>{formatDateTime(m.createdAt)}</time>
        {m.status === 'SEND_FAILED' ? <span class="message-failed">{t('messageStatusSendFailed')}</span> : null}
      </div>
      <div class="message-bubble">
        {m.subject ? <p class="message-subject">{m.subject}</p> : null}
        {html ? (
          <MessageHtml content={m.content} />
        ) : (
          <div class="message-body message-text">{m.content}</div>
        )}
      </div>
    </li>
  );
}
