import type { Ref } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { NOTE_MAX_LENGTH, previewNote, type NoteMode } from '../../lib/inbox/note-rules';
import { formatNumber, formatTime } from '../format';
import { t, uiLocale } from '../i18n';
import { Button } from '../ui/Button';

export interface NoteEditorProps {
  conversationId: string;
  /** The note as the service will hold it once pending changes land. */
  note: string;
  now: () => number;
  /** Queues the change; resolves true when the background accepted it. */
  onSave: (mode: NoteMode, text: string) => Promise<boolean>;
  /** Receives the Note textarea, for the "focus the note" shortcut. */
  noteRef?: Ref<HTMLTextAreaElement>;
  disabled?: boolean;
  /** Changes whenever the user acts on the conversation otherwise: a "Saved" from before goes stale. */
  actionCount?: number;
  /**
   * How this conversation's note change stands in the outbox: `waiting` (an attempt failed: it is sent
   * when the service answers), `refused` (the outbox list says why), or landed/on its way.
   */
  outbox?: 'waiting' | 'refused' | null;
}

/**
 * The note with Save (replace) and Append. Beside each, a live counter to 1500 and, whenever the
 * service would not keep exactly what was typed, a preview computed by the very rules the service
 * applies (lib/inbox/note-rules), so what the user sees is what lands.
 */
export function NoteEditor({ conversationId, note, now, onSave, noteRef, disabled, actionCount = 0, outbox = null }: NoteEditorProps) {
  const [draft, setDraft] = useState(note);
  const [dirty, setDirty] = useState(false);
  const [appendText, setAppendText] = useState('');
  const [busy, setBusy] = useState<NoteMode | null>(null);
  const [saved, setSaved] = useState<NoteMode | null>(null);
  const lastConversation = useRef(conversationId);

  // Another conversation resets the editor; a new note from the service replaces an untouched draft.
  useEffect(() => {
    if (lastConversation.current !== conversationId) {
      lastConversation.current = conversationId;
      setDraft(note);
      setDirty(false);
      setAppendText('');
      setSaved(null);
    } else if (!dirty) {
      setDraft(note);
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
    const ok = await onSave(mode, text);
    setBusy(null);
    if (!ok) return;
    setSaved(mode);
    if (mode === 'replace') setDirty(false);
    else setAppendText('');
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
                setDirty(false);
              }}
            >
              {t('discardChanges')}
            </Button>
          ) : null}
          <span class="spacer" />
          {saved === 'replace' ? <SavedHint outbox={outbox} /> : null}
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
          {saved === 'append' ? <SavedHint outbox={outbox} /> : null}
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

/** Beside the button pressed: "Saved", or what is true while the change waits for the service. */
function SavedHint({ outbox }: { outbox: 'waiting' | 'refused' | null }) {
  if (outbox === 'refused') return null;
  return (
    <span class={`saved-hint${outbox === 'waiting' ? ' is-waiting' : ''}`} role="status">
      {t(outbox === 'waiting' ? 'noteWaiting' : 'noteQueued')}
    </span>
  );
}
