/**
 * What the user chose on "This page": who is checked (each person's default until they change it: the
 * non-leads, never a lead, nor a person the latest batch already took), and the facts they corrected.
 */
// Types only: the extension pages carry no zod (the schemas of lib/views stay in the worker).
import type { PagePersonFacts, PagePersonView } from '../../lib/views';

export interface Selection {
  /** Checks the user set, by profile. */
  checked: ReadonlyMap<string, boolean>;
  /** Facts the user corrected, by profile. */
  edits: ReadonlyMap<string, PagePersonFacts>;
}

export const EMPTY_SELECTION: Selection = { checked: new Map(), edits: new Map() };

/** Whether a person may be added now: not a lead by address, and not already in the latest batch's work. */
export function addable(p: PagePersonView): boolean {
  if (p.badge?.kind === 'lead') return false;
  return p.result === undefined || p.result === 'refused' || p.result === 'skipped' || p.result === 'removed';
}

/** Who is checked when the page's people first show: every non-lead; a lead never, an unknown not. */
export function selectedByDefault(p: Pick<PagePersonView, 'badge' | 'result'>): boolean {
  return p.badge?.kind === 'no-lead' && p.result === undefined;
}

export function isChecked(s: Selection, p: PagePersonView): boolean {
  if (!addable(p)) return false;
  return s.checked.get(p.profileUrl) ?? selectedByDefault(p);
}

export function setChecked(s: Selection, profileUrl: string, on: boolean): Selection {
  return { ...s, checked: new Map(s.checked).set(profileUrl, on) };
}

/** Select all / none: every person that may be added. */
export function setAll(s: Selection, people: readonly PagePersonView[], on: boolean): Selection {
  const checked = new Map(s.checked);
  for (const p of people) if (addable(p)) checked.set(p.profileUrl, on);
  return { ...s, checked };
}

export function edit(s: Selection, profileUrl: string, facts: PagePersonFacts): Selection {
  return { ...s, edits: new Map(s.edits).set(profileUrl, facts) };
}

/** The person's facts as the user left them. */
export function factsOf(s: Selection, p: PagePersonView): PagePersonFacts {
  return s.edits.get(p.profileUrl) ?? { ...(p.name ? { name: p.name } : {}), ...(p.title ? { title: p.title } : {}), ...(p.company ? { company: p.company } : {}) };
}

/** The people the press sends, in page order, with the facts as corrected. */
export function chosen(s: Selection, people: readonly PagePersonView[]): ({ url: string } & PagePersonFacts)[] {
  return people.filter((p) => isChecked(s, p)).map((p) => ({ url: p.profileUrl, ...factsOf(s, p) }));
}
