/** What opens under a queue row: its note box (`n`) and its reply box (`r`), and their state. */
import type { Ref, VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { InboxRowView, OutboxItemView } from '../../lib/views';
import { t } from '../i18n';
import { ReplyComposer } from '../reply/ReplyComposer';
import { NoteAppend } from './NoteAppend';

export interface RowBoxesProps {
  row: InboxRowView;
  /** The note box is open under this row, with the text typed so far. */
  note: { text: string; textRef: Ref<HTMLTextAreaElement>; onText(text: string): void; onAppend(): void; onLeave(): void } | null;
  /** The reply box is open under this row. */
  reply: { messenger: Messenger; outbox: readonly OutboxItemView[]; now: () => number; onClose(): void; onReplied(queued: boolean, text?: string): void } | null;
}

export function RowBoxes({ row, note, reply }: RowBoxesProps) {
  if (!note && !reply) return null;
  const name = row.name ?? t('inboxUnknownLead');
  return (
    <>
      {note ? <NoteAppend name={row.name} text={note.text} textRef={note.textRef} onText={note.onText} onAppend={note.onAppend} onLeave={note.onLeave} /> : null}
      {reply ? (
        <section class="inbox-reply card card-body stack" aria-label={t('replyTo', name)}>
          <span class="section-label">{t('replyTo', name)}</span>
          <ReplyComposer
            key={row.conversationId}
            conversationId={row.conversationId}
            leadId={row.leadId}
            messenger={reply.messenger}
            items={reply.outbox}
            now={reply.now}
            autoFocus
            onClose={reply.onClose}
            onReplied={reply.onReplied}
          />
        </section>
      ) : null}
    </>
  );
}

export interface RowBoxesDeps {
  messenger: Messenger;
  outbox: readonly OutboxItemView[];
  now: () => number;
  /** The rows as shown (the focused row first among them for the keys). */
  rows: readonly InboxRowView[];
  focusIndex: number;
  focusRow(index: number): void;
  setFocusId(id: string): void;
  toast(text: string): void;
  /** A reply to the row was queued (true) or taken back (false). */
  replied(row: InboxRowView, queued: boolean, text?: string): void;
  /** The conversation whose reply box is open (`r` on a row), kept by the view: a replied row stays while it is. */
  replyId: string | null;
  setReplyId(id: string | null): void;
}

/** The open note and reply boxes of the queue (one of each at most), and what renders under a row. */
export function useRowBoxes(deps: RowBoxesDeps): { focusNote(row: InboxRowView | undefined): void; openReply(row: InboxRowView): void; below(row: InboxRowView): VNode } {
  const { messenger, rows, focusIndex, focusRow } = deps;
  const [note, setNote] = useState('');
  /** The conversation whose note box is open under its row (`n` on a row). */
  const [noteId, setNoteId] = useState<string | null>(null);
  const { replyId, setReplyId } = deps;
  const noteRef = useRef<HTMLTextAreaElement>(null);

  function focusNote(row: InboxRowView | undefined) {
    if (!row) return;
    deps.setFocusId(row.conversationId);
    // The box opens under its row (the list stays where it is); the text typed so far goes with it.
    setNoteId(row.conversationId);
    if (noteId === row.conversationId) noteRef.current?.focus();
  }

  // The note box takes the focus once it is under its row.
  useEffect(() => {
    if (noteId !== null) noteRef.current?.focus();
  }, [noteId]);

  async function appendNote() {
    const row = rows.find((r) => r.conversationId === noteId);
    const text = note.trim();
    if (!row || text === '') return;
    const reply = await messenger.send('save-note', { conversationId: row.conversationId, leadId: row.leadId, mode: 'append', text });
    if (reply.ok) {
      setNote('');
      setNoteId(null);
      deps.toast(t('inboxNoteAppended', row.name ?? t('inboxUnknownLead')));
      focusRow(focusIndex);
    } else deps.toast(t('inboxActionFailed'));
  }

  const below = (row: InboxRowView) => (
    <RowBoxes
      row={row}
      note={
        row.conversationId === noteId
          ? {
              text: note,
              textRef: noteRef,
              onText: setNote,
              onAppend: () => void appendNote(),
              onLeave: () => {
                setNoteId(null);
                focusRow(rows.indexOf(row));
              },
            }
          : null
      }
      reply={
        row.conversationId === replyId
          ? {
              messenger,
              outbox: deps.outbox,
              now: deps.now,
              onClose: () => {
                setReplyId(null);
                focusRow(focusIndex);
              },
              onReplied: (queued, text) => deps.replied(row, queued, text),
            }
          : null
      }
    />
  );

  return { focusNote, openReply: (row) => setReplyId(row.conversationId), below };
}
