/**
 * What the user chose on "This page": who is checked (each person's default until they change it: the
 * non-leads, never a lead, nor a person the latest batch already took), the facts they corrected, and,
 * since a selection spans a search's pages (issue 43), every person seen on the list's pages as their
 * row last showed them. A new list starts a new selection; another page of the same list keeps it.
 */
import { listAddress, resultsPageNumber } from '../../lib/pronet/search-address';
// Types only: the extension pages carry no zod (the schemas of lib/views stay in the worker).
import type { PageSelection, PagePersonFacts, PagePersonView, PersonResult } from '../../lib/views';
import { SELECTION_SEEN_MAX } from '../../lib/views/this-page-limits';

/** A person of the list, as their row last showed them, and the results page they were on. */
export type SeenPerson = PagePersonView & { page: number };

export interface Selection {
  /** The list (its address without its page number); null before any page. */
  list: string | null;
  /** Checks the user set, by profile. */
  checked: ReadonlyMap<string, boolean>;
  /** Facts the user corrected, by profile. */
  edits: ReadonlyMap<string, PagePersonFacts>;
  /** The list's people seen so far, by profile. */
  seen: ReadonlyMap<string, SeenPerson>;
}

export const EMPTY_SELECTION: Selection = { list: null, checked: new Map(), edits: new Map(), seen: new Map() };

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

/**
 * The tab shows a page of a list: another page of the same list adds its people to those seen (their
 * rows as shown now, on the page they were first seen on), another list starts afresh. The same
 * selection back when nothing changed.
 */
export function onPage(s: Selection, pageUrl: string, people: readonly PagePersonView[]): Selection {
  const list = listAddress(pageUrl);
  const page = resultsPageNumber(pageUrl);
  const fresh = s.list !== list;
  const seen = new Map(fresh ? [] : s.seen);
  let changed = fresh;
  for (const p of people) {
    const before = seen.get(p.profileUrl);
    // A person keeps the page they were first seen on: a page that swaps its results in place (as
    // the network does) may be read once more under the next page's address before the swap.
    const next: SeenPerson = { ...p, page: before?.page ?? page };
    if (before && JSON.stringify(before) === JSON.stringify(next)) continue;
    seen.set(p.profileUrl, next);
    changed = true;
  }
  if (!changed) return s;
  const base = fresh ? { ...EMPTY_SELECTION, list } : s;
  return { ...base, seen: withinCap(base, seen, page) };
}

/** Over the cap, the people of other pages that are not checked are forgotten first, oldest first. */
function withinCap(s: Selection, seen: Map<string, SeenPerson>, page: number): Map<string, SeenPerson> {
  for (const [url, p] of seen) {
    if (seen.size <= SELECTION_SEEN_MAX) break;
    if (p.page !== page && !isChecked(s, p)) seen.delete(url);
  }
  return seen;
}

/** The worker's word on each person of the tab's latest batch (`BatchView.results`), by profile. */
export type BatchResults = ReadonlyMap<string, PersonResult>;

/**
 * The list's people as last seen, each with the latest batch's result for them: a person of another
 * page that a press took is no longer addable, though their row there was seen before the press.
 */
export function seenNow(s: Selection, batch: BatchResults = new Map()): SeenPerson[] {
  return [...s.seen.values()].map((p) => {
    const result = batch.get(p.profileUrl);
    return result === undefined || result === p.result ? p : { ...p, result };
  });
}

/** Every person the press sends, over the list's pages, in page order. */
export function chosenAcrossPages(s: Selection, batch?: BatchResults): ({ url: string; page: number } & PagePersonFacts)[] {
  return seenNow(s, batch)
    .filter((p) => isChecked(s, p))
    .sort((a, b) => a.page - b.page)
    .map((p) => ({ url: p.profileUrl, page: p.page, ...factsOf(s, p) }));
}

/** The pages the chosen people are on, in order. */
export function pagesOf(picked: readonly { page: number }[]): number[] {
  return [...new Set(picked.map((p) => p.page))].sort((a, b) => a - b);
}

/** Nobody checked, on any page (the facts corrected stay). */
export function clearAll(s: Selection): Selection {
  return setAll(s, [...s.seen.values()], false);
}

/** The people a press took are no longer chosen (their rows on other pages still show them as before). */
export function taken(s: Selection, urls: readonly string[]): Selection {
  const checked = new Map(s.checked);
  for (const url of urls) checked.set(url, false);
  return { ...s, checked };
}

/** As the worker keeps it. */
export function toSaved(s: Selection): PageSelection | null {
  if (s.list === null) return null;
  return { list: s.list, checked: [...s.checked], edits: [...s.edits], seen: [...s.seen.values()] };
}

export function fromSaved(saved: PageSelection): Selection {
  return { list: saved.list, checked: new Map(saved.checked), edits: new Map(saved.edits), seen: new Map(saved.seen.map((p) => [p.profileUrl, p])) };
}
