import type { Ref } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Messenger, Reply } from '../../lib/messages';
import type { ConversationMessagesView, ConversationView, CreditsView, PanelState } from '../../lib/views';
import type { NoteMode } from '../../lib/inbox/note-rules';
import { serviceUnreachable } from '../../lib/outbox-progress';
import { channelLabel, formatDateTime, initials, messageStatusLabel } from '../format';
import { actionErrorText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Icon } from '../ui/Icon';
import { Pill } from '../ui/Pill';
import { Toast } from '../ui/Toast';
import { Fold, useFold } from '../ui/Fold';
import { useRemembered } from '../ui/use-remembered';
import { useBrowserOnline } from '../ui/use-browser-online';
import { EssentialActions, type OpenPart } from './EssentialActions';
import { actionToast, toastText, type ToastInput, type ToastState } from './action-toast';
import { Activity } from './Activity';
import { ContactDetails } from './ContactDetails';
import { OfflineNotice, UnreachableNotice } from './OfflineNotice';
import { ConversationPicker } from './ConversationPicker';
import { ConversationStatus, statusText } from './ConversationStatus';
import { ConversationTurn } from '../live/ConversationTurn';
import { LastMessagePreview } from './LastMessagePreview';
import { LeadPicker } from './LeadPicker';
import { NoConversation } from './NoConversation';
import { NoLead } from './NoLead';
import { LeadPageWithoutLink, LinkNotice } from './LeadLink';
import { NoteEditor } from './NoteEditor';
import { OutboxList } from './OutboxList';
import { leadStatusLabel, QualifyControl } from './QualifyControl';
import { RecentMessages } from './RecentMessages';
import { ReplyComposer } from '../reply/ReplyComposer';
import { SnoozePicker } from './SnoozePicker';
import { WebAppLink } from './WebAppLink';
import { StateMessage } from './StateMessage';
import { CampaignFold } from '../person-context/CampaignFold';
import { CrmFold } from '../person-context/CrmFold';

export interface LeadPanelProps {
  /** The tab's state as the background pushes it; null while connecting. */
  state: PanelState | null;
  tabId: number;
  messenger: Messenger;
  now?: () => number;
  onOpenOptions: () => void;
  /** Receives the Note textarea (the "focus the note" shortcut). */
  noteRef?: Ref<HTMLTextAreaElement>;
}

type LeadState = Extract<PanelState, { kind: 'lead' }>;
/** Replies show in their composer, as the messages they will be, not in the outbox list. */
const notReply = (i: { kind: string }) => i.kind !== 'reply';

/** Re-renders every `periodMs` so countdowns and snooze expiry read true without a round trip. */
function useNow(now: () => number, periodMs: number): number {
  const [value, setValue] = useState(now);
  useEffect(() => {
    const handle = setInterval(() => setValue(now()), periodMs);
    return () => clearInterval(handle);
  }, [now, periodMs]);
  return value;
}

/** The lead panel shared by the side panel and the popup. */
export function LeadPanel({ state, tabId, messenger, now = Date.now, onOpenOptions, noteRef }: LeadPanelProps) {
  const ticking = state?.kind === 'error' && state.code === 'rate-limited';
  const current = useNow(now, ticking ? 1000 : 30_000);
  const [toast, setToast] = useState<ToastState | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  const closeToast = useCallback(() => setToast(null), []);
  const online = useBrowserOnline();

  const refresh = useCallback(() => void messenger.send('refresh', { tabId }), [messenger, tabId]);
  const retry = useCallback((id: string) => void messenger.send('outbox-retry', { id }), [messenger]);
  const discard = useCallback((id: string) => void messenger.send('outbox-discard', { id }), [messenger]);
  const loadMessages = useCallback(
    (conversationId: string, page = 0) => messenger.send('conversation-messages', page > 0 ? { conversationId, page } : { conversationId }),
    [messenger],
  );
  const loadAudiences = useCallback(() => messenger.send('audiences', {}), [messenger]);
  const loadCredits = useCallback(() => messenger.send('credits', {}), [messenger]);
  const findByName = useCallback(
    (query: { firstname: string; lastname: string; companyName: string }) => messenger.send('find-by-name', { tabId, ...query }),
    [messenger, tabId],
  );

  useEffect(() => setError(null), [state?.kind, state && 'profileUrl' in state ? state.profileUrl : null]);

  function report<T>(reply: Reply<T>): reply is { ok: true; value: T } {
    if (!reply.ok) setError(actionErrorText(reply.error));
    else setError(null);
    return reply.ok;
  }

  if (state === null) return <StateMessage state={{ kind: 'loading', profileUrl: '' }} now={current} onOpenOptions={onOpenOptions} onRetry={refresh} />;

  let body;
  if (state.kind === 'lead') {
    // Identity names come with the state: the background loads them once per key.
    body = (
      <LeadView
        state={state}
        tabId={tabId}
        messenger={messenger}
        now={now}
        current={current}
        noteRef={noteRef}
        report={report}
        showToast={(input) => setToast({ id: Date.now(), ...input })}
        onRetry={retry}
        onDiscard={discard}
        loadMessages={loadMessages}
        loadCredits={loadCredits}
      />
    );
  } else if (state.kind === 'pick-lead') {
    body = (
      <LeadPicker
        candidates={state.candidates}
        tooManyResults={state.tooManyResults}
        loadAudiences={loadAudiences}
        onChoose={async (leadId) => void report(await messenger.send('choose-lead', { tabId, leadId }))}
      />
    );
  } else if (state.kind === 'no-lead') {
    body = (
      <NoLead
        state={state}
        loadAudiences={loadAudiences}
        loadCredits={loadCredits}
        addToAudience={(input) => messenger.send('add-to-audience', { profileUrl: state.profileUrl, ...input })}
        enrich={(input) => messenger.send('enrich', { profileUrl: state.profileUrl, ...input })}
        onRetry={retry}
        onDiscard={discard}
        findByName={findByName}
        link={async (match) => void report(await messenger.send('link-lead', { tabId, leadId: match.id, name: match.name }))}
        loadCrm={(byName) => messenger.send('crm-records', byName ? { tabId, byName } : { tabId })}
      />
    );
  } else if (state.kind === 'not-profile' && state.leadPage) {
    body = <LeadPageWithoutLink words={state.leadPage} tabId={tabId} findByName={findByName} />;
  } else {
    body = <StateMessage state={state} now={current} onOpenOptions={onOpenOptions} onRetry={refresh} />;
  }

  return (
    <div class="lead-panel" data-state={state.kind}>
      {error ? (
        <div class="notice notice-danger" role="alert">
          <Icon name="alert" />
          <ErrorMessage class="spacer" text={error} />
          <Button size="sm" variant="ghost" aria-label={t('dismiss')} onClick={() => setError(null)} icon={<Icon name="x" />} />
        </div>
      ) : null}
      {state.kind === 'no-lead' && state.offline ? <OfflineNotice fetchedAt={state.offline.fetchedAt} now={current} /> : null}
      {(state.kind === 'no-lead' || state.kind === 'lead') && !state.offline && serviceUnreachable(state.pending, online) ? <UnreachableNotice /> : null}
      {body}
      {toast ? (
        <Toast
          key={toast.id}
          onClose={closeToast}
          undo={toast.undo}
        >
          {toastText(toast, state)}
        </Toast>
      ) : null}
    </div>
  );
}

interface LeadViewProps {
  state: LeadState;
  tabId: number;
  messenger: Messenger;
  now: () => number;
  current: number;
  noteRef?: Ref<HTMLTextAreaElement>;
  report: <T>(reply: Reply<T>) => reply is { ok: true; value: T };
  showToast: (toast: ToastInput) => void;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
  loadMessages: (conversationId: string) => Promise<Reply<ConversationMessagesView>>;
  loadCredits: () => Promise<Reply<CreditsView>>;
}

function LeadView({ state, tabId, messenger, now, current, noteRef, report, showToast, onRetry, onDiscard, loadMessages, loadCredits }: LeadViewProps) {
  const [selectedId, setSelectedId] = useState(state.selectedConversationId);
  useEffect(() => setSelectedId(state.selectedConversationId), [state.selectedConversationId, state.lead.id]);
  const conversation = state.conversations.find((c) => c.id === selectedId) ?? state.conversations[0] ?? null;
  const { lead } = state;
  const [actionCount, setActionCount] = useState(0);

  function select(conversationId: string) {
    setSelectedId(conversationId);
    void messenger.send('select-conversation', { tabId, conversationId });
  }

  async function act(c: ConversationView, action: 'archive' | 'unarchive' | 'unsnooze' | 'snooze', until?: number) {
    const target = { conversationId: c.id, leadId: c.leadId };
    setActionCount((n) => n + 1);
    const before = { status: c.status, snoozeUntil: c.snoozeUntil };
    const since = state;
    const reply = action === 'snooze' ? await messenger.send('snooze', { ...target, until: until! }) : await messenger.send(action, target);
    if (!report(reply)) return;
    showToast(actionToast({ action, leadName: lead.name, target, before, until, now: now(), itemId: reply.value.id, since, messenger }));
  }

  // The first screen (issue 45): what opens under the acts, and the folds (each remembered).
  const [snoozeOpen, setSnoozeOpen] = useState(false);
  // The reply box stays open for its conversation, across panels, until closed: a draft shows where it was left.
  const [replyOpen, setReplyOpen] = useRemembered(`reply-open:${conversation?.id ?? ''}`, false);
  const [replyFocus, setReplyFocus] = useState(false);
  const [threadOpen, setThreadOpen] = useFold('thread', true);
  const [noteOpen, setNoteOpen] = useFold('note', true);
  const [qualifyOpen, setQualifyOpen] = useFold('qualify');
  const [contactsOpen, setContactsOpen] = useFold('contacts');
  const [activityOpen, setActivityOpen] = useFold('activity');
  // A reply on its way (its undo window, a failure) keeps the reply box open: it is shown there.
  const replying = conversation !== null && [...state.pending, ...state.failed].some((i) => i.kind === 'reply' && i.conversationId === conversation.id);
  const open: OpenPart = replyOpen || replying ? 'reply' : snoozeOpen ? 'snooze' : null;
  const openPart = useCallback(
    (part: OpenPart) => {
      setSnoozeOpen(part === 'snooze');
      setReplyOpen(part === 'reply');
      setReplyFocus(part === 'reply');
    },
    [setReplyOpen],
  );
  useEffect(() => setSnoozeOpen(false), [conversation?.id]);
  // An enrichment under way or just over: what it finds shows without a click (it was paid for).
  const enrichmentState = state.enrichment ? `${state.enrichment.state}` : null;
  useEffect(() => {
    if (enrichmentState !== null) setContactsOpen(true);
  }, [enrichmentState, setContactsOpen]);
  function appendToNote() {
    setNoteOpen(true);
    // The fold renders open first; then the append box takes the keyboard.
    requestAnimationFrame(() => {
      const box = document.getElementById('note-append');
      box?.scrollIntoView({ block: 'nearest' });
      box?.focus();
    });
  }
  const contactsHint = state.contacts && state.contacts.length > 0 ? state.contacts.map((c) => c.value).join(' · ') : t('contactsNone');

  async function saveNote(c: ConversationView, mode: NoteMode, text: string): Promise<string | null> {
    const reply = await messenger.send('save-note', { conversationId: c.id, leadId: c.leadId, mode, text });
    return report(reply) ? reply.value.id : null;
  }

  const subtitle = [lead.jobTitle, lead.company].filter(Boolean).join(' · ');
  return (
    <div class="stack">
      <header class="lead-header">
        <div class="avatar" aria-hidden="true">
          {initials(lead.name)}
        </div>
        <div class="lead-heading">
          <h1 class="lead-name">{lead.name}</h1>
          {subtitle ? <p class="muted lead-sub">{subtitle}</p> : null}
        </div>
        {state.stale ? (
          <span class="updating" role="status">
            <span class="spinner" aria-hidden="true" />
            <span class="visually-hidden">{t('updating')}</span>
          </span>
        ) : null}
      </header>

      {state.offline ? <OfflineNotice fetchedAt={state.fetchedAt} now={current} /> : null}

      {state.via === 'lead-page' ? <p class="muted small via-note">{t('viaLeadPage')}</p> : null}
      {state.link ? <LinkNotice tabId={tabId} pronetUrlMissing={state.link.pronetUrlMissing} messenger={messenger} /> : null}

      {state.leads ? (
        <p class="muted small other-leads">
          {t('otherLeads', state.leads)}{' '}
          <Button size="sm" variant="ghost" onClick={() => void messenger.send('choose-lead', { tabId, leadId: null })}>
            {t('changeLead')}
          </Button>
        </p>
      ) : null}

      {state.conversations.length > 1 ? (
        <ConversationPicker conversations={state.conversations} selectedId={conversation?.id ?? null} onSelect={select} now={current} />
      ) : null}

      {conversation ? (
        <>
          <section class="card card-body stack essentials" aria-label={t('conversation')}>
            <div class="conv-head wrap">
              <ConversationStatus conversation={conversation} now={current} testId="conversation-status" />
              <ConversationTurn conversation={conversation} leadId={state.lead.id} now={current} messenger={messenger} />
              <span data-testid="replied" title={t('replied')}>
                {conversation.leadReplied ? <Pill tone="ok">{t('repliedYes')}</Pill> : <Pill>{t('repliedNo')}</Pill>}
              </span>
            </div>
            <div class="last-message">
              <span class="small muted" data-testid="last-message">
                {conversation.lastMessageAt === null
                  ? t('noMessageYet')
                  : `${messageStatusLabel(conversation.lastMessageStatus)} · ${channelLabel(conversation.lastMessageType)} · ${formatDateTime(conversation.lastMessageAt)}`}
              </span>
              <LastMessagePreview conversationId={conversation.id} version={conversation.lastMessageAt} load={loadMessages} />
            </div>
            {conversation.webAppUrl ? <WebAppLink href={conversation.webAppUrl} /> : null}
            <EssentialActions
              actions={conversation.actions}
              onAction={(a) => void act(conversation, a)}
              open={open}
              onOpen={openPart}
              onAppend={appendToNote}
              snoozer={
                <SnoozePicker
                  key={conversation.id}
                  now={now}
                  onSnooze={(until) => {
                    setSnoozeOpen(false);
                    void act(conversation, 'snooze', until);
                  }}
                />
              }
              composer={
                <ReplyComposer
                  conversationId={conversation.id}
                  leadId={conversation.leadId}
                  messenger={messenger}
                  items={[...state.pending, ...state.failed]}
                  now={now}
                  autoFocus={replyFocus}
                  onClose={() => openPart(null)}
                />
              }
            />
            <span class="visually-hidden" aria-live="polite">
              {statusText(conversation, current)}
            </span>
          </section>

          {state.pending.some(notReply) || state.failed.some(notReply) ? (
            <section class="card card-body stack">
              <span class="section-label">{t('outboxTitle')}</span>
              <OutboxList pending={state.pending.filter(notReply)} failed={state.failed.filter(notReply)} onRetry={onRetry} onDiscard={onDiscard} />
            </section>
          ) : null}

          <Fold id="thread" title={t('recentMessages')} open={threadOpen} onToggle={setThreadOpen}>
            {/* A region of its own, as before the folds: the thread's landmark for a screen reader. */}
            <section aria-label={t('recentMessages')}>
              <RecentMessages conversationId={conversation.id} version={conversation.lastMessageAt} leadName={lead.name} load={loadMessages} />
            </section>
          </Fold>

          <Fold id="note" title={t('noteLabel')} hint={conversation.note ? conversation.note.split('\n').pop() : null} open={noteOpen} onToggle={setNoteOpen}>
            <NoteEditor
              conversationId={conversation.id}
              note={conversation.note}
              now={now}
              onSave={(mode, text) => saveNote(conversation, mode, text)}
              noteRef={noteRef}
              actionCount={actionCount}
              outbox={state}
            />
          </Fold>

          <CampaignFold conversation={conversation} now={current} load={(campaignId, further) => messenger.send('campaign-standing', { leadId: conversation.leadId, campaignId, ...(further ? { further } : {}) })} />

          {conversation.qualification && conversation.campaignName ? (
            <Fold
              id="qualify"
              title={t('qualifyTitle')}
              hint={conversation.qualification.status ? leadStatusLabel(conversation.qualification.status) : t('qualifyNone')}
              open={qualifyOpen}
              onToggle={setQualifyOpen}
            >
              <QualifyControl
                campaignName={conversation.campaignName}
                qualification={conversation.qualification}
                onQualify={async (status) => void report(await messenger.send('qualify', { conversationId: conversation.id, leadId: conversation.leadId, status }))}
                onDiscard={onDiscard}
              />
            </Fold>
          ) : null}
        </>
      ) : (
        <NoConversation state={state} messenger={messenger} current={current} onRetry={onRetry} onDiscard={onDiscard} loadCredits={loadCredits} />
      )}

      <CrmFold subject={`${state.profileUrl} ${lead.id}`} load={() => messenger.send('crm-records', { tabId, leadId: lead.id })} />

      <Fold id="contacts" title={t('contactsTitle')} hint={contactsHint} open={contactsOpen} onToggle={setContactsOpen}>
        <ContactDetails contacts={state.contacts ?? []} enrichment={conversation ? state.enrichment : undefined} now={current} heading={false} />
      </Fold>

      {state.activity ? (
        <Fold id="activity" title={t('activity')} open={activityOpen} onToggle={setActivityOpen}>
          <Activity leadId={lead.id} recent={state.activity} loadPage={(skip, limit) => messenger.send('lead-activity', { leadId: lead.id, skip, limit })} />
        </Fold>
      ) : null}
    </div>
  );
}
