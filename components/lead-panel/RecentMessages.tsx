import { useEffect, useRef, useState } from 'preact/hooks';
import type { Reply } from '../../lib/messages';
import { mergeOlder, olderHidden, showOlder, type ConversationMessagesView, type MessageView } from '../../lib/views';
import { channelLabel, formatDateTime } from '../format';
import { errorText, type ErrorText } from '../error-text';
import { t, tn } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useRetryAt } from '../ui/use-retry-at';
import { MessageHtml } from './MessageHtml';
import { looksLikeHtml } from './sanitize';

export interface RecentMessagesProps {
  conversationId: string;
  /** Changes when the conversation gets a new message, to fetch again. */
  version: number | null;
  leadName: string;
  /** A page of the conversation's messages (0: the newest), through the worker. */
  load: (conversationId: string, page?: number) => Promise<Reply<ConversationMessagesView>>;
  /** How many of the newest messages to show at first, and how many more each "Show older messages". */
  limit?: number;
}

type LoadState =
  | { kind: 'loading' }
  | { kind: 'error'; text: ErrorText; retryAt?: number }
  | { kind: 'ready'; messages: MessageView[]; total: number; pages: number };

/** The newest messages of the conversation, oldest first like a chat, bodies sanitised. */
export function RecentMessages({ conversationId, version, leadName, load, limit = 6 }: RecentMessagesProps) {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  /** How many of the newest messages are shown (grows with "Show older messages"). */
  const [shown, setShown] = useState(limit);
  const [paging, setPaging] = useState<'idle' | 'loading' | 'failed'>('idle');
  const listRef = useRef<HTMLOListElement>(null);
  const olderRef = useRef<HTMLDivElement>(null);
  const focusOldest = useRef(false);

  useEffect(() => {
    let live = true;
    setState((s) => (s.kind === 'ready' ? s : { kind: 'loading' }));
    void load(conversationId).then((reply) => {
      if (!live) return;
      // A new message: the newest page again; the older ones already shown are asked for again on demand.
      if (reply.ok) setState({ kind: 'ready', messages: reply.value.messages, total: reply.value.total, pages: 1 });
      else setState({ kind: 'error', text: errorText(reply.error), ...(reply.error.retryAt !== undefined ? { retryAt: reply.error.retryAt } : {}) });
    });
    return () => {
      live = false;
    };
  }, [conversationId, version, attempt, load]);

  // A pause the service asked for: asked again when it is over, and the notice goes with the answer.
  useRetryAt(state.kind === 'error' ? state.retryAt : undefined, () => setAttempt((n) => n + 1));

  useEffect(() => {
    setShown(limit);
    setPaging('idle');
  }, [conversationId, limit]);

  // The button gone (nothing older left): the focus goes to the oldest message, not to the page's top.
  useEffect(() => {
    if (!focusOldest.current) return;
    focusOldest.current = false;
    const button = olderRef.current?.querySelector('button');
    if (button) button.focus();
    else listRef.current?.querySelector<HTMLElement>('li')?.focus();
  });

  async function older() {
    if (state.kind !== 'ready' || paging === 'loading') return;
    const step = showOlder(state, shown, limit);
    if (step.fetchPage === null) {
      focusOldest.current = true;
      setShown(step.shown);
      return;
    }
    setPaging('loading');
    const reply = await load(conversationId, step.fetchPage);
    if (!reply.ok) {
      setPaging('failed');
      return;
    }
    const messages = mergeOlder(state.messages, reply.value.messages);
    // The button was busy (and could not hold the focus): it takes it back, or the oldest message does.
    focusOldest.current = true;
    setState({ kind: 'ready', messages, total: reply.value.total, pages: step.fetchPage + 1 });
    setShown(Math.min(shown + limit, messages.length));
    setPaging('idle');
  }

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
  const visible = state.messages.slice(0, shown).reverse();
  const hidden = olderHidden(state, shown);
  return (
    <div class="messages">
      {hidden > 0 ? (
        <div class="messages-more row" ref={olderRef}>
          <Button size="sm" variant="ghost" busy={paging === 'loading'} onClick={() => void older()}>
            {tn('showOlderMessages', hidden, hidden)}
          </Button>
          {paging === 'failed' ? (
            <span class="muted small" role="alert">
              {t('olderMessagesFailed')}
            </span>
          ) : null}
        </div>
      ) : null}
      <ol class="message-list" ref={listRef}>
        {visible.map((m) => (
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
    <li class={`message ${received ? 'message-in' : 'message-out'}`} tabIndex={-1}>
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
