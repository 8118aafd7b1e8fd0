/**
 * The reply picker's state, pure: what it offers for the composer's channel (the campaign's steps of
 * that channel, then the user's snippets), what a pick puts into the box (filled, at the caret, the
 * user's text kept), what still blocks Send, and how the arrow keys move through the entries.
 */
import type { ReplyTemplatesView } from '../views';
import { fillPlaceholders, unfilledPlaceholders, type MergeFields } from './placeholders';
import type { ReplyChannel } from './reply-rules';

export interface PickerEntry {
  kind: 'template' | 'snippet';
  id: string;
  /** Snippet: its name; template: null (the step number says which). */
  name: string | null;
  /** A template's step, from 1. */
  step: number | null;
  paused: boolean;
  /** The first words, filled, on one line. */
  preview: string;
  text: string;
  subject: string;
}

export interface PickerOffer {
  templates: PickerEntry[];
  snippets: PickerEntry[];
}

const PREVIEW_MAX = 70;

function preview(text: string, fields: MergeFields): string {
  const line = fillPlaceholders(text, fields, 'text').text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_MAX ? `${line.slice(0, PREVIEW_MAX - 1).trimEnd()}…` : line;
}

export function pickerOffer(view: ReplyTemplatesView | null, channel: ReplyChannel): PickerOffer {
  if (!view) return { templates: [], snippets: [] };
  const templates = view.templates
    .filter((t) => t.channel === channel)
    .map((t): PickerEntry => ({ kind: 'template', id: t.id, name: null, step: t.order + 1, paused: !t.active, preview: preview(t.text, view.fields), text: t.text, subject: t.subject }));
  const snippets = view.snippets.map((s): PickerEntry => ({ kind: 'snippet', id: s.id, name: s.name, step: null, paused: false, preview: preview(s.text, view.fields), text: s.text, subject: '' }));
  return { templates, snippets };
}

export interface Selection {
  start: number;
  end: number;
}

export interface Picked {
  text: string;
  /** Where the caret goes: after what was put in. */
  caret: number;
  /** An email template's subject, filled, when the reply needs one and has none yet. */
  subject?: string;
}

/**
 * A pick, filled with the fields, put in place of the selection (at the caret; the whole box when it
 * is empty or blank). Unfillable placeholders stay in the text as written.
 */
export function applyPick(entry: PickerEntry, fields: MergeFields, current: { text: string; selection: Selection; subject: string; needsSubject: boolean }): Picked {
  const piece = fillPlaceholders(entry.text, fields, 'text').text;
  const { text, selection } = current;
  let out: Picked;
  if (text.trim() === '') out = { text: piece, caret: piece.length };
  else {
    const start = Math.max(0, Math.min(selection.start, text.length));
    const end = Math.max(start, Math.min(selection.end, text.length));
    out = { text: text.slice(0, start) + piece + text.slice(end), caret: start + piece.length };
  }
  if (current.needsSubject && current.subject.trim() === '' && entry.subject !== '') out.subject = fillPlaceholders(entry.subject, fields, 'text').text;
  return out;
}

/** The placeholders that block Send: in the text, and in the subject when one is sent. */
export function unfilledOfReply(text: string, subject: string | null): string[] {
  return unfilledPlaceholders(subject ? `${text}\n${subject}` : text);
}

/** The entry the arrow keys lead to from `index` (of `count`), or null for any other key. */
export function pickerMove(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export interface TypedFill {
  text: string;
  /** The subject filled (null when none is sent). */
  subject: string | null;
  /** What still blocks Send: the placeholders no field fills. */
  unfilled: string[];
}

/**
 * A reply as typed, filled by the same rule as a pick (issue 34: a typed `{{firstname}}` went out
 * unfilled, or blocked Send, though the panel knew the name). Fields not known yet: nothing is filled.
 */
export function fillTyped(text: string, subject: string | null, fields: MergeFields | null): TypedFill {
  if (!fields) return { text, subject, unfilled: unfilledOfReply(text, subject) };
  const body = fillPlaceholders(text, fields, 'text');
  const head = subject ? fillPlaceholders(subject, fields, 'text') : null;
  return { text: body.text, subject: head ? head.text : subject, unfilled: unfilledOfReply(body.text, head ? head.text : null) };
}
