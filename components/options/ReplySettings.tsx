import { useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { ReplyMembersView, SettingsView } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { ErrorMessage } from '../ui/ErrorMessage';

export interface ReplySettingsProps {
  settings: SettingsView;
  messenger: Messenger;
  onSettings: (settings: SettingsView) => void;
}

/** Replies: the undo window after Send, and "I am" (the member pronet messages are sent by, per key). */
export function ReplySettings({ settings, messenger, onSettings }: ReplySettingsProps) {
  const [members, setMembers] = useState<ReplyMembersView | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  /** A value out of range, refused and said so (the field keeps what was typed; the setting its value). */
  const [undoRefused, setUndoRefused] = useState<string | null>(null);
  const keySet = settings.key.set;
  useEffect(() => {
    if (!keySet) return;
    void messenger.send('reply-members', {}).then((reply) => {
      if (reply.ok) setMembers(reply.value);
      else setError(errorText(reply.error));
    });
  }, [messenger, keySet]);

  async function setUndo(typed: string) {
    const value = Number(typed);
    if (typed.trim() === '' || !Number.isInteger(value) || value < 0 || value > 30) {
      setUndoRefused(typed);
      return;
    }
    setUndoRefused(null);
    const reply = await messenger.send('settings-set', { patch: { replyUndoSeconds: value } });
    if (reply.ok) onSettings(reply.value);
    else setError(errorText(reply.error));
  }

  async function setMember(memberId: string) {
    if (!memberId) return;
    const reply = await messenger.send('reply-member-set', { memberId });
    if (reply.ok) setMembers((m) => (m ? { ...m, memberId } : m));
    else setError(errorText(reply.error));
  }

  return (
    <div class="stack" style={{ gap: '6px', marginTop: 'var(--space-2)' }} role="group" aria-labelledby="reply-settings-label">
      <span class="field-label" id="reply-settings-label">
        {t('optionsReplyTitle')}
      </span>
      <label class="field-hint" for="reply-undo-seconds">
        {t('optionsReplyUndo')}
      </label>
      <input
        id="reply-undo-seconds"
        class="input"
        type="number"
        min={0}
        max={30}
        step={1}
        style={{ maxWidth: '8em' }}
        value={undoRefused ?? settings.replyUndoSeconds}
        aria-invalid={undoRefused !== null || undefined}
        aria-describedby={undoRefused !== null ? 'reply-undo-error' : undefined}
        onChange={(e) => void setUndo(e.currentTarget.value)}
      />
      {undoRefused !== null ? (
        <p class="field-error" id="reply-undo-error" role="alert">
          {t('optionsReplyUndoRefused', undoRefused, String(settings.replyUndoSeconds))}
        </p>
      ) : null}
      {members ? (
        <>
          <label class="field-hint" for="reply-i-am">
            {t('optionsIAm')}
          </label>
          <select id="reply-i-am" class="select" value={members.memberId ?? ''} onChange={(e) => void setMember(e.currentTarget.value)}>
            <option value="">{t('optionsIAmUnset')}</option>
            {members.members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {error ? (
        <p class="field-error" role="alert">
          <ErrorMessage text={error} />
        </p>
      ) : null}
    </div>
  );
}
