import type { Ref } from 'preact';
import { t } from '../i18n';
import { Button } from '../ui/Button';

export interface NoteAppendProps {
  /** Whose note the text is appended to (null: the lead is not named). */
  name: string | null;
  text: string;
  textRef: Ref<HTMLTextAreaElement>;
  onText(text: string): void;
  onAppend(): void;
  /** Escape: back to the row. */
  onLeave(): void;
}

/** The focused row's note append (`n` focuses it; Ctrl+Enter appends). */
export function NoteAppend({ name, text, textRef, onText, onAppend, onLeave }: NoteAppendProps) {
  return (
    <div class="inbox-note card card-body stack">
      <label class="section-label" for="inbox-note">
        {t('inboxAppendTo', name ?? t('inboxUnknownLead'))}
      </label>
      <textarea
        id="inbox-note"
        aria-describedby="inbox-note-hint"
        ref={textRef}
        rows={2}
        value={text}
        onInput={(e) => onText((e.target as HTMLTextAreaElement).value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onAppend();
          if (e.key === 'Escape') onLeave();
        }}
      />
      <div class="row">
        <span class="muted small" id="inbox-note-hint">
          {t('inboxNoteHint')}
        </span>
        <span class="spacer" />
        <Button variant="primary" size="sm" disabled={text.trim() === ''} onClick={onAppend}>
          {t('inboxAppend')}
        </Button>
      </div>
    </div>
  );
}
