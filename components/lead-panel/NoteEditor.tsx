import type { Ref } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { NOTE_MAX_LENGTH, appendedTail, previewNote, type NoteMode } from '../../lib/inbox/note-rules';
import { itemProgress, type OutboxLists } from '../../lib/outbox-progress';
import { formatNumber, formatTime } from '../format';
import { t, uiLocale } from '../i18n';
import { Button } from '../ui/Button';
import { outboxStateText } from './OutboxList';

export interface NoteEditorProps {
  conversationId: string;
  /** The note as the service will hold it once pending changes land. */
  note: string;
  now: () => number;
  /** Queues the change; resolves to its outbox item's id when the background accepted it, else null. */
  onSave: (mode: NoteMode, text: string) => Promise<string | null>;
  /** Receives the Note textarea, for the "focus the note" shortcut. */
  noteRef?: Ref<HTMLTextAreaElement>;
  disabled?: boolean;
  /** Changes whenever the user acts on the conversation otherwise: a "Saved" from before goes stale. */
  actionCount?: number;
  /** The outbox lists as last pushed (a new object per push): "Saved" only once the change left them. */
  outbox?: OutboxLists | null;
}

/**
 * How an unsaved edit stands against the service's note: `unsaved`; `merged`, a line appended since
 * was added at its end (Save keeps it); `diverged`, the note changed otherwise meanwhile (Save
 * replaces that change: the editor shows it).
 */
type DraftState = 'unsaved' | 'merged' | 'diverged';

/**
 * The note with Save (replace) and Append. Beside each, a live counter to 1500 and, whenever the
 * service would not keep exactly what was typed, a preview computed by the very rules the service
 * applies (lib/inbox/note-rules), so what the user sees is what lands.
 */
export function NoteEditor({ conversationId, note, now, onSave, noteRef, disabled, actionCount = 0, outbox = null }: NoteEditorProps) {
  const [draft, setDraft] = useState(note);
  const [dirty, setDirty] = useState(false);
  /**
   * The service's note when the edit began, and what appends have added to it since, as carried at
   * the draft's end: an optimistic append is carried, then replaced by what the service stamped.
   */
  const [base, setBase] = useState({ origin: note, carried: '' });
  const [draftState, setDraftState] = useState<DraftState>('unsaved');
  const [appendText, setAppendText] = useState('');
  const [busy, setBusy] = useState<NoteMode | null>(null);
  const [saved, setSaved] = useState<{ mode: NoteMode; id: string; since: OutboxLists | null } | null>(null);
  const lastConversation = useRef(conversationId);

  // Another conversation resets the editor; a new note from the service replaces an untouched draft;
  // under an unsaved edit, a line appended meanwhile is added at the edit's end, so that Save keeps it.
  useEffect(() => {
    if (lastConversation.current !== conversationId) {
      lastConversation.current = conversationId;
      setDraft(note);
      setBase({ origin: note, carried: '' });
      setDirty(false);
      setDraftState('unsaved');
      setAppendText('');
      setSaved(null);
    } else if (!dirty || note === draft) {
      setDraft(note);
      setBase({ origin: note, carried: '' });
      setDirty(false);
      setDraftState('unsaved');
    } else if (note !== base.origin + base.carried) {
      const tail = appendedTail(base.origin, note);
      if (tail !== null && draft.endsWith(base.carried)) {
        setDraft(draft.slice(0, draft.length - base.carried.length) + tail);
        setBase({ origin: base.origin, carried: tail });
        setDraftState((s) => (s === 'diverged' ? s : 'merged'));
      } else {
        setDraftState('diverged');
      }
    }
  }, [conversationId, note]);

  useEffect(() => setSaved(null), [actionCount]);

  const at = new Date(now());
  const replacePreview = previewNote(note, draft, 'replace', at);
  const appendPreview = previewNote(note, appendText, 'append', at);
  const changed = draft !== note;

  async function submit(mode: NoteMode) {
    const text = mode === 'replace' ? draft : appendText;
    setBusy(mode);
    setSaved(null);
    const since = outbox;
    const id = await onSave(mode, text);
    setBusy(null);
    if (id === null) return;
    setSaved({ mode, id, since });
    if (mode === 'replace') {
      setDirty(false);
      setBase({ origin: text, carried: '' });
      setDraftState('unsaved');
    } else setAppendText('');
  }

  const over = draft.length > NOTE_MAX_LENGTH;

  return (
    <div class="note-editor stack">
      <div class="field">
        <div class="row">
          <label class="field-label" for="note-text">
            {t('noteLabel')}
          </label>
          <span class="spacer" />
          <span
            class={`counter ${over ? 'counter-over' : ''}`}
            data-testid="note-counter"
            aria-live="polite"
            aria-atomic="true"
          >
            {formatNumber(draft.length)} / {formatNumber(NOTE_MAX_LENGTH)}
            <span class="visually-hidden"> {t('charactersSuffix')}</span>
          </span>
        </div>
        <textarea
          id="note-text"
          ref={noteRef}
          class="textarea"
          rows={5}
          value={draft}
          disabled={disabled}
          aria-describedby={replacePreview.truncated ? 'note-replace-warning' : undefined}
          aria-invalid={over || undefined}
          onInput={(e) => {
            setDraft(e.currentTarget.value);
            setDirty(true);
            setSaved(null);
          }}
        />
        {changed ? <DraftNotice state={draftState} serviceNote={note} /> : null}
        {replacePreview.truncated ? (
          <NotePreview
            id="note-replace-warning"
            testId="note-preview-replace"
            title={t('notePreviewReplaceTitle')}
            warning={t('noteTruncatedEnd', formatNumber(replacePreview.removedChars))}
            text={replacePreview.note}
          />
        ) : null}
        <div class="row note-actions">
          <Button variant="primary" size="sm" onClick={() => void submit('replace')} disabled={disabled || !changed} busy={busy === 'replace'}>
            {t('saveNote')}
          </Button>
          {changed ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraft(note);
                setBase({ origin: note, carried: '' });
                setDirty(false);
                setDraftState('unsaved');
              }}
            >
              {t('discardChanges')}
            </Button>
          ) : null}
          <span class="spacer" />
          {saved?.mode === 'replace' ? <SavedHint saved={saved} outbox={outbox} testId="note-save-state" /> : null}
        </div>
      </div>

      <div class="field">
        <div class="row">
          <label class="field-label" for="note-append">
            {t('appendLabel')}
          </label>
          <span class="spacer" />
          {appendText ? (
            <span
              class={`counter ${appendPreview.truncated ? 'counter-over' : ''}`}
              data-testid="append-counter"
              aria-live="polite"
              aria-atomic="true"
            >
              {formatNumber(appendPreview.length)} / {formatNumber(NOTE_MAX_LENGTH)}
              <span class="visually-hidden"> {t('charactersAfterAppend')}</span>
            </span>
          ) : null}
        </div>
        <textarea
          id="note-append"
          class="textarea"
          rows={2}
          value={appendText}
          disabled={disabled}
          placeholder={t('appendPlaceholder')}
          aria-describedby={appendText ? 'note-append-preview' : undefined}
          onInput={(e) => {
            setAppendText(e.currentTarget.value);
            setSaved(null);
          }}
        />
        {appendText ? (
          <NotePreview
            id="note-append-preview"
            testId="note-preview-append"
            title={t('notePreviewAppendTitle')}
            warning={appendPreview.truncated ? t('noteTruncatedStart', formatNumber(appendPreview.removedChars)) : null}
            text={appendPreview.note}
            scrollToEnd
          />
        ) : null}
        {appendText ? (
          <p class="field-hint" data-testid="note-utc-hint">
            {t('noteStampUtc', formatTime(at.getTime(), uiLocale(), 'UTC'), formatTime(at.getTime()))}
          </p>
        ) : null}
        <div class="row note-actions">
          <Button size="sm" onClick={() => void submit('append')} disabled={disabled || appendText.trim() === ''} busy={busy === 'append'}>
            {t('append')}
          </Button>
          <span class="spacer" />
          {saved?.mode === 'append' ? <SavedHint saved={saved} outbox={outbox} testId="note-append-state" /> : null}
        </div>
      </div>
    </div>
  );
}

function NotePreview({ id, testId, title, warning, text, scrollToEnd }: { id: string; testId: string; title: string; warning: string | null; text: string; scrollToEnd?: boolean }) {
  const box = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (scrollToEnd && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [text, scrollToEnd]);
  return (
    <div class="note-preview" id={id} role="region" aria-label={title}>
      <div class="note-preview-head">
        <span class="section-label">{title}</span>
        {warning ? <span class="note-preview-warning">{warning}</span> : null}
      </div>
      <pre ref={box} class="note-preview-text" data-testid={testId} tabIndex={0}>
        {text}
      </pre>
    </div>
  );
}

/** An unsaved edit, said plainly; what changed on the service meanwhile, shown rather than overwritten unseen. */
function DraftNotice({ state, serviceNote }: { state: DraftState; serviceNote: string }) {
  return (
    <div class={`note-draft${state === 'diverged' ? ' is-diverged' : ''}`} data-testid="note-draft-state" role="status">
      <p class={state === 'unsaved' ? 'field-hint' : state === 'diverged' ? 'notice notice-warning' : 'notice'}>
        {t(state === 'merged' ? 'noteDraftMerged' : state === 'diverged' ? 'noteDraftDiverged' : 'noteDraftUnsaved')}
      </p>
      {state === 'diverged' ? <NotePreview id="note-service" testId="note-service" title={t('noteServiceTitle')} warning={null} text={serviceNote} /> : null}
    </div>
  );
}

/**
 * Beside the button pressed: "Saved" once the change left the outbox; until then the very words of
 * the pending list ("Not saved yet: waiting to be sent"); nothing when refused (the list says why).
 */
function SavedHint({ saved, outbox, testId }: { saved: { id: string; since: OutboxLists | null }; outbox: OutboxLists | null; testId: string }) {
  const progress = itemProgress(saved.id, outbox, saved.since);
  if (progress.kind === 'refused') return null;
  const landed = progress.kind === 'landed';
  return (
    <span class={`saved-hint${landed ? '' : ' is-waiting'}`} role="status" data-testid={testId}>
      {landed ? t('noteQueued') : t('noteNotSavedYet', progress.kind === 'listed' ? outboxStateText(progress.item) : t('outboxSending'))}
    </span>
  );
}
