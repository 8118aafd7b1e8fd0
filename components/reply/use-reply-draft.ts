/**
 * The composer's draft, kept by the worker so that it outlives the panel: saved a moment after each
 * edit, at once when the composer goes or closes, and not at all once the reply is sent.
 */
import { useRef } from 'preact/hooks';
import type { ReplyChannel } from '../../lib/inbox/reply-rules';
import type { Messenger } from '../../lib/messages';

const DRAFT_SAVE_MS = 400;

export interface DraftFields {
  text: string;
  channel: ReplyChannel;
  subject: string;
}

export function useReplyDraft(messenger: Messenger, conversationId: string, current: DraftFields) {
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(current);
  latest.current = current;

  function flush() {
    if (saveTimer.current === null) return;
    clearTimeout(saveTimer.current);
    saveTimer.current = null;
    const d = latest.current;
    void messenger.send('reply-draft', { conversationId, draft: { text: d.text, channel: d.channel, ...(d.subject ? { subject: d.subject } : {}) } });
  }

  /** An edit: its fields are the draft's at once (the state that renders them comes a render later). */
  function schedule(next: Partial<DraftFields>) {
    latest.current = { ...latest.current, ...next };
    if (saveTimer.current !== null) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      saveTimer.current = setTimeout(() => undefined, 0);
      flush();
    }, DRAFT_SAVE_MS);
  }

  /** The reply went: the draft is the worker's to clear, nothing more is saved. */
  function cancel() {
    if (saveTimer.current !== null) clearTimeout(saveTimer.current);
    saveTimer.current = null;
  }

  return { flush, schedule, cancel };
}
