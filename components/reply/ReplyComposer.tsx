/**
 * The reply composer: a text box labelled Reply and a Send button under the conversation's recent
 * messages (and in the queue). The worker holds what must outlive the panel: the draft, the undo
 * window (the reply waits in the outbox), who "I am". Refusals are sentences; the text stays.
 */
import type { Ref } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { FOLLOW_UP_DEFAULT_DAYS } from '../../lib/inbox/follow-up';
import { FollowUpOption, type FollowUp } from '../live/FollowUpOption';
import { applyPick, type PickerEntry } from '../../lib/inbox/reply-picker';
import { PRONET_MESSAGE_MAX, replyTextProblem, type ReplyChannel } from '../../lib/inbox/reply-rules';
import type { Messenger } from '../../lib/messages';
import type { MemberChoiceView, OutboxItemView, ReplyContextView } from '../../lib/views';
import { actionErrorText, errorText, type ErrorText } from '../error-text';
import { channelLabel, formatNumber } from '../format';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useBrowserOnline } from '../ui/use-browser-online';
import { useRetryAt } from '../ui/use-retry-at';
import { QueuedReply, SentReply } from './QueuedReply';
import { repliesOf, replyItemStatus } from './reply-status';
import { ReplyPicker } from './ReplyPicker';
import { useReplyDraft } from './use-reply-draft';
import { useSentFollow } from './use-sent-follow';
import { useTypedFill } from './use-typed-fill';

export interface ReplyComposerProps {
  conversationId: string;
  leadId: string;
  messenger: Messenger;
  /** The outbox items the panel knows (pushed); without them the composer asks the worker itself. */
  items?: readonly OutboxItemView[];
  now?: () => number;
  /** Esc (the queue closes the composer; the draft is kept). */
  onClose?: () => void;
  autoFocus?: boolean;
  textRef?: Ref<HTMLTextAreaElement>;
  /** The thread shows above (the panel): it says a rate-limit pause, and shows the reply sent as its newest message. */
  threadAbove?: boolean;
  /** A reply was queued (true, with its text) or taken back before it went (false): the queue turns its row. */
  onReplied?: (queued: boolean, text?: string) => void;
}

export function ReplyComposer({ conversationId, leadId, messenger, items, now = Date.now, onClose, autoFocus, textRef, threadAbove, onReplied }: ReplyComposerProps) {
  const [context, setContext] = useState<ReplyContextView | null>(null);
  const [loadError, setLoadError] = useState<{ text: ErrorText; retryAt?: number } | null>(null);
  const [loadAttempt, setLoadAttempt] = useState(0); // bumped: the context asked again (a pause over)
  const [followUp, setFollowUp] = useState<FollowUp>({ on: false, days: FOLLOW_UP_DEFAULT_DAYS });
  const [text, setText] = useState('');
  const [channel, setChannel] = useState<ReplyChannel>('PRONET');
  const [newThread, setNewThread] = useState(false);
  const [subject, setSubject] = useState('');
  const [error, setError] = useState<ErrorText | null>(null);
  const [busy, setBusy] = useState(false);
  const [members, setMembers] = useState<MemberChoiceView[] | null>(null);
  /** The reply last queued here: once Sent, its text stays in view (it was gone, issue 34). */
  const [lastSent, setLastSent] = useState<OutboxItemView | null>(null);
  const [member, setMember] = useState('');
  /** Ticks while a countdown shows: each tick renders, and each render reads the clock afresh. */
  const [, setTick] = useState(0);
  const ownText = useRef<HTMLTextAreaElement | null>(null);
  /** The replies this composer sent, followed until they leave the outbox. */
  const follow = useSentFollow(messenger, items);
  const draft = useReplyDraft(messenger, conversationId, { text, channel, subject: newThread || !context?.threadSubject ? subject : '' });

  const queued = repliesOf(follow.all, conversationId);
  /** A reply refused because "I am" has left the workspace: who the user is now is asked, then it goes. */
  const stale = queued.find((i) => i.state === 'failed' && i.error?.reason === 'member-gone') ?? null;

  useEffect(() => {
    let live = true;
    setContext(null);
    setLoadError(null);
    follow.quiet();
    void messenger.send('reply-context', { conversationId, leadId }).then((reply) => {
      if (!live) return;
      if (!reply.ok) {
        setLoadError({ text: errorText(reply.error), ...(reply.error.retryAt !== undefined ? { retryAt: reply.error.retryAt } : {}) });
        return;
      }
      const c = reply.value;
      setContext(c);
      setText(c.draft?.text ?? '');
      const drafted = c.draft?.channel;
      setChannel(drafted && c.channels.includes(drafted) ? drafted : c.defaultChannel);
      setSubject(c.draft?.subject ?? '');
      setNewThread(Boolean(c.draft?.subject));
    });
    return () => {
      live = false;
      draft.flush();
    };
  }, [conversationId, leadId, messenger, loadAttempt]);
  useRetryAt(loadError?.retryAt, () => setLoadAttempt((n) => n + 1), now);

  useEffect(() => {
    if (!stale) return;
    let live = true;
    void messenger.send('reply-members', {}).then((list) => {
      if (!live) return;
      if (list.ok) setMembers(list.value.members);
      else setError(actionErrorText(list.error));
    });
    return () => {
      live = false;
    };
  }, [stale?.id, stale?.attempts, messenger]);

  // The countdown reads true without a push. The clock is read at each render: one kept from an
  // earlier render said "Sends in 12 s" for a reply queued with no undo window 12 s after it.
  const clock = now();
  const online = useBrowserOnline();
  const counting = queued.some((i) => replyItemStatus(i, clock).kind === 'window');
  useEffect(() => {
    if (!counting) return;
    const handle = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(handle);
  }, [counting, now, queued.length]);

  useEffect(() => {
    if (autoFocus && context) ownText.current?.focus();
  }, [autoFocus, context !== null]);

  function edit(next: { text?: string; channel?: ReplyChannel; subject?: string }) {
    if (next.text !== undefined) setText(next.text);
    if (next.channel !== undefined) setChannel(next.channel);
    if (next.subject !== undefined) setSubject(next.subject);
    setError(null);
    follow.quiet();
    draft.schedule(next);
  }

  const needsSubject = channel === 'EMAIL' && (newThread || !context?.threadSubject);
  const problem = replyTextProblem(text, channel);
  const { unfilled, ...typed } = useTypedFill(messenger, conversationId, leadId, text, needsSubject ? subject : null);
  const blocked = problem !== null || unfilled.length > 0 || (needsSubject && subject.trim() === '') || context === null;

  /** A template or snippet, filled, at the caret (the user's text kept); the caret after it. */
  function insert(entry: PickerEntry, fields: Readonly<Record<string, string>>) {
    const box = ownText.current;
    const picked = applyPick(entry, fields, { text, selection: { start: box?.selectionStart ?? text.length, end: box?.selectionEnd ?? text.length }, subject, needsSubject });
    edit({ text: picked.text, ...(picked.subject !== undefined ? { subject: picked.subject } : {}) });
    requestAnimationFrame(() => ownText.current?.setSelectionRange(picked.caret, picked.caret));
    ownText.current?.focus();
  }

  async function send() {
    if (blocked || busy || !context) return;
    setBusy(true);
    setError(null);
    draft.cancel();
    const reply = await messenger.send('reply-send', {
      conversationId,
      leadId,
      channel,
      text: typed.text,
      ...(needsSubject ? { subject: (typed.subject ?? subject).trim() } : {}),
      ...(followUp.on ? { remindInDays: followUp.days } : {}),
    });
    setBusy(false);
    if (!reply.ok) {
      if (reply.error.reason === 'member-needed') {
        const list = await messenger.send('reply-members', {});
        if (list.ok) {
          setMembers(list.value.members);
          return;
        }
        setError(actionErrorText(list.error));
        return;
      }
      setError(actionErrorText(reply.error));
      return;
    }
    follow.follow(reply.value);
    setLastSent(reply.value);
    onReplied?.(true, typed.text);
    setText('');
    setSubject('');
    setNewThread(false);
  }

  async function saveMemberAndSend() {
    if (!member) return;
    const resend = stale;
    // The refused reply goes again as the member chosen (the worker changes it and retries it, in one step).
    const reply = await messenger.send('reply-member-set', { memberId: member, ...(resend ? { resend: resend.id } : {}) });
    if (!reply.ok) {
      setError(actionErrorText(reply.error));
      return;
    }
    setMembers(null);
    setContext((c) => (c ? { ...c, memberId: member } : c));
    if (resend) follow.follow(resend);
    else await send();
  }

  async function undo(id: string) {
    follow.withdraw(id);
    const reply = await messenger.send('reply-undo', { id });
    if (!reply.ok) {
      follow.keep(id);
      setError(actionErrorText(reply.error));
      return;
    }
    follow.drop(id);
    onReplied?.(false);
    setText(reply.value.text);
    if (reply.value.channel) setChannel(reply.value.channel);
    if (reply.value.subject) {
      setSubject(reply.value.subject);
      setNewThread(true);
    }
    ownText.current?.focus();
  }

  async function discard(item: OutboxItemView, keepText: boolean) {
    follow.withdraw(item.id);
    const reply = await messenger.send('outbox-discard', { id: item.id });
    if (!reply.ok) {
      follow.keep(item.id);
      setError(actionErrorText(reply.error));
      return;
    }
    follow.drop(item.id);
    onReplied?.(false);
    if (keepText && item.reply) edit({ text: item.reply.text, channel: item.reply.channel, ...(item.reply.subject ? { subject: item.reply.subject } : {}) });
  }

  // Paused by the service: the messages above say until when (once: it was said twice); the composer comes after.
  if (loadError?.retryAt !== undefined && threadAbove) return <div class="reply-composer skeleton" style={{ height: '72px' }} aria-busy="true" />;
  if (loadError) {
    return (
      <div class="reply-composer notice notice-danger" role="alert">
        <ErrorMessage text={loadError.text} />
      </div>
    );
  }

  const textId = `reply-text-${conversationId}`;
  const over = channel === 'PRONET' ? text.length - PRONET_MESSAGE_MAX : 0;
  return (
    <div class="reply-composer stack" data-testid="reply-composer">
      {queued.length > 0 ? (
        <ol class="message-list reply-queued">
          {queued.map((item) => (
            <QueuedReply
              key={item.id}
              item={item}
              now={clock}
              online={online}
              onUndo={() => void undo(item.id)}
              onRetry={item.error?.reason === 'member-gone' ? undefined : () => void messenger.send('outbox-retry', { id: item.id })}
              onEdit={() => void discard(item, true)}
              onDiscard={() => void discard(item, false)}
            />
          ))}
        </ol>
      ) : null}
      {follow.sent && lastSent && !threadAbove ? <SentReply item={lastSent} /> : null}
      {follow.sent ? (
        <p class="reply-sent" role="status" data-testid="reply-status">
          {t('replySent')}
        </p>
      ) : null}

      <div class="field">
        <div class="row reply-head">
          <label class="field-label" for={textId}>
            {t('replyLabel')}
          </label>
          <span class="spacer" />
          {context ? <ReplyPicker conversationId={conversationId} leadId={leadId} messenger={messenger} channel={channel} text={text} onPick={insert} /> : null}
          {context && context.channels.length > 1 ? (
            <div class="reply-channels" role="radiogroup" aria-label={t('replyChannel')}>
              {context.channels.map((c) => (
                <label key={c} class="reply-channel">
                  <input type="radio" name={`reply-channel-${conversationId}`} value={c} checked={channel === c} onChange={() => edit({ channel: c })} />
                  {channelLabel(c)}
                </label>
              ))}
            </div>
          ) : context ? (
            <span class="muted small">{channelLabel(channel)}</span>
          ) : null}
        </div>
        {channel === 'EMAIL' && context ? (
          <div class="reply-thread">
            {context.threadSubject ? (
              <label class="reply-new-thread small">
                <input type="checkbox" checked={newThread} onChange={(e) => setNewThread(e.currentTarget.checked)} />
                {t('replyNewSubject')}
              </label>
            ) : null}
            {context.threadSubject && !newThread ? (
              <p class="muted small" data-testid="reply-thread">
                {t('replyInThread', context.threadSubject)}
              </p>
            ) : (
              <input
                class="input"
                type="text"
                aria-label={t('replySubject')}
                placeholder={t('replySubject')}
                value={subject}
                maxLength={500}
                onInput={(e) => edit({ subject: e.currentTarget.value })}
              />
            )}
          </div>
        ) : null}
        <textarea
          id={textId}
          class="textarea reply-text"
          rows={3}
          value={text}
          disabled={context === null}
          aria-invalid={over > 0 || unfilled.length > 0 || undefined}
          aria-describedby={unfilled.length > 0 ? `${textId}-unfilled` : undefined}
          aria-keyshortcuts="Control+Enter Meta+Enter Escape"
          ref={(el) => {
            ownText.current = el;
            if (typeof textRef === 'function') textRef(el);
            else if (textRef) textRef.current = el;
          }}
          onInput={(e) => edit({ text: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              e.stopPropagation();
              void send();
            } else if (e.key === 'Escape' && onClose) {
              e.preventDefault();
              e.stopPropagation();
              draft.flush();
              onClose();
            }
          }}
        />
        <div class="row reply-actions">
          {channel === 'PRONET' ? (
            <span class={`counter ${over > 0 ? 'counter-over' : ''}`} data-testid="reply-counter" aria-live="polite">
              {formatNumber(text.length)} / {formatNumber(PRONET_MESSAGE_MAX)}
            </span>
          ) : null}
          <span class="spacer" />
          {onClose ? (
            <Button size="sm" variant="ghost" onClick={() => (draft.flush(), onClose())}>
              {t('replyClose')}
            </Button>
          ) : null}
          <Button variant="primary" size="sm" onClick={() => void send()} disabled={blocked || members !== null} busy={busy} title={t('replyKeyHint')}>
            {t('replySend')}
          </Button>
        </div>
        <FollowUpOption value={followUp} onChange={setFollowUp} />
        {over > 0 ? <p class="reply-problem small">{t('replyTooLong', formatNumber(over))}</p> : null}
        {problem === 'empty' && text !== '' ? <p class="reply-problem small">{t('replyWriteSomething')}</p> : null}
        {unfilled.length > 0 ? (
          <p class="reply-problem small" id={`${textId}-unfilled`} data-testid="reply-unfilled">
            {t('replyFillPlaceholders', unfilled.join(', '))}
          </p>
        ) : null}
        {members ? (
          <div class="reply-member notice" role="group" aria-label={t('replyIAm')}>
            <p class="small">{t(stale ? 'replyMemberGone' : 'replyWhoAmI')}</p>
            <div class="row">
              <label class="field-label" for={`reply-member-${conversationId}`}>
                {t('replyIAm')}
              </label>
              <select id={`reply-member-${conversationId}`} class="select" value={member} onChange={(e) => setMember(e.currentTarget.value)}>
                <option value="">{t('replyIAmChoose')}</option>
                {members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
              <Button size="sm" variant="primary" disabled={!member} onClick={() => void saveMemberAndSend()}>
                {t('replyIAmSend')}
              </Button>
            </div>
          </div>
        ) : null}
        {error ? (
          <div class="notice notice-danger" role="alert">
            <ErrorMessage text={error} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
